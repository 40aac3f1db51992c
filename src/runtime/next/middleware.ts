/**
 * `auth` as Next middleware / proxy, and `auth(handler)`: reads the session, asks the `authorized` callback,
 * and either lets the request through (to the wrapped handler, with `request.auth` set), returns the
 * callback's own Response, or redirects to the sign-in page. Requests for the sign-in page, the error page
 * and the auth routes themselves are never redirected there: that is the redirect loop the spec warns of.
 */

import type { NextRequest } from "next/server.js";
import { NextResponse } from "next/server.js";
import { APP_CHOSEN, redirectTarget } from "../core/redirect.js";
import { signInPage } from "../core/server-actions.js";
import type { AuthConfig, Awaitable, Session } from "../types.js";
import { browserUrl } from "./browser-url.js";
import { readSession } from "./session.js";

/** The request a wrapped handler receives: Next's, plus the session (`null` when signed out). */
export interface NextAuthRequest extends NextRequest {
  auth: Session | null;
}

/** A route handler or middleware wrapped by `auth(handler)`. Returning nothing lets the request through. */
export type NextAuthHandler<Context> = (
  request: NextAuthRequest,
  context: Context,
) => Awaitable<Response | null | undefined>;

type Config = Omit<AuthConfig, "raw">;

function pathOf(target: string, origin: string): string {
  return new URL(target, origin).pathname.replace(/\/+$/, "") || "/";
}

/** The sign-in URL (custom page or built-in) with where to come back to after signing in. */
function signInUrl(config: Config, request: NextRequest, url: URL): URL {
  const callbackUrl = `${request.nextUrl.pathname}${request.nextUrl.search}`;
  const builtIn = signInPage(config, { headers: request.headers, url, env: process.env }, callbackUrl);
  // pages.signIn passes the one redirect rule, as the core's own redirects to it do (the core refuses a
  // config whose page fails it, so the built-in page here only keeps the middleware from redirecting there).
  const page = config.pages?.signIn && redirectTarget(config.pages.signIn, builtIn.origin, APP_CHOSEN);
  if (!page) return builtIn;
  const custom = new URL(page);
  custom.searchParams.set("callbackUrl", callbackUrl);
  return custom;
}

/**
 * Never send these to the sign-in page: they are where a signed-out visitor must be able to go. Wider than
 * the shared isAuthPath (which tells the core's requests from the app's): the whole base path, unknown
 * actions included, and the custom sign-in and error pages.
 */
function neverSentToSignIn(config: Config, request: NextRequest, url: URL): boolean {
  const origin = url.origin;
  const path = pathOf(request.nextUrl.pathname, origin);
  const basePath = pathOf(config.basePath ?? "/api/auth", origin);
  if (path === basePath || path.startsWith(`${basePath}/`)) return true;
  return [config.pages?.signIn, config.pages?.error].some((page) => {
    // Step 1 — the one redirect rule (core/redirect.ts): a page it refuses is never redirected to, so it
    // exempts nothing; and no `new URL` of the raw value, which throws on a page no parser reads
    // (`http://localhost:65536/`) and would reject every request the middleware sees.
    const target = page && redirectTarget(page, origin, APP_CHOSEN);
    if (!target) return false;
    // Step 2 — a page on another origin shares only a path with this app's: it must not exempt that path.
    const url = new URL(target);
    return url.origin === origin && pathOf(url.pathname, origin) === path;
  });
}

/** Re-issued session cookies go out with whatever response is sent; a frozen Response is rebuilt. */
function withCookies(response: Response, setCookies: string[]): Response {
  if (setCookies.length === 0) return response;
  let target = response;
  try {
    for (const cookie of setCookies) target.headers.append("Set-Cookie", cookie);
  } catch {
    target = new Response(response.body, response);
    for (const cookie of setCookies) target.headers.append("Set-Cookie", cookie);
  }
  return target;
}

/**
 * Without a handler (`export { auth as proxy }`), the default decision is the spec's: signed in means
 * authorized. With a handler, the handler decides unless the app has its own `authorized` callback.
 */
export async function runMiddleware<Context>(
  config: Config,
  request: NextRequest,
  context: Context,
  handler?: NextAuthHandler<Context>,
): Promise<Response> {
  // The origin the browser used (next/browser-url.ts): its sign-in redirect must stay where its cookies are.
  const url = browserUrl(request);
  const { session, setCookies } = await readSession(config, request.headers, url);
  const callback = config.callbacks?.authorized;
  const authorized: unknown = callback
    ? await callback({ auth: session, request })
    : handler
      ? true
      : Boolean(session?.user);
  if (authorized instanceof Response) return withCookies(authorized, setCookies);
  if (!authorized && !neverSentToSignIn(config, request, url)) {
    return withCookies(NextResponse.redirect(signInUrl(config, request, url)), setCookies);
  }
  if (!handler) return withCookies(NextResponse.next(), setCookies);
  const augmented = request as NextAuthRequest;
  augmented.auth = session;
  return withCookies((await handler(augmented, context)) ?? NextResponse.next(), setCookies);
}
