/**
 * A React Router 7 app for the integration's tests, served as a production server serves one: React Router's
 * own request handler (`createRequestHandler` from react-router) over a server build listing the routes a
 * generated app has (the root, the auth splat resource route, page routes with loaders and actions, API
 * resource routes), in front of Node's HTTP server on loopback with the small Node↔web translation an
 * adapter makes. The browser's side is the shared loopback helper (support/loopback.ts).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { createRequestHandler, data, type ServerBuild } from "react-router";
import type { ReactRouterAuth } from "../../../src/runtime/react-router.js";

/** A route module as an app's file exports it: any of a component, a loader, an action, middleware. */
type RouteModule = Partial<NonNullable<ServerBuild["routes"][string]>["module"]> & { middleware?: unknown[] };
type RouteArgs = { request: Request; params: Record<string, string | undefined> };

interface RouteSpec {
  path?: string;
  parentId?: string;
  module: RouteModule;
}

/** A page component: React Router routes a request to a route with one as a document (or data) request. */
const Page = () => null;

/** React Router's server build as `react-router build` emits it, for these routes. */
export interface BuildOptions {
  future?: Partial<ServerBuild["future"]>;
  /** Receives what a loader or action threw, as an app's `handleError` export would. */
  onError?: (error: unknown) => void;
  /** The document's body from the loaders' data (default: that data as JSON, for the tests to read). */
  render?: (loaderData: Record<string, unknown>) => string;
}

export function serverBuild(routes: Record<string, RouteSpec>, options: BuildOptions = {}): ServerBuild {
  const { future = {}, onError = () => {} } = options;
  const render = options.render ?? ((loaderData) => `<pre>${JSON.stringify(loaderData)}</pre>`);
  const manifest: ServerBuild["routes"] = {};
  const assets: ServerBuild["assets"]["routes"] = {};
  for (const [id, { path, parentId, module }] of Object.entries(routes)) {
    manifest[id] = { id, path, parentId, module } as ServerBuild["routes"][string];
    assets[id] = {
      id,
      path,
      parentId,
      module: "",
      hasAction: Boolean(module.action),
      hasLoader: Boolean(module.loader),
      hasClientAction: false,
      hasClientLoader: false,
      hasClientMiddleware: false,
      hasErrorBoundary: false,
    } as ServerBuild["assets"]["routes"][string];
  }
  return {
    ssr: true,
    future: { v8_middleware: false, unstable_subResourceIntegrity: false, ...future } as ServerBuild["future"],
    prerender: [],
    isSpaMode: false,
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    assetsBuildDirectory: "",
    publicPath: "/",
    assets: { entry: { imports: [], module: "" }, routes: assets, url: "", version: "test" },
    entry: {
      module: {
        // The document: the loaders' data as the page would render it (no React render needed to read it).
        default: async (_request, status, headers, context) => {
          headers.set("Content-Type", "text/html; charset=utf-8");
          const body = render(context.staticHandlerContext.loaderData as Record<string, unknown>);
          return new Response(`<!doctype html>${body}`, { status, headers });
        },
        // What React Router logs of an error a loader or action threw (the app's `handleError` export).
        handleError: (error) => onError(error),
      },
    },
    routes: manifest,
  } as ServerBuild;
}

export interface AppOptions {
  /**
   * How the routes send the cookies of their session reads: the root route's `middleware = [auth.middleware]`
   * (the build then enables `future.v8_middleware`), `sessionHeaders(request)` in each loader (the default), or
   * not at all (an app that forgot).
   */
  writeBack?: "middleware" | "headers" | "none";
  /** React Router 8's request: loaders see the `.data` URL itself (`future.v8_passThroughRequests`). */
  passThroughRequests?: boolean;
  /** Where the auth resource route lives (its splat route's path). */
  authPath?: string;
  /** Receives what a loader or action threw, as an app's `handleError` export would. */
  onError?: (error: unknown) => void;
}

/**
 * The routes of an app after `init`: `auth.$` (the handler), pages reading the session (`/dashboard` with
 * getSession, `/account` with requireSession), API resource routes (`/api/me`, `/api/notes`), and actions
 * signing in and out (`/login`, `/logout`).
 */
