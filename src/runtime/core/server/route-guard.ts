/**
 * The guard in front of an app's own routes (Next's middleware / proxy and `auth(handler)`): the session of
 * the request, the `authorized` callback's decision (or the spec's default), and where a visitor who is not
 * let through is sent. Requests for the sign-in page, the error page and the auth routes themselves are
 * never sent to sign-in: that is the redirect loop the spec warns of. The integration only turns the
 * decision into its framework's responses. Web-standard only: Next runs its middleware on the edge.
 */
import type { Session } from "../../types.js";
import { APP_CHOSEN, redirectTarget } from "../redirect.js";
import type { IntegrationConfig } from "./config.js";
import { readSessionResponse } from "./session-read.js";
import { signInPage } from "./sign-in-sign-out.js";

type Env = Record<string, string | undefined>;

/** The request the guard judges, as the integration sees it. */
export interface GuardedRequest {
  /** Handed to the `authorized` callback as it is. */
  request: Request;
  /**
   * The URL the browser used (Next: with its loopback rewrite undone, next/browser-url.ts): the origin of
   * the session read and of the redirect to sign-in, which must stay where the browser's cookies are.
   */
  url: URL;
  /** The app's own path and query of the request (Next: `nextUrl`, without Next's own `basePath`). */
  path: string;
  search: string;
  env: Env;
}

/** What the integration sends: the callback's Response, a redirect to sign-in, or the request let through. */
export type GuardDecision = { respond: Response } | { signIn: URL } | { through: true };

/** The decision, the session it was made on, and the Set-Cookie values to send with any response. */
export type GuardOutcome = GuardDecision & { session: Session | null; setCookies: string[] };

function pathOf(target: string, origin: string): string {
  return new URL(target, origin).pathname.replace(/\/+$/, "") || "/";
}

/** The sign-in URL (custom page or built-in) with where to come back to after signing in. */
function signInUrl(config: IntegrationConfig, guarded: GuardedRequest): URL {
  const callbackUrl = `${guarded.path}${guarded.search}`;
  const { request, url, env } = guarded;
  const builtIn = signInPage(config, { headers: request.headers, url, env }, callbackUrl);
  // pages.signIn passes the one redirect rule, as the core's own redirects to it do (the core refuses a
  // config whose page fails it, so the built-in page here only keeps the guard from redirecting there).
  const page = config.pages?.signIn && redirectTarget(config.pages.signIn, builtIn.origin, APP_CHOSEN);
  if (!page) return builtIn;
  const custom = new URL(page);
  custom.searchParams.set("callbackUrl", callbackUrl);
  return custom;
}

/**
 * Never send these to the sign-in page: they are where a signed-out visitor must be able to go. Wider than
 * isAuthPath (which tells the core's requests from the app's): the whole base path, unknown actions
 * included, and the custom sign-in and error pages.
 */
function neverSentToSignIn(config: IntegrationConfig, guarded: GuardedRequest): boolean {
  const origin = guarded.url.origin;
  const path = pathOf(guarded.path, origin);
  const basePath = pathOf(config.basePath ?? "/auth", origin);
  if (path === basePath || path.startsWith(`${basePath}/`)) return true;
  return [config.pages?.signIn, config.pages?.error].some((page) => {
    // Step 1 — the one redirect rule (core/redirect.ts): a page it refuses is never redirected to, so it
    // exempts nothing; and no `new URL` of the raw value, which throws on a page no parser reads
    // (`http://localhost:65536/`) and would reject every request the guard sees.
    const target = page && redirectTarget(page, origin, APP_CHOSEN);
    if (!target) return false;
    // Step 2 — a page on another origin shares only a path with this app's: it must not exempt that path.
    const url = new URL(target);
    return url.origin === origin && pathOf(url.pathname, origin) === path;
  });
}

/**
 * Without a handler (`export { auth as proxy }`), the default decision is the spec's: signed in means
 * authorized. With a handler, the handler decides unless the app has its own `authorized` callback. The
 * session is read as the browser's own `/session` request reads it, so a rolled or cleared cookie goes out
 * with whatever response the integration sends.
 */
export async function guardRequest(
  config: IntegrationConfig,
  guarded: GuardedRequest,
  hasHandler: boolean,
): Promise<GuardOutcome> {
  const { request, url, env } = guarded;
  const { session, setCookies } = await readSessionResponse(config, { headers: request.headers, url, env });
  const callback = config.callbacks?.authorized;
  const authorized: unknown = callback
    ? await callback({ auth: session, request })
    : hasHandler || Boolean(session?.user);
  if (authorized instanceof Response) return { respond: authorized, session, setCookies };
  if (!authorized && !neverSentToSignIn(config, guarded)) {
    return { signIn: signInUrl(config, guarded), session, setCookies };
  }
  return { through: true, session, setCookies };
}

/** Set-Cookie values added to whatever Response goes out; a frozen Response (Response.redirect) is rebuilt. */
export function withSetCookies(response: Response, setCookies: readonly string[]): Response {
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
