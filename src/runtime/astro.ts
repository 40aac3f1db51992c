/**
 * Astro integration (on-demand rendering; tested on Astro 7): `AstroAuth(config)` gives the auth routes' `GET`
 * and `POST` for the API route `src/pages/auth/[...auth].ts`, the session read (`getSession(Astro)` in a page,
 * `getSession(context)` in an endpoint, and `middleware` setting `locals.session`), the guard
 * `requireSession(context)` (401 for an API request, a page goes to sign-in) and server-side `signIn` /
 * `signOut`. A translation layer only: every auth decision is the core's. The origin is the core's rule too:
 * AUTH_URL, else the request's Host, and X-Forwarded-* only under `trustHost` (AUTH_TRUST_HOST).
 *
 * Cookies the core sets while the app's code reads a session (a rolled JWT, a cleared cookie) go on Astro's
 * own jar, `context.cookies`, which Astro merges into whatever Response the route returns: the refreshed
 * session is written back from a page, an endpoint or the middleware alike (auth-astro's `getSession` drops
 * it, auth-astro#61).
 */
import type { APIContext, MiddlewareHandler } from "astro";
import { setAstroCookies, setAstroSetCookies } from "./astro/cookies.js";
import { crossSiteFormResponse, isCrossSiteForm } from "./astro/origin-check.js";
import {
  type AstroSignInOptions,
  type AstroSignOutOptions,
  signInResponse,
  signOutResponse,
} from "./astro/sign-in-sign-out.js";
import { Auth } from "./core/auth.js";
import { wantsPage } from "./core/errors.js";
import { setClientAddress } from "./core/limits/client-address.js";
import { normalizeBasePath } from "./core/request.js";
import { type IncomingRequest, isAuthPath } from "./core/server/action-request.js";
import type { IntegrationConfig } from "./core/server/config.js";
import { mountedConfig, processEnv } from "./core/server/mount-defaults.js";
import { guardRequest } from "./core/server/route-guard.js";
import { readSession, type SessionRead } from "./core/server/session-read.js";
import type { Session } from "./types.js";

export type { AstroSignInOptions, AstroSignOutOptions } from "./astro/sign-in-sign-out.js";
export { AuthError, CredentialsSignin } from "./errors.js";
export type { Account, DefaultSession, Profile, Session, User } from "./types.js";

/** The configuration accepted by `AstroAuth`: the core's, minus the `raw` marker this layer manages. */
export type AstroAuthConfig = IntegrationConfig;

/**
 * What `middleware` and `requireSession` put on `context.locals` (`Astro.locals` in a page). Typed by the
 * app: `declare namespace App { interface Locals extends import("@create-auth/runtime/astro").AstroAuthLocals {} }`
 * in `src/env.d.ts`.
 */
export interface AstroAuthLocals {
  /** The signed-in user's session, `null` when signed out (or on a prerendered page, which has no request). */
  session: Session | null;
}

/** An endpoint handler, as Astro calls `GET` and `POST` of an API route. */
export type AstroAuthRoute = (context: APIContext) => Promise<Response>;