export function appRoutes(auth: ReactRouterAuth, options: AppOptions = {}): Record<string, RouteSpec> {
  const writeBack = options.writeBack ?? "headers";
  const headers = writeBack === "headers" ? auth.sessionHeaders : () => undefined;
  const root: RouteModule = { default: Page };
  if (writeBack === "middleware") root.middleware = [auth.middleware];
  return {
    root: { path: "", module: root },
    "routes/auth.$": {
      path: options.authPath ?? "auth/*",
      parentId: "root",
      module: { loader: auth.loader, action: auth.action },
    },
    "routes/dashboard": {
      path: "dashboard",
      parentId: "root",
      module: {
        default: Page,
        loader: async ({ request }: RouteArgs) => {
          const session = await auth.getSession(request);
          return data({ user: session?.user ?? null }, { headers: headers(request) });
        },
      },
    },
    "routes/account": {
      path: "account",
      parentId: "root",
      module: {
        default: Page,
        loader: async ({ request }: RouteArgs) => {
          const session = await auth.requireSession(request);
          return data({ email: session.user?.email }, { headers: headers(request) });
        },
      },
    },
    "routes/api.me": {
      path: "api/me",
      parentId: "root",
      module: {
        loader: async ({ request }: RouteArgs) =>
          Response.json({ session: await auth.getSession(request) }, { headers: headers(request) }),
      },
    },
    "routes/api.notes": {
      path: "api/notes",
      parentId: "root",
      module: {
        loader: async ({ request }: RouteArgs) => {
          const session = await auth.requireSession(request);
          return Response.json({ notes: ["one"], user: session.user?.email }, { headers: headers(request) });
        },
      },
    },
    "routes/login": {
      path: "login",
      parentId: "root",
      module: { default: Page, action: ({ request }: RouteArgs) => auth.signIn(request, "credentials") },
    },
    "routes/logout": {
      path: "logout",
      parentId: "root",
      module: { default: Page, action: ({ request }: RouteArgs) => auth.signOut(request) },
    },
  };
}

const servers: Server[] = [];

/** Closes every server `listen` started (call from afterEach). */
export function closeServers(): void {
  for (const server of servers.splice(0)) server.close();
}

/**
 * Node's server in front of React Router's request handler, translating as an adapter does: the request's
 * URL from its Host (or, with `urlFromForwardedHost`, from X-Forwarded-Host, as some adapters build it), its
 * headers and its body stream; the Response's status, headers (every Set-Cookie) and body back.
 */
export async function serve(
  build: ServerBuild,
  options: { urlFromForwardedHost?: boolean } = {},
): Promise<{ origin: string; server: Server }> {
  const handle = createRequestHandler(build, "production");
  const server = createServer(async (req: IncomingMessage, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
    }
    const method = req.method ?? "GET";
    const body = method === "GET" || method === "HEAD" ? undefined : (Readable.toWeb(req) as ReadableStream);
    const forwarded = options.urlFromForwardedHost ? req.headers["x-forwarded-host"] : undefined;
    const host = typeof forwarded === "string" ? forwarded : req.headers.host;
    const webRequest = new Request(`http://${host}${req.url}`, {
      method,
      headers,
      body,
      duplex: "half",
    } as RequestInit);
    const response = await handle(webRequest);
    res.statusCode = response.status;
    for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
    res.setHeader("set-cookie", response.headers.getSetCookie());
    // A body refused before it was read: close rather than drain it (RFC 9110 §15.5.14).
    if (!req.readableEnded) res.setHeader("connection", "close");
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** `serve`, closed by closeServers. */
export async function listen(build: ServerBuild, options: { urlFromForwardedHost?: boolean } = {}): Promise<string> {
  const { origin, server } = await serve(build, options);
  servers.push(server);
  return origin;
}

/** The app of `appRoutes`, built with the future flags its options name, listening on loopback. */
export function listenApp(
  auth: ReactRouterAuth,
  options: AppOptions & { urlFromForwardedHost?: boolean } = {},
): Promise<string> {
  const future = {
    v8_middleware: options.writeBack === "middleware",
    v8_passThroughRequests: options.passThroughRequests ?? false,
  } as Partial<ServerBuild["future"]>;
  return listen(serverBuild(appRoutes(auth, options), { future, onError: options.onError }), options);
}
