/**
 * Hono integration (Hono 4, on every runtime it runs on): `HonoAuth(config)` gives the handler of the auth
 * routes, the session read (`getSession(c)`, and the `session()` middleware setting `c.get("session")`),
 * the guard `requireAuth()` (401 for an API request, the sign-in page for a page) and server-side
 * `signIn`/`signOut`. A translation layer only: every auth decision is the core's. The origin is the core's
 * rule too: AUTH_URL, else the request's Host, and X-Forwarded-* only under `trustHost` (AUTH_TRUST_HOST).
 */
import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { Auth } from "./core/auth.js";
import { wantsPage } from "./core/errors.js";
import { normalizeBasePath } from "./core/request.js";
import { yieldFrameHeaders } from "./core/response.js";
import { type IncomingRequest, isAuthPath } from "./core/server/action-request.js";
import type { IntegrationConfig } from "./core/server/config.js";
import { mountedConfig } from "./core/server/mount-defaults.js";
import { guardRequest, withSetCookies } from "./core/server/route-guard.js";
import { readSession, type SessionRead } from "./core/server/session-read.js";
import { appendCookies, coreRequest, environmentOf } from "./hono/request.js";
import {
  type HonoSignInOptions,
  type HonoSignOutOptions,
  signInResponse,
  signOutResponse,
} from "./hono/sign-in-sign-out.js";
import type { Session } from "./types.js";

export { AuthError, CredentialsSignin } from "./errors.js";
export type { HonoSignInOptions, HonoSignOutOptions } from "./hono/sign-in-sign-out.js";
export type { Account, DefaultSession, Profile, Session, User } from "./types.js";

/** The configuration accepted by `HonoAuth`: the core's, minus the `raw` marker this layer manages. */
export type HonoAuthConfig = IntegrationConfig;

/** What `session()` and `requireAuth()` put on the context: `c.get("session")`, `null` when signed out. */
export interface HonoAuthVariables {
  session: Session | null;
}

/** The Hono environment of the routes behind `session()` or `requireAuth()`. */
export interface HonoAuthEnv {
  Variables: HonoAuthVariables;
}

export interface HonoAuth {
  /**
   * Serves the auth actions: `app.on(["GET", "POST"], "/auth/*", auth.handler)`. The base path is the
   * config's `basePath`, else AUTH_URL's path, else `/auth`; a route that says otherwise is refused on its
   * first request (HonoAuthMountError), so the handler and the reads never disagree on it.
   */
  handler: MiddlewareHandler;
  /** Middleware setting `c.get("session")` for the routes after it; writes a refreshed session cookie back. */
  session(): MiddlewareHandler<HonoAuthEnv>;
  /** Middleware letting only a signed-in user through: 401 for an API request, a page goes to sign-in. */
  requireAuth(): MiddlewareHandler<HonoAuthEnv>;
  /** The session of the request (once per request), or `null`; a refreshed cookie goes out with `c.json`, `c.html`, … */
  getSession(c: Context): Promise<Session | null>;
  /** Signs in with `providerId` (else the posted `providerId`, else the sign-in page) and redirects (303). */
  signIn(c: Context, providerId?: string, options?: HonoSignInOptions): Promise<Response>;
  /** Ends the session and redirects (303) to `redirectTo`, else the posted `redirectTo`, else the Referer. */
  signOut(c: Context, options?: HonoSignOutOptions): Promise<Response>;
}

/** A handler reached through a route whose path is not the base path the reads and helpers build URLs on. */
export class HonoAuthMountError extends Error {
  readonly code = "HONO_AUTH_MOUNT";
  override name = "HonoAuthMountError";
}

type Env = Record<string, string | undefined>;