export interface AstroAuth {
  /**
   * The auth routes, for `src/pages/auth/[...auth].ts`: `export const { GET, POST } = auth;` (with
   * `export const prerender = false;` under static output). The base path is the config's `basePath`, else
   * AUTH_URL's path, else `/auth`; a route file elsewhere is refused on its first request (AstroAuthMountError),
   * so the routes and the reads never disagree on it.
   */
  GET: AstroAuthRoute;
  POST: AstroAuthRoute;
  /**
   * Middleware for `src/middleware.ts` (`export const onRequest = auth.middleware`, or in
   * `sequence(auth.middleware, yours)`): sets `locals.session` for every on-demand route and writes a refreshed
   * session cookie back. Requests to the auth routes and prerendered pages get `null` without a read.
   */
  middleware: MiddlewareHandler;
  /**
   * Astro's `checkOrigin`, for every on-demand route but the auth actions: for an app whose provider posts its
   * answer cross-site (`response_mode=form_post`, Apple), which Astro's own check refuses. Set
   * `security: { checkOrigin: false }` in astro.config and put it first:
   * `export const onRequest = sequence(auth.checkOrigin, auth.middleware, yours)`.
   */
  checkOrigin: MiddlewareHandler;
  /** The session of the request (read once per request, shared with `middleware`), or `null`. */
  getSession(context: APIContext): Promise<Session | null>;
  /**
   * The signed-in user's session, or the Response to return instead: a page is redirected to sign-in (303)
   * and comes back, an API request gets 401. In a page: `const session = await auth.requireSession(Astro);
   * if (session instanceof Response) return session;`. The app's `authorized` callback can refuse more (false,
   * or a Response of its own), but never hands back a session-less visitor here: use `getSession` for that.
   */
  requireSession(context: APIContext): Promise<Session | Response>;
  /** Signs in with `providerId` (else the posted `providerId`, else the sign-in page) and redirects (303). */
  signIn(context: APIContext, providerId?: string, options?: AstroSignInOptions): Promise<Response>;
  /** Ends the session and redirects (303) to `redirectTo`, else the posted `redirectTo`, else the Referer. */
  signOut(context: APIContext, options?: AstroSignOutOptions): Promise<Response>;
}

/** An auth route file whose path is not the base path the reads and helpers build URLs on. */
export class AstroAuthMountError extends Error {
  readonly code = "ASTRO_AUTH_MOUNT";
  override name = "AstroAuthMountError";
}

type Env = Record<string, string | undefined>;

/** `/api/auth/[...auth]` → `/api/auth`; undefined for a route that is not a rest route under a static path. */
function mountOf(routePattern: string): string | undefined {
  const match = /^(.*)\/\[\.\.\.[^\]/]+\]$/.exec(routePattern);
  const prefix = match?.[1];
  return prefix === undefined || prefix.includes("[") ? undefined : prefix;
}

/** The client's address for the rate limits, where Astro knows it (never on a prerendered route). */
function clientAddress(context: APIContext): string | undefined {
  try {
    return context.clientAddress;
  } catch {
    return undefined;
  }
}

/** `context.locals` as this integration fills it, whatever the app declared of `App.Locals`. */
function localsOf(context: APIContext): AstroAuthLocals {
  return context.locals as unknown as AstroAuthLocals;
}

/** The session read of one request, and whether its cookies have been handed to Astro's jar yet. */
interface Read {
  promise: Promise<SessionRead>;
  written: boolean;
}

