/**
 * What differs between the frameworks' e2e apps, as data: where the auth routes are mounted, and how a
 * fixture is prepared (copy, init, the person's edits, install, build: test/support/<framework>-app.mjs) and
 * started. setup-app.ts runs the same steps for every fixture through this table, so a new framework is one
 * more entry here.
 */
import { prepareAstroApp, startAstroApp } from "../../support/astro-app.mjs";
import { type ExpressFixture, prepareExpressApp, startExpressApp } from "../../support/express-app.mjs";
import { prepareFastifyApp, startFastifyApp } from "../../support/fastify-app.mjs";
import { prepareHonoApp, startHonoApp } from "../../support/hono-app.mjs";
import { nextFixture, prepareNextApp, startApp } from "../../support/next-app.mjs";
import { prepareNuxtApp, startNuxtApp } from "../../support/nuxt-app.mjs";
import type { RunningServer } from "../../support/processes.mjs";
import { prepareQwikApp, startQwikApp } from "../../support/qwik-app.mjs";
import { prepareReactRouterApp, startReactRouterApp } from "../../support/react-router-app.mjs";
import { prepareSolidStartApp, SOLID_START_FIXTURES, startSolidStartApp } from "../../support/solid-start-app.mjs";
import { prepareSvelteKitApp, startSvelteKitApp } from "../../support/sveltekit-app.mjs";
import {
  applyUserEdits,
  editNext15App,
  editNext16Pages,
  editNext16Src,
  type OidcSettings,
} from "../../support/user-edits.mjs";

export interface PrepareOptions {
  /** Where the browser will reach the app: `http://localhost:<port>`. */
  appUrl: string;
  /** The loopback identity provider the app's OIDC provider is pointed at (empty values without one). */
  oidc: OidcSettings;
  /** `--providers` for init (default: oidc, credentials). */
  providers?: string[];
  /** More init flags (`--strategy database --db sqlite`). */
  initArgs?: string[];
  /** The person's edits after init, instead of the fixture's usual ones. */
  edits?: (dir: string) => Promise<void>;
}

export interface PreparedApp {
  dir: string;
  /** Milliseconds per step (init, install, build, …). */
  timings: Record<string, number | undefined>;
}

export interface Framework {
  name:
    | "next"
    | "sveltekit"
    | "express"
    | "qwik"
    | "solid-start"
    | "hono"
    | "fastify"
    | "nuxt"
    | "astro"
    | "react-router";
  /** Where init mounts the auth routes. */
  basePath: "/api/auth" | "/auth";
  prepare(fixture: string, options: PrepareOptions): Promise<PreparedApp>;
  start(fixture: string, dir: string, port: number): Promise<RunningServer>;
}

/** The Next layouts' usual edits after init (a demo user, a protected page, the identity provider in .env). */
const NEXT_EDITS: Record<string, typeof applyUserEdits> = {
  "next-app": applyUserEdits,
  "next-15-app": editNext15App,
  "next-16-pages": editNext16Pages,
  "next-16-src": editNext16Src,
};

/** SvelteKit 3 runs on Node ≥ 22.17 (Node 24 here), imports src/lib as `#lib`, and takes its origin in the config. */
const SVELTEKIT = {
  "sveltekit-2": { node24: false, lib: "$lib" },
  "sveltekit-3": { node24: true, lib: "#lib" },
} as const;

function known<T>(table: Record<string, T>, fixture: string): T {
  const entry = table[fixture];
  if (!entry) throw new Error(`no e2e set-up for the fixture ${fixture}`);
  return entry;
}

const next: Framework = {
  name: "next",
  basePath: "/api/auth",
  prepare: (fixture, { edits, ...options }) =>
    prepareNextApp({
      ...options,
      fixture: nextFixture(fixture),
      edits: edits ? (dir) => edits(dir) : known(NEXT_EDITS, fixture),
    }),
  start: (_fixture, dir, port) => startApp(dir, port),
};