/** `/api/auth/*` → `/api/auth`; undefined for an app-wide mount (`*`, `/*`), an exact route or a parameter. */
function mountOf(pattern: string): string | undefined {
  if (!pattern.endsWith("/*")) return undefined;
  const prefix = pattern.slice(0, -2).replace(/\/+$/, "");
  return prefix === "" || /[:*{]/.test(prefix) ? undefined : prefix;
}

/** The session read of one request, and whether its cookies have been handed to Hono yet. */
interface Read {
  promise: Promise<SessionRead>;
  written: boolean;
}

export function HonoAuth(config: HonoAuthConfig): HonoAuth {
  const reads = new WeakMap<Context, Read>();
  let env: Env | undefined;
  // Read on the first request (the app has loaded its env file and the runtime its bindings), then kept.
  const envOf = (c: Context): Env => {
    env ??= environmentOf(c);
    return env;
  };
  // Made once per config object, never mutating the app's (core/server/mount-defaults.ts).
  const prepared = (c: Context) => mountedConfig(config, undefined, envOf(c));
  const incoming = (c: Context): IncomingRequest => ({
    headers: c.req.raw.headers,
    url: new URL(c.req.url),
    env: envOf(c),
  });

  function readOf(c: Context): Read {
    let read = reads.get(c);
    if (!read) {
      read = { promise: readSession(prepared(c), incoming(c)), written: false };
      reads.set(c, read);
    }
    return read;
  }

  const handler: MiddlewareHandler = async (c, next) => {
    const current = prepared(c);
    const basePath = normalizeBasePath(current.basePath);
    const mount = mountOf(routePath(c));
    if (mount !== undefined && mount !== basePath) {
      throw new HonoAuthMountError(
        `The auth handler is mounted at ${mount}/* but its base path is ${basePath || "/"}: set \`basePath: "${mount}"\` in the auth config (or AUTH_URL's path), or mount it at ${basePath}/*.`,
      );
    }
    const method = c.req.method;
    if ((method !== "GET" && method !== "POST") || !isAuthPath(c.req.path, current.basePath)) return next();
    const response = await Auth(await coreRequest(c), current);
    // The headers the app's middleware set so far, read without finalizing the context (reading `c.res`
    // would, and Hono would then let those cookies replace the core's on the way out).
    const before = c.newResponse(null).headers;
    // An app's own framing policy is kept over the pages' default one; its other headers go out too.
    return c.newResponse(
      response.body,
      yieldFrameHeaders(response, (name) => before.has(name)),
    );
  };

  function session(): MiddlewareHandler<HonoAuthEnv> {
    return async (c, next) => {
      const read = readOf(c);
      const { session, cookies } = await read.promise;
      c.set("session", session);
      const pending = !read.written;
      read.written = true;
      await next();
      // After the route: its response, however it was made, carries the refreshed cookie, unless a guard
      // after this middleware read the session again and sent its own.
      if (pending && reads.get(c) === read) appendCookies(c, cookies);
    };
  }

  function requireAuth(): MiddlewareHandler<HonoAuthEnv> {
    return async (c, next) => {
      const url = new URL(c.req.url);
      const guarded = { request: c.req.raw, url, path: url.pathname, search: url.search, env: envOf(c) };
      const guard = await guardRequest(prepared(c), guarded, false);
      c.set("session", guard.session);
      // getSession in the route answers this read; its cookies go out below.
      reads.set(c, { promise: Promise.resolve({ session: guard.session, cookies: [] }), written: true });
      if ("through" in guard) {
        await next();
        // After the route: its response, however it was made, carries the refreshed cookie.
        for (const cookie of guard.setCookies) c.header("Set-Cookie", cookie, { append: true });
        return;
      }
      // A page goes to sign-in and comes back; a script or an API client gets a status it can act on.
      const refused =
        "respond" in guard
          ? guard.respond
          : wantsPage(c.req.raw)
            ? c.redirect(guard.signIn.href)
            : c.json({ message: "Sign in to use this resource." }, 401);
      return withSetCookies(refused, guard.setCookies);
    };
  }

  async function getSession(c: Context): Promise<Session | null> {
    const read = readOf(c);
    const { session, cookies } = await read.promise;
    if (!read.written) {
      read.written = true;
      appendCookies(c, cookies);
    }
    return session;
  }

  const call = (c: Context) => ({ c, config: prepared(c), incoming: incoming(c) });
  return {
    handler,
    session,
    requireAuth,
    getSession,
    signIn: (c, providerId, options) => signInResponse(call(c), providerId, options),
    signOut: (c, options) => signOutResponse(call(c), options),
  };
}
