/**
 * One app config served through every integration, each driven the way its framework drives it: a browser's
 * web Request goes in, the Response the browser would get comes out. The attack suites send the same hostile
 * request through all of them, because a translation layer that drops or rewrites a header (Origin,
 * Sec-Fetch-Site, Cookie) would silently switch a check off.
 * - core: `Auth` itself;
 * - Next App Router: the route handlers with a NextRequest; Next Pages Router: `pagesApiRoute` on a real
 *   Node HTTP server;
 * - SvelteKit: the `handle` hook with a RequestEvent (test/runtime/sveltekit/event.ts);
 * - Express 5: `ExpressAuth` mounted on a real app listening on loopback;
 * - Fastify 5: `FastifyAuth` registered under its prefix on a real app listening on loopback;
 * - Nuxt: `NuxtAuth`'s handler as `server/routes/auth/[...].ts` on an h3 1.15 app (Nitro 2's server) on loopback;
 * - React Router 7: the auth splat resource route in React Router's own request handler, on loopback;
 * - Astro 7: `AstroAuth`'s route handlers run by Astro's own request pipeline in process (its container API,
 *   which builds the APIContext as the server does; test/runtime/astro.test.ts drives a built app's server);
 * - SolidStart: the catch-all API route's handlers with an API event;
 * - Qwik City: the config as `onRequest` builds it (Qwik's `setEnvDefaults` through an env getter) handed to
 *   `Auth`, which is all `onRequest` does for an auth endpoint. `auth.qwik.ts` itself needs the optimizer's
 *   virtual `@qwik-city-plan` module, which only the e2e build has.
 */
// Before anything loads Next: its request-scope storage takes AsyncLocalStorage from this when first loaded,
// and the unit project shares modules between files (isolate: false), so next.test.ts depends on it too.
import "next/dist/server/node-environment-baseline.js";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { experimental_AstroContainer as AstroContainer } from "astro/container";
import express from "express";
import Fastify from "fastify";
import { createApp, createRouter, defineEventHandler, toNodeListener } from "h3";
import { NextRequest } from "next/server.js";
import { AstroAuth } from "../../../src/runtime/astro.js";
import { ExpressAuth } from "../../../src/runtime/express.js";
import { FastifyAuth } from "../../../src/runtime/fastify.js";
import { Auth } from "../../../src/runtime/index.js";
import NextAuth, { pagesApiRoute } from "../../../src/runtime/next.js";
import { NuxtAuth } from "../../../src/runtime/nuxt.js";
import { setEnvDefaults as setQwikEnvDefaults } from "../../../src/runtime/qwik/env.js";
import { ReactRouterAuth } from "../../../src/runtime/react-router.js";
import { SolidAuth } from "../../../src/runtime/solid-start.js";
import { createSvelteKitAuth } from "../../../src/runtime/sveltekit/auth.js";
import type { AuthConfig } from "../../../src/runtime/types.js";
import { ORIGIN } from "../../runtime/core/support.js";
import { serve as serveReactRouter, serverBuild } from "../../runtime/support/react-router-app.js";
import { appResolver, requestEvent } from "../../runtime/sveltekit/event.js";

export interface App {
  name: string;
  /** The app's origin, as the browser sees it. */
  origin: string;
  /** Where the auth routes live. */
  basePath: string;
  /** One browser request in, the browser's response out (redirects not followed). */
  send(request: Request): Promise<Response>;
  close(): Promise<void>;
}

/** The app's config without a base path: each integration puts its own default there. */
export type AppConfig = Omit<AuthConfig, "basePath" | "raw">;

