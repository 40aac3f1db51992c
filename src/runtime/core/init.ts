/**
 * The per-request part of the options: the CSRF state (a fresh csrf cookie for every request without a
 * valid one) and the callback URL (from the body, the query or the callback-url cookie, always passed
 * through the `redirect` callback and the redirect rule; the cookie is re-set when the value changes).
 */
import type { Cookie } from "../types.js";
import { createCsrfState } from "./csrf.js";
import type { InternalOptions, RequestInternal } from "./internal.js";
import { APP_CHOSEN, askRedirectCallback, redirectTarget } from "./redirect.js";

export async function init(
  request: RequestInternal,
  options: InternalOptions,
  skipCSRFCheck: boolean,
): Promise<{ options: InternalOptions; cookies: Cookie[] }> {
  // `options` is this request's own object (resolveOptions builds one per request): filled in place.
  const cookies: Cookie[] = [];

  if (!skipCSRFCheck) {
    const state = createCsrfState({
      cookieValue: request.cookies[options.cookies.csrfToken.name],
      bodyValue: request.body?.csrfToken,
      isPost: request.method === "POST",
      secrets: options.secret,
    });
    // Synchronous on Node: awaited only where it is a promise (WebCrypto's digests on edge runtimes).
    const csrf = state instanceof Promise ? await state : state;
    options.csrfToken = csrf.token;
    options.csrfTokenVerified = csrf.verified;
    if (csrf.cookie) {
      cookies.push({
        name: options.cookies.csrfToken.name,
        value: csrf.cookie,
        options: options.cookies.csrfToken.options,
      });
    }
  }

  // Most requests ask for no destination: then there is no callback to await.
  const requested = requestedCallbackUrl(request, options);
  const { name, options: attributes } = options.cookies.callbackUrl;
  const cookieValue = request.cookies[name];
  if (requested === undefined) {
    // A refused callback-url cookie is cleared, since a planted one (a sibling subdomain can set it) would
    // otherwise ride on every request.
    if (cookieValue !== undefined) cookies.push({ name, value: "", options: { ...attributes, maxAge: 0 } });
    return { options, cookies };
  }
  // What is left goes to the `redirect` callback, which decides which origins are allowed (the default: this
  // one); its answer passes the rule again, and anything it refuses becomes the base URL.
  const callbackUrl = await askRedirectCallback(options.callbacks.redirect, requested, options.url.origin);
  options.callbackUrl = callbackUrl;
  if (callbackUrl !== cookieValue) cookies.push({ name, value: callbackUrl, options: attributes });
  return { options, cookies };
}

/**
 * Where this request asks to land afterwards: the body's or the query's `callbackUrl`, else the callback-url
 * cookie's. A destination is the client's input: one the redirect rule refuses (core/redirect.ts) is ignored,
 * never answered as a server fault. Only its form is checked here: the origin is the callback's decision.
 */
function requestedCallbackUrl(request: RequestInternal, options: InternalOptions): string | undefined {
  const paramValue = request.body?.callbackUrl ?? request.query.callbackUrl;
  const cookieValue = request.cookies[options.cookies.callbackUrl.name];
  if (paramValue === undefined && cookieValue === undefined) return undefined;
  const baseUrl = options.url.origin;
  const accepted = (value: string | undefined) =>
    value !== undefined && redirectTarget(value, baseUrl, APP_CHOSEN) !== undefined ? value : undefined;
  const fromParam = accepted(paramValue);
  // Debug, not warn: anyone can send these, and a log line per hostile request would be theirs to flood.
  if (paramValue && !fromParam) options.logger.debug("invalid-callback-url", { callbackUrl: paramValue });
  return fromParam ?? accepted(cookieValue);
}
