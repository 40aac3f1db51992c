/**
 * Next.js integration (App Router, Pages Router, middleware/proxy): a translation layer between Next's
 * request APIs and the core's shared server layer (core/server/: the action request, the session read, the
 * sign-in and sign-out helpers, the route guard, the config source), which makes every auth decision. What this file keeps is
 * Next's own: the request behind `next/headers` (no URL, cookies re-synced after an action), its cookie
 * jar, `redirect()` (which throws) and `redirect: false`, its `$ACTION_*` form fields, and which form of
 * `auth` a call is. The Pages Router and the middleware are `next/pages.ts` and `next/middleware.ts`.
 * Import specifiers: `next` has no `exports` map, so NodeNext needs `next/headers.js`; but `next/navigation`
 * must stay bare, because Next swaps exactly that specifier for its server build (see next/navigation.d.ts).
 */
import { cookies as nextCookies, headers as nextHeaders } from "next/headers.js";
import { redirect as nextRedirect } from "next/navigation";
import type { NextRequest } from "next/server.js";
import { Auth } from "./core/auth.js";
import { type IncomingRequest, requestProtocol } from "./core/server/action-request.js";
import { configSource } from "./core/server/config-source.js";
import { cookieHeader, writeCookies } from "./core/server/cookie-jar.js";
import { helperCallbackUrl, signInPagePath } from "./core/server/helper-destination.js";
import { applyMountDefaults } from "./core/server/mount-defaults.js";
import { helperUpdateSession, readSession } from "./core/server/session-read.js";
import { helperSignIn, helperSignOut } from "./core/server/sign-in-sign-out.js";
import { browserRequest } from "./next/browser-url.js";
import { runMiddleware } from "./next/middleware.js";
import { pagesSession } from "./next/pages.js";
import type {
  AuthorizationParams,
  NextAuthConfig,
  NextAuthFunction,
  NextAuthHandler,
  NextAuthResult,
  PagesContext,
  PagesRequest,
  PagesResponse,
  SignInOptions,
  SignOutOptions,
} from "./next/types.js";
import type { Awaitable, Cookie, Session, User } from "./types.js";

export { pagesApiRoute } from "./next/pages.js";
export type * from "./next/types.js";

type ConfigInit = NextAuthConfig | ((request?: NextRequest) => Awaitable<NextAuthConfig>);

/** Applies the cookies the core set. Server components get read-only cookies: Next throws, and we stop. */
async function applyCookies(cookies: Cookie[]): Promise<void> {
  if (!cookies.length) return;
  const jar = await nextCookies();
  writeCookies(cookies, (cookie) => jar.set(cookie.name, cookie.value, cookie.options));
}

/**
 * The request behind a server component, route handler or server action, as `next/headers` exposes it: no
 * URL (the protocol is X-Forwarded-Proto's, else http), and after a server action set cookies, `cookies()`
 * re-synced for the re-render but not `headers()`, so the Cookie header is rebuilt from `cookies()`. What
 * these throw (dynamic-rendering signals, calls outside a request) is Next's to handle.
 */
async function incoming(): Promise<IncomingRequest> {
  const headers = new Headers(await nextHeaders());
  const cookies = (await nextCookies()).getAll();
  if (cookies.length > 0) headers.set("cookie", cookieHeader(cookies));
  else headers.delete("cookie");
  return { headers, url: { protocol: requestProtocol(headers, "http") }, env: process.env };
}

/** The destination asked for, else the page the user came from (`next/headers` holds its Referer). */
async function callbackUrlOf(redirectTo: unknown): Promise<string> {
  return helperCallbackUrl(redirectTo, (await nextHeaders()).get("referer"));
}

/** `redirect: false` (or "false" from a form) resolves with the URL; anything else is Next's redirect. */
function redirectOrReturn<T>(url: string, shouldRedirect: unknown): T {
  if (shouldRedirect !== false && shouldRedirect !== "false") nextRedirect(url);
  return url as T;
}

