/**
 * The sign-in and sign-out helpers behind server actions and form actions (the spec's `signIn(providerId,
 * { redirectTo }, authorizationParams)` and `signOut()` on the server): which action a sign-in is posted to,
 * what it posts, and where the browser goes afterwards, which is always where the core decided.
 */

import { MissingCSRF } from "../../errors.js";
import type { Cookie, ResponseInternal } from "../../types.js";
import { Auth } from "../auth.js";
import { assertSameOriginPost } from "../csrf.js";
import { helperRedirect } from "../redirect.js";
import { type AuthorizationParams, signInAction as actionForType } from "../sign-in-request.js";
import { actionRequest, actionUrl, type IncomingRequest } from "./action-request.js";
import { type IntegrationConfig, serverConfig } from "./config.js";

/** Where a sign-in or sign-out helper sends the browser, and the cookies to set on the way. */
export interface HelperOutcome {
  redirect: string;
  cookies: Cookie[];
}

/**
 * The action a helper posts a sign-in to: the configured provider's type and the fields posted decide
 * (core/sign-in-request.ts).
 */
export function signInAction(
  config: IntegrationConfig,
  providerId: string,
  fields: Iterable<string>,
): "callback" | "signin" {
  const provider = config.providers
    .map((entry) => (typeof entry === "function" ? entry() : entry))
    .find((candidate) => candidate.id === providerId);
  return actionForType(provider?.type, fields);
}

/**
 * The helpers act for the browser without the double-submit token (serverConfig): a framework that guards
 * its own POST routes against cross-site forms (Next's server actions, SvelteKit's `checkOrigin`) makes that
 * safe; for one that does not (Hono, Fastify, …), the integration asks this first. It is the core's rule for
 * any POST to the auth routes (core/csrf.ts), on the browser's word (`Origin`, `Sec-Fetch-Site`): a
 * cross-site form must not sign a visitor in to someone else's account (login CSRF), nor a cross-site image
 * sign them out. Returns why the request is refused (the integration answers 403 with it), or null.
 */
export function crossSiteRefusal(
  config: IntegrationConfig,
  incoming: IncomingRequest,
  action: "signin" | "signout",
): string | null {
  const headers = new Headers(incoming.headers);
  try {
    assertSameOriginPost(action, headers, actionUrl(config, action, incoming, headers).origin);
    return null;
  } catch (error) {
    if (!(error instanceof MissingCSRF)) throw error;
    return error.message;
  }
}

/** The built-in sign-in page, coming back to `callbackUrl`: a sign-in helper called without a provider. */
export function signInPage(config: IntegrationConfig, incoming: IncomingRequest, callbackUrl: string): URL {
  const url = actionUrl(config, "signin", incoming, new Headers(incoming.headers));
  url.searchParams.set("callbackUrl", callbackUrl);
  return url;
}

export interface HelperSignIn {
  providerId: string;
  /** Where to land afterwards; the core's `redirect` callback and redirect rule judge it. */
  callbackUrl: string;
  /**
   * Posted besides `callbackUrl` (credentials read them). The integration has left out its framework's own
   * fields; the helpers' own names (HELPER_FIELDS) are left out here, and each value is posted as fieldText
   * says.
   */
  fields?: Iterable<readonly [string, unknown]> | undefined;
  authorizationParams?: AuthorizationParams | undefined;
  errorRedirect?: boolean | undefined;
}

/**
 * The sign-in helpers' own inputs (the spec's `signIn(providerId, { redirectTo }, authorizationParams)` and
 * the form fields named after them), never a provider's: a posted `callbackUrl` must not replace the one the
 * helper chose, and a `csrfToken` means nothing to a server-side call (serverConfig).
 */
const HELPER_FIELDS = new Set(["providerId", "redirectTo", "callbackUrl", "authorizationParams", "csrfToken"]);

/**
 * A field's value as posted: text as it is, any other value (a number, a boolean, an object in Qwik's
 * validated input) as JSON text; nothing for an absent value or an uploaded file, whose bytes no provider
 * reads from a sign-in form.
 */
function fieldText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (value === undefined || value === null || value instanceof Blob) return undefined;
  return JSON.stringify(value);
}

/**
 * RFC 9700 §4.11 (no open redirect): the browser goes only where the core decided (helperRedirect), never
 * to the caller's own input.
 */
function outcome(request: Request, result: ResponseInternal): HelperOutcome {
  return { redirect: helperRedirect(result, request), cookies: result.cookies ?? [] };
}

/**
 * Signs in with a provider: an OAuth provider answers with its authorization URL; credentials, and a passkey's
 * signed credential (the `action` and `data` fields), with the session.
 */
export async function helperSignIn(
  config: IntegrationConfig,
  incoming: IncomingRequest,
  input: HelperSignIn,
): Promise<HelperOutcome> {
  const body = new URLSearchParams({ callbackUrl: input.callbackUrl });
  for (const [key, value] of input.fields ?? []) {
    const text = HELPER_FIELDS.has(key) ? undefined : fieldText(value);
    if (text !== undefined) body.set(key, text);
  }
  const request = actionRequest(config, signInAction(config, input.providerId, body.keys()), incoming, {
    providerId: input.providerId,
    search: input.authorizationParams,
    body,
    errorRedirect: input.errorRedirect,
  });
  return outcome(request, await Auth(request, serverConfig(config)));
}

/** Ends the session (the core clears its cookies) and lands on `callbackUrl` as the core judged it. */
export async function helperSignOut(
  config: IntegrationConfig,
  incoming: IncomingRequest,
  callbackUrl: string,
  options: { errorRedirect?: boolean | undefined } = {},
): Promise<HelperOutcome> {
  const body = new URLSearchParams({ callbackUrl });
  const request = actionRequest(config, "signout", incoming, { body, errorRedirect: options.errorRedirect });
  return outcome(request, await Auth(request, serverConfig(config)));
}
