/**
 * `auth` as Next middleware / proxy, and `auth(handler)`: reads the session, asks the `authorized` callback,
 * and either lets the request through (to the wrapped handler, with `request.auth` set), returns the
 * callback's own Response, or redirects to the sign-in page. Requests for the sign-in page, the error page
 * and the auth routes themselves are never redirected there: that is the redirect loop the spec warns of.
 */
// The decision is the core's (core/route-guard.ts). What stays here is Next's: its request's `nextUrl`
// (the path without Next's own basePath), `NextResponse.next()` / `.redirect()`, and the wrapped handler.
import type { NextRequest } from "next/server.js";
import { NextResponse } from "next/server.js";
import { guardRequest, withSetCookies } from "../core/route-guard.js";
import type { IntegrationConfig } from "../core/server-actions.js";
import type { Awaitable, Session } from "../types.js";
import { browserUrl } from "./browser-url.js";

/** The request a wrapped handler receives: Next's, plus the session (`null` when signed out). */
export interface NextAuthRequest extends NextRequest {
  auth: Session | null;
}

/** A route handler or middleware wrapped by `auth(handler)`. Returning nothing lets the request through. */
export type NextAuthHandler<Context> = (
  request: NextAuthRequest,
  context: Context,
) => Awaitable<Response | null | undefined>;

/**
 * Without a handler (`export { auth as proxy }`), the default decision is the spec's: signed in means
 * authorized. With a handler, the handler decides unless the app has its own `authorized` callback.
 */
export async function runMiddleware<Context>(
  config: IntegrationConfig,
  request: NextRequest,
  context: Context,
  handler?: NextAuthHandler<Context>,
): Promise<Response> {
  // The origin the browser used (next/browser-url.ts): its sign-in redirect must stay where its cookies are.
  const { pathname: path, search } = request.nextUrl;
  const guard = await guardRequest(
    config,
    { request, url: browserUrl(request), path, search, env: process.env },
    !!handler,
  );
  if ("respond" in guard) return withSetCookies(guard.respond, guard.setCookies);
  if ("signIn" in guard) return withSetCookies(NextResponse.redirect(guard.signIn), guard.setCookies);
  if (!handler) return withSetCookies(NextResponse.next(), guard.setCookies);
  const augmented = request as NextAuthRequest;
  augmented.auth = guard.session;
  return withSetCookies((await handler(augmented, context)) ?? NextResponse.next(), guard.setCookies);
}
