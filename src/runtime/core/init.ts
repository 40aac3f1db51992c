/**
 * The per-request part of the options: the CSRF state (a fresh csrf cookie for every request without a
 * valid one) and the callback URL (from the body, the query or the callback-url cookie, always passed
 * through the `redirect` callback; the cookie is re-set when the value changes).
 */
import type { Cookie } from "../types.js";
import { createCsrfState } from "./csrf.js";
import type { InternalOptions, RequestInternal } from "./internal.js";

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

  const cookieValue = request.cookies[options.cookies.callbackUrl.name];
  const paramValue = request.body?.callbackUrl ?? request.query.callbackUrl;
  const requested = paramValue || cookieValue;
  if (requested) {
    options.callbackUrl = await options.callbacks.redirect({ url: requested, baseUrl: options.url.origin });
  }
  if (options.callbackUrl !== cookieValue && (requested || cookieValue)) {
    cookies.push({
      name: options.cookies.callbackUrl.name,
      value: options.callbackUrl,
      options: options.cookies.callbackUrl.options,
    });
  }
  return { options, cookies };
}
