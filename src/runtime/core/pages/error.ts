/**
 * The built-in error page. Its status says what kind of failure it is: a server misconfiguration (500),
 * a refusal (403), or anything else (200, the page itself worked).
 */
import type { Theme } from "../../types.js";
import { actionHref } from "../actions/paths.js";
import { escapeHtml, layout } from "./html.js";

interface ErrorView {
  status: number;
  heading: string;
  message: string;
}

const VIEWS: Record<string, ErrorView> = {
  Configuration: {
    status: 500,
    heading: "Server error",
    message: "There is a problem with the server configuration. Check the server logs for more information.",
  },
  AccessDenied: { status: 403, heading: "Access denied", message: "You do not have permission to sign in." },
  // Where a browser's oversized form lands (core/body.ts sets the limits): a GET, so 400 rather than 413.
  InputTooLarge: {
    status: 400,
    heading: "Too much to send",
    message: "The form sent more than this site accepts. Go back, shorten what you entered, and try again.",
  },
  // Refused by the rate limits (core/limits/answer.ts renders these with the same status and Retry-After).
  RateLimited: {
    status: 429,
    heading: "Too many attempts",
    message: "There were too many attempts from here or at this account. Wait a minute, then try again.",
  },
  RateLimitUnavailable: {
    status: 503,
    heading: "Try again shortly",
    message: "Signing in is briefly unavailable. Wait a few seconds, then try again.",
  },
  Verification: {
    status: 403,
    heading: "Unable to sign in",
    message: "The sign-in link is no longer valid. It may have been used already, or it may have expired.",
  },
};

const DEFAULT_VIEW: ErrorView = {
  status: 200,
  heading: "Error",
  message: "Something went wrong while signing in. Please try again.",
};

/**
 * The view for `?error=<type>`. Own keys only: the type is the client's, and `constructor` or `__proto__`
 * would otherwise find what Object.prototype holds (an empty page, a status of `undefined`).
 */
function viewOf(type: string | undefined): ErrorView {
  return type !== undefined && Object.hasOwn(VIEWS, type) ? VIEWS[type]! : DEFAULT_VIEW;
}

export function errorStatus(type: string | undefined): number {
  return viewOf(type).status;
}

export function renderErrorPage(params: { type: string | undefined; url: URL; theme: Theme }): {
  status: number;
  html: string;
} {
  const { type, url, theme } = params;
  const view = viewOf(type);
  const link =
    type === "Configuration"
      ? `<a class="button" href="${escapeHtml(url.origin)}">Go to the home page</a>`
      : `<a class="button" href="${escapeHtml(actionHref(url, "signin"))}">Sign in</a>`;
  return {
    status: view.status,
    html: layout({
      title: "Error",
      theme,
      content: `<h1>${escapeHtml(view.heading)}</h1><p>${escapeHtml(view.message)}</p>${link}`,
    }),
  };
}
