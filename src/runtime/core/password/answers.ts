/**
 * How the password actions answer: every outcome a person can act on is a redirect to a page (the built-in
 * one under the base path, or the app's from `pages`) with `?error=<Type>` (and `reasons=` for a refused
 * password); a full hasher is a 503 with Retry-After. The redirects are built from the configured base URL and
 * `pages` only, so an integration that follows them goes nowhere the request chose (the callback URL has
 * passed init's redirect check like everywhere else).
 */
import type { PagesOptions, ResponseInternal } from "../../types.js";
import type { ActionContext } from "../actions/context.js";
import { actionHref } from "../actions/paths.js";
import { pageUrl, withQuery } from "../errors.js";
import type { InternalPasswordProvider } from "../internal.js";
import { escapeHtml, layout } from "../pages/html.js";
import { html, json, NO_CACHE_HEADERS } from "../response.js";
import { accountEmail } from "./input.js";
import { BUSY_RETRY_AFTER } from "./settings.js";

export type PasswordPageAction = "signup" | "forgot-password" | "reset-password" | "verify-email" | "change-password";

/** The `pages` key that replaces each built-in page. */
export const PAGE_OPTION: Record<PasswordPageAction, keyof PagesOptions> = {
  signup: "signUp",
  "forgot-password": "forgotPassword",
  "reset-password": "resetPassword",
  "verify-email": "verifyEmail",
  "change-password": "changePassword",
};

/** The page for `action`, with `params`: the app's (`pages`) or the built-in one. */
export function pageHref(context: ActionContext, action: PasswordPageAction, params: URLSearchParams): string {
  const { options, request } = context;
  const custom = options.pages[PAGE_OPTION[action]];
  const base = custom ? pageUrl(request.url.origin, custom) : actionHref(options.url, action);
  return withQuery(base, params);
}

/** The sign-in page (the app's `pages.signIn` or the built-in one), with `params`. */
export function signInHref(context: ActionContext, params: URLSearchParams): string {
  const { options, request } = context;
  const base = options.pages.signIn
    ? pageUrl(request.url.origin, options.pages.signIn)
    : actionHref(options.url, "signin");
  return withQuery(base, params);
}

/** Back to `action`'s page saying why: `?error=<type>` plus what the page needs to show the form again. */
export function backTo(
  context: ActionContext,
  action: PasswordPageAction,
  error: string,
  extra: Record<string, string> = {},
): ResponseInternal {
  const params = new URLSearchParams({ ...extra, error });
  return { redirect: pageHref(context, action, params), cookies: context.cookies };
}

/**
 * How the forms keyed on an address (sign-up, forgot) start: the CSRF check, then the account's address,
 * normalised (the rate limits key on it). Either the address, or the answer sending the form back.
 */
export function addressedForm(context: ActionContext, action: PasswordPageAction): string | ResponseInternal {
  if (!context.options.csrfTokenVerified && !context.skipCSRFCheck) return backTo(context, action, "MissingCSRF");
  return accountEmail(context.request) ?? backTo(context, action, "InvalidEmail");
}

/**
 * "Check your email": the answer to every sign-up and every forgot-password request that was well formed,
 * whoever the address belongs to (the verify-request page, told it is this provider's).
 */
export function checkYourEmail(context: ActionContext, provider: InternalPasswordProvider): ResponseInternal {
  const { options, request, cookies } = context;
  const query = new URLSearchParams({ provider: provider.id, type: provider.type });
  const page = options.pages.verifyRequest
    ? pageUrl(request.url.origin, options.pages.verifyRequest)
    : actionHref(options.url, "verify-request");
  return { redirect: withQuery(page, query), cookies };
}

/** A browser navigating (a form post), or a script asking where to go: it gets a page, not JSON. */
function wantsPage(request: Request): boolean {
  const mode = request.headers.get("sec-fetch-mode");
  if (mode !== null) return mode === "navigate";
  return request.headers.get("accept")?.includes("text/html") ?? false;
}

/**
 * The hasher is full (password/hasher.ts `busy`): RFC 9110 §15.6.4, 503 with Retry-After. Nothing was
 * stored or used up (a reset token stays valid), so the same request succeeds later.
 */
export function busy(context: ActionContext): ResponseInternal {
  const { request, options, cookies } = context;
  const headers = { "Retry-After": String(BUSY_RETRY_AFTER), ...NO_CACHE_HEADERS };
  const message = `Too many sign-ins at once. Try again in ${BUSY_RETRY_AFTER} seconds.`;
  if (!wantsPage(request.request)) {
    const answer = json({ message }, 503, { cookies });
    return { ...answer, headers: { ...answer.headers, ...headers } };
  }
  const page = layout({
    title: "Try again shortly",
    theme: options.theme,
    content: `<h1>Try again shortly</h1><p role="alert">${escapeHtml(message)}</p>`,
  });
  const answer = html(page, 503, { cookies });
  return { ...answer, headers: { ...answer.headers, ...headers } };
}