/** A web Request re-sent to a real server over loopback, headers and body unchanged. */
async function overHttp(request: Request): Promise<Response> {
  const body = request.method === "GET" ? undefined : await request.arrayBuffer();
  return fetch(request.url, { method: request.method, headers: request.headers, body, redirect: "manual" });
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

function closing(server: Server): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

const done = async () => {};

export type AppName =
  | "core"
  | "next"
  | "next-pages"
  | "sveltekit"
  | "express"
  | "fastify"
  | "nuxt"
  | "react-router"
  | "solid-start"
  | "qwik"
  | "astro";
export const APP_NAMES: AppName[] = [
  "core",
  "next",
  "next-pages",
  "sveltekit",
  "express",
  "fastify",
  "nuxt",
  "react-router",
  "solid-start",
  "qwik",
  "astro",
];

/** Starts `name` with a fresh copy of `config` (each integration may fill its copy in place). */
export async function startApp(name: AppName, config: () => AppConfig): Promise<App> {
  switch (name) {
    case "core": {
      const core = { ...config(), basePath: "/auth" };
      return { name, origin: ORIGIN, basePath: "/auth", send: (request) => Auth(request, core), close: done };
    }
    case "next": {
      const { handlers } = NextAuth({ ...config() });
      return {
        name: "Next (App Router)",
        origin: ORIGIN,
        basePath: "/api/auth",
        send: (request) => (request.method === "POST" ? handlers.POST : handlers.GET)(new NextRequest(request)),
        close: done,
      };
    }
    case "next-pages": {
      const apiRoute = pagesApiRoute(NextAuth({ ...config() }).handlers);
      const server = createServer((req, res) => void apiRoute(req, res));
      // Browsed as localhost: NextRequest renames a 127.0.0.1 host to localhost, so the core would see another
      // origin than a browser on 127.0.0.1 sends (reported: such POSTs are refused as cross-origin).
      const origin = (await listen(server)).replace("127.0.0.1", "localhost");
      return { name: "Next (Pages Router)", origin, basePath: "/api/auth", send: overHttp, close: closing(server) };
    }
    case "sveltekit": {
      const auth = createSvelteKitAuth({ ...config() }, () => ({}));
      return {
        name: "SvelteKit",
        origin: ORIGIN,
        basePath: "/auth",
        async send(request) {
          // Over HTTP a request always has a Host header; a Request built in a test has none.
          const headers = new Headers(request.headers);
          headers.set("host", new URL(request.url).host);
          const withHost = new Request(request, { headers });
          const { event } = requestEvent(withHost);
          return auth.handle({ event, resolve: appResolver().resolve });
        },
        close: done,
      };
    }
    case "express": {
      const app = express();
      app.use("/auth", ExpressAuth({ ...config() }));
      const server = createServer(app);
      const origin = await listen(server);
      return { name: "Express", origin, basePath: "/auth", send: overHttp, close: closing(server) };
    }
    case "fastify": {
      const app = Fastify();
      await app.register(FastifyAuth({ ...config() }), { prefix: "/auth" });
      const origin = await app.listen({ port: 0, host: "127.0.0.1" });
      return { name: "Fastify", origin, basePath: "/auth", send: overHttp, close: () => app.close() };
    }
    case "nuxt": {
      const app = createApp();
      app.use(
        createRouter({ preemptive: true }).use("/auth/**", defineEventHandler(NuxtAuth({ ...config() }).handler)),
      );
      const server = createServer(toNodeListener(app));
      const origin = await listen(server);
      return { name: "Nuxt", origin, basePath: "/auth", send: overHttp, close: closing(server) };
    }
    case "react-router": {
      const auth = ReactRouterAuth({ ...config() });
      const routes = {
        root: { path: "", module: {} },
        "routes/auth.$": { path: "auth/*", parentId: "root", module: { loader: auth.loader, action: auth.action } },
      };
      const { origin, server } = await serveReactRouter(serverBuild(routes));
      return { name: "React Router", origin, basePath: "/auth", send: overHttp, close: closing(server) };
    }
    case "solid-start": {
      const { GET, POST } = SolidAuth({ ...config() });
      return {
        name: "SolidStart",
        origin: ORIGIN,
        basePath: "/api/auth",
        async send(request) {
          const response = await (request.method === "POST" ? POST : GET)({ request });
          if (!response) throw new Error(`SolidAuth left ${request.url} to the app`);
          return response;
        },
        close: done,
      };
    }
    case "astro": {
      const { GET, POST } = AstroAuth({ ...config() });
      const container = await AstroContainer.create();
      // An endpoint module, which the container types as a component (its renderToResponse takes both).
      const route = { GET, POST } as unknown as Parameters<typeof container.renderToResponse>[0];
      return {
        name: "Astro",
        origin: ORIGIN,
        basePath: "/auth",
        send: (request) => container.renderToResponse(route, { routeType: "endpoint", request }),
        close: done,
      };
    }
    case "qwik": {
      const qwik: AuthConfig = { ...config() };
      setQwikEnvDefaults({ get: () => undefined }, qwik);
      return {
        name: "Qwik City",
        origin: ORIGIN,
        basePath: "/auth",
        send: (request) => Auth(request, qwik),
        close: done,
      };
    }
  }
}