/** Middleware and route handlers get a web Request (`headers.get`); Node's request has a plain object. */
function isWebRequest(value: unknown): boolean {
  return typeof (value as Request | undefined)?.headers?.get === "function";
}

function isPagesContext(value: unknown): value is PagesContext {
  return typeof value === "object" && value !== null && "req" in value && "res" in value;
}

export default function NextAuth(init: ConfigInit): NextAuthResult {
  // Next mounts the routes at `app/api/auth/[...nextauth]`: that is the base path unless AUTH_URL names one.
  // Server components and actions have no request to hand a config function: it is called with `undefined`.
  const resolve = configSource<NextAuthConfig, NextRequest | undefined>(init, (config) =>
    applyMountDefaults(config, process.env, "/api/auth"),
  );

  // The core sees the URL the browser used: Next rewrites a 127.0.0.1 / [::1] host to localhost, which the
  // core's origin check (core/csrf.ts) refused and its redirects kept (next/browser-url.ts).
  const handle = async (request: NextRequest) => Auth(browserRequest(request), await resolve(request));

  async function appRouterSession(): Promise<Session | null> {
    const config = await resolve(undefined);
    const { session, cookies } = await readSession(config, await incoming());
    await applyCookies(cookies);
    return session;
  }

  // Server actions handle the form on the server: the core throws a rejected sign-in (for example
  // CredentialsSignin with its safe `code`) to the caller instead of redirecting to an error page.
  async function signIn<Redirect extends boolean = true>(
    providerId?: string,
    options: FormData | SignInOptions<Redirect> = {},
    authorizationParams?: AuthorizationParams,
  ): Promise<Redirect extends false ? string : never> {
    const config = await resolve(undefined);
    const request = await incoming();
    const { redirect, redirectTo, ...fields } = options instanceof FormData ? Object.fromEntries(options) : options;
    const callbackUrl = await callbackUrlOf(redirectTo);
    if (!providerId) return redirectOrReturn(signInPagePath(config, request, callbackUrl), redirect);
    // A form posted without JavaScript also carries Next's own `$ACTION_*` fields: they are not credentials.
    const posted = Object.entries(fields).filter(([name]) => !name.startsWith("$ACTION"));
    const input = { providerId, callbackUrl, fields: posted, authorizationParams };
    const outcome = await helperSignIn(config, request, input);
    await applyCookies(outcome.cookies);
    return redirectOrReturn(outcome.redirect, redirect);
  }

  async function signOut<Redirect extends boolean = true>(
    options: SignOutOptions<Redirect> = {},
  ): Promise<Redirect extends false ? string : never> {
    const config = await resolve(undefined);
    const outcome = await helperSignOut(config, await incoming(), await callbackUrlOf(options.redirectTo));
    await applyCookies(outcome.cookies);
    return redirectOrReturn(outcome.redirect, options.redirect);
  }

  async function unstable_update(data: Partial<Session | { user: Partial<User> }>): Promise<Session | null> {
    const config = await resolve(undefined);
    const { session, cookies } = await helperUpdateSession(config, await incoming(), data);
    await applyCookies(cookies);
    return session;
  }

  // Which form of `auth` a call is (next/types.ts NextAuthFunction), by its arguments.
  function auth(...args: unknown[]): unknown {
    const [first, second] = args;
    if (args.length === 0) return appRouterSession();
    if (typeof first === "function") {
      const handler = first as NextAuthHandler<unknown>;
      return async (request: NextRequest, context: unknown) =>
        runMiddleware(await resolve(request), request, context, handler);
    }
    if (isWebRequest(first)) {
      const request = first as NextRequest;
      return resolve(request).then((config) => runMiddleware(config, request, second));
    }
    const { req, res } = isPagesContext(first) ? first : { req: first as PagesRequest, res: second as PagesResponse };
    return resolve(undefined).then((config) => pagesSession(config, req, res));
  }

  return {
    handlers: { GET: handle, POST: handle },
    auth: auth as NextAuthFunction,
    signIn,
    signOut,
    unstable_update,
  };
}
