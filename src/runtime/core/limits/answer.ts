/**
 * How a refused attempt (RateLimited, thrown by check.ts) is answered, in the form the client can use:
 * - 429 Too Many Requests with `Retry-After` (RFC 6585 §4), or 503 with `Retry-After` (RFC 9110 §15.6.4)
 *   when the counter store is down and the path fails closed;
 * - an API client (a fetch, curl): JSON `{ "error": "RateLimited", "retryAfter": n }`
 *   (`"RateLimitUnavailable"` for the 503);
 * - the client helpers' fetch (`X-Auth-Return-Redirect`): the same status and JSON, with the error page's
 *   `url` they read the outcome from (client/outcome.ts), so `signIn(…, { redirect: false })` sees the error;
 * - a browser's form post (a navigation): the built-in error page with that status, or a redirect to
 *   `pages.error?error=RateLimited&retryAfter=n` (a page cannot be served under a 429 from elsewhere);
 * - a server helper (`raw`) that asked for the error page: the redirect to it.
 */
import type { RateLimited } from "../../errors.js";
import type { Cookie, PagesOptions, ResponseInternal, Theme } from "../../types.js";
import { pageUrl, wantsPage, withQuery } from "../errors.js";
import type { RequestInternal } from "../internal.js";
import { renderErrorPage } from "../pages/error.js";
import { html, NO_CACHE_HEADERS } from "../response.js";

/** The `?error=` and JSON `error` of each refusal. */
export function refusalType(error: RateLimited): "RateLimited" | "RateLimitUnavailable" {
  return error.reason === "limited" ? "RateLimited" : "RateLimitUnavailable";
}

export interface RefusalContext {
  request: RequestInternal;
  basePath: string;
  pages: Partial<PagesOptions>;
  theme: Theme;
  cookies?: Cookie[];
  /** The server helpers' call (`config.raw`): they read where to send the browser from `redirect`. */
  raw: boolean;
}

export function rateLimitedResponse(error: RateLimited, context: RefusalContext): ResponseInternal {
  const { request, basePath, pages, theme, cookies = [], raw } = context;
  const type = refusalType(error);
  const status = error.reason === "limited" ? 429 : 503;
  const retryAfter = String(error.retryAfter);
  const params = new URLSearchParams({ error: type, retryAfter });
  const errorPage = withQuery(pageUrl(request.url.origin, pages.error ?? `${basePath}/error`), params);
  if (raw) return { redirect: errorPage, cookies };

  const headers = { ...NO_CACHE_HEADERS, "Retry-After": retryAfter };
  const body = { error: type, retryAfter: error.retryAfter };
  const returnRedirect = request.headers.has("x-auth-return-redirect");
  if (!returnRedirect && wantsPage(request.request)) {
    if (pages.error) return { redirect: errorPage, headers, cookies };
    const page = renderErrorPage({ type, url: new URL(`${request.url.origin}${basePath}`), theme });
    const answer = html(page.html, status, { cookies });
    return { ...answer, headers: { ...answer.headers, ...headers } };
  }
  return {
    status,
    headers: { "Content-Type": "application/json", ...headers },
    body: returnRedirect ? { url: errorPage, ...body } : body,
    cookies,
  };
}
