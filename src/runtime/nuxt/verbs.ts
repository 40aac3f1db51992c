/**
 * The app's own server code on Nuxt: the session read behind `getSession(event)`, the guard behind
 * `requireSession(event)`, and the server-side `signIn(event, …)` / `signOut(event, …)`. Each asks the core's
 * server layer (core/server/) and only turns its answer into h3's response.
 */
import { assertSameOriginPost } from "../core/csrf.js";
import { wantsPage } from "../core/errors.js";
import { actionUrl } from "../core/server/action-request.js";
import type { IntegrationConfig } from "../core/server/config.js";
import { helperCallbackUrl, signInPagePath } from "../core/server/helper-destination.js";
import { guardRequest } from "../core/server/route-guard.js";
import { readSession } from "../core/server/session-read.js";
import { helperSignIn, helperSignOut } from "../core/server/sign-in-sign-out.js";
import type { AuthorizationParams } from "../core/sign-in-request.js";
import { MissingCSRF } from "../errors.js";
import type { Session } from "../types.js";
import {
  appendCookieHeaders,
  type Incoming,
  incomingOf,
  type NuxtEvent,
  sendJson,
  sendRedirect,
  setCookies,
} from "./event.js";
import { H3Answer, SessionRequired } from "./http-error.js";

/** What `signIn(event, providerId, options)` takes: where to land, and the fields a provider reads (credentials). */
export interface NuxtSignInOptions {
  /** Where to land afterwards (default: the Referer, else `/`); the core's `redirect` callback judges it. */
  redirectTo?: string;
  /** Sent to the provider's authorization endpoint (OAuth, OIDC). */
  authorizationParams?: AuthorizationParams;
  /** Anything else is posted to the provider: `email` and `password` for credentials. */
  [field: string]: unknown;
}

export interface NuxtSignOutOptions {
  /** Where to land afterwards (default: the Referer, else `/`). */
  redirectTo?: string;
}

/** The config and environment the verbs serve with (nuxt.ts), read on first use. */
export interface Served {
  config: () => IntegrationConfig;
  env: () => Record<string, string | undefined>;
}

/**
 * The session of the event's cookies, or `null`. The cookies the core set while reading it (a rolled JWT, a
 * cleared cookie) go out on the event's response while it is open. Fails closed: readSession returns no
 * session for anything it cannot read, and a configuration that cannot even be prepared, or a request that
 * makes no URL, reads as none too.
 */
export async function readEventSession(served: Served, event: NuxtEvent): Promise<Session | null> {
  try {
    const read = await readSession(served.config(), incomingOf(event, served.env()));
    setCookies(event, read.cookies);
    return read.session;
  } catch {
    return null;
  }
}

/** The method as a web Request accepts it (it refuses CONNECT, TRACE, TRACK), for the `authorized` callback. */
function guardedMethod(method: string | undefined): string {
  const upper = (method ?? "GET").toUpperCase();
  return ["CONNECT", "TRACE", "TRACK"].includes(upper) ? "GET" : upper;
}

/**
 * The guard: the session, or an h3 answer thrown for the request; `cookiesWritten` when the request's session
 * was already read (and its cookies set) by getSession. The decision (the session, the `authorized`
 * callback or the spec's default, never a loop to sign-in) is the core's (core/server/route-guard.ts); who gets
 * which answer is the core's rule for pages (core/errors.ts wantsPage): a page's navigation is sent to sign-in
 * (303, the browser follows with a GET), an API request gets 401. Thrown, not written, so that h3 and Nitro
 * answer it as their own error (JSON for an API client, Nuxt's error handling for a page) and the route's
 * code after `await requireSession(event)` never runs.
 */
