/**
 * The app's own server code on Fastify: the session read behind `request.getSession()`, the `requireAuth`
 * guard, and the server-side `reply.signIn()` / `reply.signOut()`. Each asks the core's server layer
 * (core/server/) and only turns its answer into Fastify's reply.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { wantsPage } from "../core/errors.js";
import type { IntegrationConfig } from "../core/server/config.js";
import { helperCallbackUrl, signInPagePath } from "../core/server/helper-destination.js";
import { guardRequest } from "../core/server/route-guard.js";
import { readSession } from "../core/server/session-read.js";
import { crossSiteRefusal, helperSignIn, helperSignOut } from "../core/server/sign-in-sign-out.js";
import type { AuthorizationParams } from "../core/sign-in-request.js";
import type { Session } from "../types.js";
import { appendSetCookies, type Incoming, incomingOf, sendResponse, setCookies } from "./messages.js";

/** What `reply.signIn(providerId, options)` takes: where to land, and the fields a provider reads (credentials). */
export interface FastifySignInOptions {
  /** Where to land afterwards (default: the Referer, else `/`); the core's `redirect` callback judges it. */
  redirectTo?: string;
  /** Sent to the provider's authorization endpoint (OAuth, OIDC). */
  authorizationParams?: AuthorizationParams;
  /** Anything else is posted to the provider: `email` and `password` for credentials. */
  [field: string]: unknown;
}

export interface FastifySignOutOptions {
  /** Where to land afterwards (default: the Referer, else `/`). */
  redirectTo?: string;
}

/** The config the verbs serve with: the mounted one (fastify.ts), known once the plugin is registered. */
export type ConfigOf = () => IntegrationConfig;

/**
 * The session of the request's cookies, or `null`. The cookies the core set while reading it (a rolled JWT, a
 * cleared cookie) go out on the reply when it is still open. Fails closed: readSession returns no session for
 * anything it cannot read, and a configuration that cannot even be prepared reads as none too.
 */
export async function readRequestSession(
  config: ConfigOf,
  request: FastifyRequest,
  reply: FastifyReply | undefined,
): Promise<Session | null> {
  try {
    const read = await readSession(config(), incomingOf(request));
    if (reply) setCookies(reply, read.cookies);
    return read.session;
  } catch {
    return null;
  }
}

/** The method as a web Request accepts it (it refuses CONNECT, TRACE, TRACK), for the `authorized` callback. */
function guardedMethod(method: string): string {
  return ["CONNECT", "TRACE", "TRACK"].includes(method.toUpperCase()) ? "GET" : method;
}

/**
 * The guard: lets the request through with its session, or answers for it. The decision (the session, the
 * `authorized` callback or the spec's default, never a loop to sign-in) is the core's (core/server/route-guard.ts);
 * who gets which answer is the core's rule for pages (core/errors.ts wantsPage): a page's navigation is
 * redirected to sign-in (303: the browser follows with a GET), an API request gets 401.
 */
export async function guard(
  config: ConfigOf,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ session: Session | null } | { answered: FastifyReply }> {
  const { headers, url, env } = incomingOf(request);
  const web = new Request(url, { method: guardedMethod(request.method), headers });
  const outcome = await guardRequest(
    config(),
    { request: web, url, path: url.pathname, search: url.search, env },
    false,
  );
  appendSetCookies(reply, outcome.setCookies);
  if ("respond" in outcome) return { answered: await sendResponse(reply, outcome.respond) };
  if ("through" in outcome) return { session: outcome.session };
  if (wantsPage(web)) return { answered: reply.redirect(outcome.signIn.href, 303) };
  return { answered: reply.code(401).send({ message: "Sign in to use this resource." }) };
}

/** The core's cross-site check for a helper's POST (core/server/sign-in-sign-out.ts): a 403 when it refuses. */
function refuseCrossSite(
  config: IntegrationConfig,
  incoming: Incoming,
  reply: FastifyReply,
  action: "signin" | "signout",
): boolean {
  const refused = crossSiteRefusal(config, incoming, action);
  if (refused !== null) reply.code(403).send({ message: refused });
  return refused !== null;
}

/**
 * Signs in with `providerId` and redirects where the core decided; without a provider, to the sign-in page.
 * A rejected sign-in lands where the built-in form's would: the sign-in page with `?error=CredentialsSignin`.
 */
export async function signIn(
  config: ConfigOf,
  reply: FastifyReply,
  providerId: string | undefined,
  options: FastifySignInOptions,
): Promise<FastifyReply> {
  const prepared = config();
  const incoming = incomingOf(reply.request);
  if (refuseCrossSite(prepared, incoming, reply, "signin")) return reply;
  const { redirectTo, authorizationParams, ...fields } = options;
  const callbackUrl = helperCallbackUrl(redirectTo, incoming.headers.get("referer"));
  if (!providerId) return reply.redirect(signInPagePath(prepared, incoming, callbackUrl), 303);
  const outcome = await helperSignIn(prepared, incoming, {
    providerId,
    callbackUrl,
    fields: Object.entries(fields),
    authorizationParams,
    errorRedirect: true,
  });
  setCookies(reply, outcome.cookies);
  return reply.redirect(outcome.redirect, 303);
}

/** Ends the session (the core clears its cookies) and redirects to `redirectTo` as the core judged it. */
export async function signOut(
  config: ConfigOf,
  reply: FastifyReply,
  options: FastifySignOutOptions,
): Promise<FastifyReply> {
  const prepared = config();
  const incoming = incomingOf(reply.request);
  if (refuseCrossSite(prepared, incoming, reply, "signout")) return reply;
  const callbackUrl = helperCallbackUrl(options.redirectTo, incoming.headers.get("referer"));
  const outcome = await helperSignOut(prepared, incoming, callbackUrl, { errorRedirect: true });
  setCookies(reply, outcome.cookies);
  return reply.redirect(outcome.redirect, 303);
}