export function AstroAuth(config: AstroAuthConfig): AstroAuth {
  // Keyed by the request: middleware, endpoint and page share it (Astro hands each a context of its own).
  const reads = new WeakMap<Request, Read>();
  let env: Env | undefined;
  // Read on the first request (after the app has loaded its env file), then kept.
  const envOf = (): Env => {
    env ??= processEnv();
    return env;
  };
  // Made once per config object, never mutating the app's (core/server/mount-defaults.ts).
  const prepared = () => mountedConfig(config, undefined, envOf());
  const incoming = (context: APIContext): IncomingRequest => ({
    headers: context.request.headers,
    url: context.url,
    env: envOf(),
  });
  /** The auth routes' own requests: the core answers them and sets their cookies itself. */
  const underBasePath = (context: APIContext): boolean => {
    const base = normalizeBasePath(prepared().basePath);
    const path = context.url.pathname;
    // At the root, only the actions' own paths are the core's.
    return base === "" ? isAuthPath(path, base) : path === base || path.startsWith(`${base}/`);
  };

  const route: AstroAuthRoute = async (context) => {
    const current = prepared();
    const basePath = normalizeBasePath(current.basePath);
    const mount = mountOf(context.routePattern);
    const path = context.url.pathname;
    const served = basePath === "" || path === basePath || path.startsWith(`${basePath}/`);
    // An app with Astro's `base` sees its route pattern without it: `/docs/auth` is served by `/auth/[...auth]`.
    const underAstroBase = served && mount !== "" && basePath.endsWith(mount ?? "");
    if (mount !== undefined && mount !== basePath && !underAstroBase) {
      throw new AstroAuthMountError(
        `The auth route is ${context.routePattern} but the auth base path is ${basePath || "/"}: set \`basePath: "${mount}"\` in the auth config (or AUTH_URL's path), or move the route to src/pages${basePath}/[...auth].ts.`,
      );
    }
    // A path under the route that names no action is no page of the app's: Astro's 404 (its own page, if any).
    if (!isAuthPath(path, basePath)) return new Response(null, { status: 404 });
    // The rate limits' client address when the app names no trusted header.
    setClientAddress(context.request, clientAddress(context));
    // The core builds its Responses with `new Response`: their headers stay open to the app's middleware.
    return Auth(context.request, current);
  };

  function readOf(context: APIContext): Read {
    let read = reads.get(context.request);
    if (!read) {
      read = { promise: readSession(prepared(), incoming(context)), written: false };
      reads.set(context.request, read);
    }
    return read;
  }

  async function getSession(context: APIContext): Promise<Session | null> {
    // A prerendered page is rendered at build time: there is no visitor, and Astro warns on reading headers.
    if (context.isPrerendered) return null;
    const read = readOf(context);
    const { session, cookies } = await read.promise;
    // On the auth routes the core's own Response sets the cookies; a second writer could undo a sign-out.
    if (!read.written && !underBasePath(context)) {
      read.written = true;
      setAstroCookies(context.cookies, cookies);
    }
    return session;
  }

  const middleware: MiddlewareHandler = async (context, next) => {
    localsOf(context).session = context.isPrerendered || underBasePath(context) ? null : await getSession(context);
    return next();
  };

  const checkOrigin: MiddlewareHandler = (context, next) => {
    const { request, url } = context;
    if (context.isPrerendered || isAuthPath(url.pathname, prepared().basePath)) return next();
    return isCrossSiteForm(request, url) ? crossSiteFormResponse(request) : next();
  };

  async function requireSession(context: APIContext): Promise<Session | Response> {
    const url = context.url;
    const guarded = { request: context.request, url, path: url.pathname, search: url.search, env: envOf() };
    const guard = await guardRequest(prepared(), guarded, false);
    setAstroSetCookies(context.cookies, guard.setCookies);
    // getSession (and locals) in the rest of the request answer with this read; its cookies are on the jar.
    reads.set(context.request, { promise: Promise.resolve({ session: guard.session, cookies: [] }), written: true });
    localsOf(context).session = guard.session;
    // The callback's own Response, copied: one made by Response.redirect has headers the app's middleware
    // could not set.
    if ("respond" in guard) return new Response(guard.respond.body, guard.respond);
    if ("through" in guard && guard.session) return guard.session;
    // A page goes to sign-in and comes back (303: a POST's browser follows with a GET); a script or an API
    // client gets a status it can act on. Let through without a session (the sign-in page itself, or an
    // `authorized` callback admitting anyone) is still no session to hand back: 401, never a redirect loop.
    if ("signIn" in guard && wantsPage(context.request)) {
      return new Response(null, { status: 303, headers: { location: guard.signIn.href } });
    }
    return Response.json({ message: "Sign in to use this resource." }, { status: 401 });
  }

  const call = (context: APIContext) => ({ context, config: prepared(), incoming: incoming(context) });
  return {
    GET: route,
    POST: route,
    middleware,
    checkOrigin,
    getSession,
    requireSession,
    signIn: (context, providerId, options) => signInResponse(call(context), providerId, options),
    signOut: (context, options) => signOutResponse(call(context), options),
  };
}
