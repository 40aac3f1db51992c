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
    const csrf = await createCsrfState({
      cookieValue: request.cookies[options.cookies.csrfToken.name],
      bodyValue: request.body?.csrfToken,
      isPost: request.method === "POST",
      secrets: options.secret,
    });
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

  const { cookies: callbackCookies, callbackUrl } = await resolveCallbackUrl(request, options);
  if (callbackUrl !== undefined) options.callbackUrl = callbackUrl;
  cookies.push(...callbackCookies);
  return { options, cookies };
}

/**
 * Where this request asks to land afterwards. A destination is the client's input: one the redirect rule
 * refuses (core/redirect.ts) is ignored, never answered as a server fault, and a refused callback-url cookie
 * is cleared, since a planted one (a sibling subdomain can set it) would otherwise ride on every request.
 * What is left goes to the `redirect` callback, which decides which origins are allowed (the default: this
 * one); its answer passes the rule again, and anything it refuses becomes the base URL.
 */
async function resolveCallbackUrl(
  request: RequestInternal,
  options: InternalOptions,
): Promise<{ callbackUrl: string | undefined; cookies: Cookie[] }> {
  const { name, options: attributes } = options.cookies.callbackUrl;
  const baseUrl = options.url.origin;
  const cookieValue = request.cookies[name];
  const paramValue = request.body?.callbackUrl ?? request.query.callbackUrl;
  // Only the form of the request's value is checked here: the origin is the callback's decision.
  const accepted = (value: string | undefined) =>
    value !== undefined && redirectTarget(value, baseUrl, APP_CHOSEN) !== undefined ? value : undefined;
  const fromParam = accepted(paramValue);
  const fromCookie = accepted(cookieValue);
  // Debug, not warn: anyone can send these, and a log line per hostile request would be theirs to flood.
  if (paramValue && !fromParam) options.logger.debug("invalid-callback-url", { callbackUrl: paramValue });

  const requested = fromParam ?? fromCookie;
  if (!requested) {
    const clear = cookieValue !== undefined ? [{ name, value: "", options: { ...attributes, maxAge: 0 } }] : [];
    return { callbackUrl: undefined, cookies: clear };
  }
  const callbackUrl = await askRedirectCallback(options.callbacks.redirect, requested, baseUrl);
  const cookies = callbackUrl === cookieValue ? [] : [{ name, value: callbackUrl, options: attributes }];
  return { callbackUrl, cookies };
}