const sveltekit: Framework = {
  name: "sveltekit",
  basePath: "/auth",
  prepare(fixture, { appUrl, edits, ...options }) {
    const { node24, lib } = known<{ node24: boolean; lib: string }>(SVELTEKIT, fixture);
    return prepareSvelteKitApp({
      ...options,
      fixture,
      node24,
      lib,
      // adapter-node 6 (kit 3) has no ORIGIN variable: the public origin goes in the config.
      origin: node24 ? appUrl : undefined,
      edits: edits ? (dir) => edits(dir) : undefined,
    });
  },
  start: (fixture, dir, port) => startSvelteKitApp(dir, port, { node24: known(SVELTEKIT, fixture).node24 }),
};

const express: Framework = {
  name: "express",
  basePath: "/auth",
  prepare: (fixture, { appUrl: _appUrl, ...options }) => prepareExpressApp(fixture as ExpressFixture, options),
  start: (_fixture, dir, port) => startExpressApp(dir, port),
};

const fastify: Framework = {
  name: "fastify",
  basePath: "/auth",
  prepare: (fixture, { appUrl: _appUrl, ...options }) => prepareFastifyApp(fixture, options),
  start: (fixture, dir, port) => startFastifyApp(fixture, dir, port),
};

const qwik: Framework = {
  name: "qwik",
  basePath: "/auth",
  prepare(fixture, { appUrl: _appUrl, ...options }) {
    if (fixture !== "qwik-city-1") throw new Error(`no e2e set-up for the fixture ${fixture}`);
    return prepareQwikApp(options);
  },
  start: (_fixture, dir, port) => startQwikApp(dir, port),
};

const solidStart: Framework = {
  name: "solid-start",
  basePath: "/api/auth",
  prepare(fixture, options) {
    const known = Object.values(SOLID_START_FIXTURES).find((candidate) => candidate.name === fixture);
    if (!known) throw new Error(`no e2e set-up for the fixture ${fixture}`);
    return prepareSolidStartApp({ ...options, fixture: known });
  },
  start: (_fixture, dir, port) => startSolidStartApp(dir, port),
};

const hono: Framework = {
  name: "hono",
  basePath: "/auth",
  prepare: (fixture, { appUrl: _appUrl, ...options }) => prepareHonoApp(fixture, options),
  start: (_fixture, dir, port) => startHonoApp(dir, port),
};

const nuxt: Framework = {
  name: "nuxt",
  basePath: "/auth",
  prepare: (fixture, { appUrl: _appUrl, ...options }) => prepareNuxtApp(fixture, options),
  start: (_fixture, dir, port) => startNuxtApp(dir, port),
};

const astro: Framework = {
  name: "astro",
  basePath: "/auth",
  prepare: (fixture, { appUrl: _appUrl, ...options }) => prepareAstroApp(fixture, options),
  start: (_fixture, dir, port) => startAstroApp(dir, port),
};

const reactRouter: Framework = {
  name: "react-router",
  basePath: "/auth",
  prepare: (fixture, { appUrl: _appUrl, ...options }) => prepareReactRouterApp(fixture, options),
  start: (_fixture, dir, port) => startReactRouterApp(dir, port),
};

/** The framework a fixture under test/fixtures belongs to, by its name. */
export function frameworkOf(fixture: string): Framework {
  for (const [prefix, framework] of [
    ["next-", next],
    ["sveltekit-", sveltekit],
    ["express-", express],
    ["qwik-city-", qwik],
    ["solid-start-", solidStart],
    ["hono-", hono],
    ["fastify-", fastify],
    ["nuxt-", nuxt],
    ["astro-", astro],
    ["react-router-", reactRouter],
  ] as const) {
    if (fixture.startsWith(prefix)) return framework;
  }
  throw new Error(`no framework is known for the fixture ${fixture}`);
}