export async function guard(served: Served, event: NuxtEvent, cookiesWritten = false): Promise<Session> {
  const { headers, url, env } = incomingOf(event, served.env());
  const request = new Request(url, { method: guardedMethod(event.node.req.method), headers });
  const outcome = await guardRequest(
    served.config(),
    { request, url, path: url.pathname, search: url.search, env },
    false,
  );
  // After a getSession of the same request, its cookies are already on the response: one rolled JWT is enough.
  if (!cookiesWritten) appendCookieHeaders(event, outcome.setCookies);
  if ("through" in outcome) {
    // Let through by an `authorized` callback without a session: the route asked for a session it cannot have.
    if (outcome.session) return outcome.session;
    throw new SessionRequired();
  }
  if ("respond" in outcome) throw await callbackAnswer(event, outcome.respond);
  if (!wantsPage(request)) throw new SessionRequired();
  event.node.res.setHeader("Location", outcome.signIn.href);
  throw new SessionRequired(outcome.signIn.href);
}

/**
 * The `authorized` callback's own Response as h3's answer: its status and headers (a redirect's Location)
 * set on the event's response, its text as the message.
 */
async function callbackAnswer(event: NuxtEvent, response: Response): Promise<H3Answer> {
  for (const [name, value] of response.headers) {
    if (name === "set-cookie" || name === "content-length" || name === "content-type") continue;
    event.node.res.setHeader(name, value);
  }
  appendCookieHeaders(event, response.headers.getSetCookie());
  const text = await response.text().catch(() => "");
  return new H3Answer(response.status, response.statusText || "Refused", text || "Refused by the authorized callback.");
}

/**
 * CSRF for the helpers: the core skips its token for server-side calls (core/server/config.ts serverConfig),
 * since a framework guards them; Nitro does not, so the helpers run the core's own check on the browser's
 * word (`Origin`, `Sec-Fetch-Site`) first. A cross-site form to the app's sign-in route must not sign the
 * visitor into another account (login CSRF), nor a cross-site image sign them out.
 */
function refuseCrossSite(config: IntegrationConfig, incoming: Incoming, event: NuxtEvent, action: string): boolean {
  try {
    assertSameOriginPost(action, incoming.headers, actionUrl(config, "signin", incoming, incoming.headers).origin);
    return false;
  } catch (error) {
    if (!(error instanceof MissingCSRF)) throw error;
    sendJson(event, 403, { message: error.message });
    return true;
  }
}

/**
 * Signs in with `providerId` and redirects where the core decided; without a provider, to the sign-in page.
 * A rejected sign-in lands where the built-in form's would: the sign-in page with `?error=CredentialsSignin`.
 */
export async function signIn(
  served: Served,
  event: NuxtEvent,
  providerId: string | undefined,
  options: NuxtSignInOptions,
): Promise<void> {
  const config = served.config();
  const incoming = incomingOf(event, served.env());
  if (refuseCrossSite(config, incoming, event, "signin")) return;
  const { redirectTo, authorizationParams, ...fields } = options;
  const callbackUrl = helperCallbackUrl(redirectTo, incoming.headers.get("referer"));
  if (!providerId) return sendRedirect(event, signInPagePath(config, incoming, callbackUrl));
  const outcome = await helperSignIn(config, incoming, {
    providerId,
    callbackUrl,
    fields: Object.entries(fields),
    authorizationParams,
    errorRedirect: true,
  });
  setCookies(event, outcome.cookies);
  sendRedirect(event, outcome.redirect);
}

/** Ends the session (the core clears its cookies) and redirects to `redirectTo` as the core judged it. */
export async function signOut(served: Served, event: NuxtEvent, options: NuxtSignOutOptions): Promise<void> {
  const config = served.config();
  const incoming = incomingOf(event, served.env());
  if (refuseCrossSite(config, incoming, event, "signout")) return;
  const callbackUrl = helperCallbackUrl(options.redirectTo, incoming.headers.get("referer"));
  const outcome = await helperSignOut(config, incoming, callbackUrl, { errorRedirect: true });
  setCookies(event, outcome.cookies);
  sendRedirect(event, outcome.redirect);
}
