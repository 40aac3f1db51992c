/**
 * `auth` as Next middleware / proxy, and `auth(handler)`. The decision (the session, the `authorized`
 * callback or the spec's default, never a redirect loop to sign-in) is the core's (core/server/route-guard.ts).
 * What stays here is Next's: its request's `nextUrl` (the path without Next's own basePath), the browser's
 * origin where Next rewrote it (next/browser-url.ts), `NextResponse.next()` / `.redirect()`, and the
 * wrapped handler with `request.auth` set.
 */
import { type NextRequest, NextResponse } from "next/server.js";
import type { IntegrationConfig } from "../core/server/config.js";
import { guardRequest, withSetCookies } from "../core/server/route-guard.js";
import { browserUrl } from "./browser-url.js";
import type { NextAuthHandler, NextAuthRequest } from "./types.js";

/** With a handler, the handler decides unless the app has its own `authorized` callback. */
export async function runMiddleware<Context>(
  config: IntegrationConfig,
  request: NextRequest,
  context: Context,
  handler?: NextAuthHandler<Context>,
): Promise<Response> {
  const { pathname: path, search } = request.nextUrl;
  const guarded = { request, url: browserUrl(request), path, search, env: process.env };
  const guard = await guardRequest(config, guarded, !!handler);
  if ("respond" in guard) return withSetCookies(guard.respond, guard.setCookies);
  if ("signIn" in guard) return withSetCookies(NextResponse.redirect(guard.signIn), guard.setCookies);
  if (!handler) return withSetCookies(NextResponse.next(), guard.setCookies);
  const augmented = request as NextAuthRequest;
  augmented.auth = guard.session;
  return withSetCookies((await handler(augmented, context)) ?? NextResponse.next(), guard.setCookies);
}
