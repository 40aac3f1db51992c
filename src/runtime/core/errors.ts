/**
 * The one place where errors become responses. Sign-in errors send the user back to the sign-in page,
 * everything else to the error page; only the types in CLIENT_SAFE reach the URL, every other one is
 * shown as `Configuration` (the details stay in the server log). No stack or message reaches a client.
 */
import {
  AccountLinkRefused,
  AuthError,
  CredentialsSignin,
  ErrorPageLoop,
  InputTooLarge,
  MissingSecret,
  SignInError,
  UntrustedHost,
} from "../errors.js";
import type { Cookie, LoggerInstance, PagesOptions, ResponseInternal, Theme } from "../types.js";
import type { ResolvedConfig } from "./config.js";
import type { RequestInternal } from "./internal.js";
import { renderErrorPage } from "./pages/error.js";
import { escapeHtml, layout } from "./pages/html.js";
import { APP_CHOSEN, redirectTarget } from "./redirect.js";
import { effectiveUrl } from "./request.js";
import { html, json } from "./response.js";

/** Types a user can act on, and that reveal nothing about the server. */
const CLIENT_SAFE = new Set([
  "CredentialsSignin",
  "OAuthAccountNotLinked",
  "OAuthCallbackError",
  "AccessDenied",
  "Verification",
  "MissingCSRF",
  "AccountNotLinked",
  "AccountLinkRefused",
  "WebAuthnVerificationError",
  // "The form sent more than this server takes": the limits are no secret, and resending less is the remedy.
  "InputTooLarge",
  // Unlike the reference (which shows Configuration): "the sign-in email could not be sent, check the
  // address" is something the user can act on, and it says nothing about the server.
  "EmailSignInError",
]);

const CONFIGURATION_MESSAGE =
  "There was a problem with the server configuration. Check the server logs for more information.";

/** Pages that a browser navigates to: a configuration error there renders HTML rather than JSON. */
const PAGE_ACTIONS = new Set([
  "signin",
  "signout",
  "error",
  "verify-request",
  // The password provider's pages.
  "signup",
  "forgot-password",
  "reset-password",
  "verify-email",
  "change-password",
]);

export interface ErrorContext {
  request: RequestInternal;
  basePath: string;
  pages: Partial<PagesOptions>;
  theme: Theme;
  logger: LoggerInstance;
  /** Cookies collected before the failure (a fresh csrf cookie, the callback URL) still go out. */
  cookies?: Cookie[];
}

/**
 * A `pages` entry as a URL: a path on this origin, or an absolute http(s) URL the app chose. assertConfig
 * refuses any other entry before an action runs; the fallback only serves the configuration-error path,
 * which answers before that check could pass.
 */
export function pageUrl(origin: string, page: string): string {
  return redirectTarget(page, origin, APP_CHOSEN) ?? origin;
}

export function withQuery(url: string, params: URLSearchParams): string {
  if (params.size === 0) return url;
  return `${url}${url.includes("?") ? "&" : "?"}${params}`;
}

export function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** The `?error=` a client sees for this error. */
export function clientErrorType(error: Error): string {
  return error instanceof AuthError && CLIENT_SAFE.has(error.type) ? error.type : "Configuration";
}

/**
 * The provider a configuration error is about, when it is one the server has but could not use (actions/signin.ts
 * marks it: `cause.provider`). It travels to the error page as `?provider=`, which names the env keys to fill
 * only for a provider that really lacks them (actions/error.ts): nothing of the request is reflected.
 */
function unconfiguredProvider(error: Error): string | undefined {
  const provider = error instanceof AuthError ? error.cause?.provider : undefined;
  return typeof provider === "string" ? provider : undefined;
}

/** Maps an error thrown by an action to a redirect (or, for a session update, 400 `null`). Logs it. */
export function actionErrorResponse(thrown: unknown, context: ErrorContext): ResponseInternal {
  const error = toError(thrown);
  const { request, basePath, pages, logger, cookies = [] } = context;
  logger.error(error);
  if (request.method === "POST" && request.action === "session") return json(null, 400, { cookies });
  const params = new URLSearchParams({ error: clientErrorType(error) });
  if (error instanceof CredentialsSignin || error instanceof AccountLinkRefused) params.set("code", error.code);
  const provider = unconfiguredProvider(error);
  if (provider !== undefined) params.set("provider", provider);
  const isSignIn = error instanceof SignInError;
  const page = (isSignIn ? pages.signIn : pages.error) ?? `${basePath}/${isSignIn ? "signin" : "error"}`;
  return { redirect: withQuery(pageUrl(request.url.origin, page), params), cookies };
}

/** RFC 9110 §15.5.14: 413 for a body over its limit; §15.5.1: 400 for too many fields or a field too long. */
export function inputLimitStatus(error: InputTooLarge): 400 | 413 {
  return error.limit === "body" ? 413 : 400;
}

/**
 * A browser that has to land on a page: a form it posts itself (a navigation), or a script that asks where to
 * send it (`X-Auth-Return-Redirect`). Fetch metadata says so where the browser sends it; else `Accept`.
 */
export function wantsPage(request: Request): boolean {
  if (request.headers.has("x-auth-return-redirect")) return true;
  const mode = request.headers.get("sec-fetch-mode");
  if (mode !== null) return mode === "navigate";
  return request.headers.get("accept")?.includes("text/html") ?? false;
}

/**
 * Answers a request refused while it was parsed (core/request.ts), before any action, store or mail: a body
 * over a limit with 413 or 400 (`{ message }`), or for a browser the error page with `?error=InputTooLarge`;
 * anything else (an unknown action, a body that does not parse) with 400.
 */
export function requestErrorResponse(
  thrown: unknown,
  context: { request: Request; config: ResolvedConfig },
): ResponseInternal {
  const error = toError(thrown);
  const { request, config } = context;
  config.static.logger.error(error);
  if (!(error instanceof InputTooLarge)) return json("Bad request.", 400);
  if (wantsPage(request)) {
    const origin = effectiveUrl(request, config.rules).origin;
    const page = config.static.pages.error ?? `${config.rules.basePath}/error`;
    return { redirect: withQuery(pageUrl(origin, page), new URLSearchParams({ error: error.type })) };
  }
  return json({ message: error.message }, inputLimitStatus(error));
}

/**
 * Answers a configuration error found before any action ran: pages render the Configuration error page
 * (or redirect to the custom one), everything else gets a 500 JSON message. A custom error page that
 * itself needs authentication would loop, so it is bypassed (and the loop logged).
 */
export function configurationErrorResponse(thrown: unknown, context: Omit<ErrorContext, "cookies">): ResponseInternal {
  const error = toError(thrown);
  const { request, basePath, pages, theme, logger } = context;
  logger.error(error);
  if (!PAGE_ACTIONS.has(request.action) || request.method !== "GET") {
    return json({ message: CONFIGURATION_MESSAGE }, 500);
  }
  const onErrorPage = Boolean(pages.error && request.query.callbackUrl?.startsWith(pages.error));
  if (onErrorPage) {
    logger.error(new ErrorPageLoop(`The error page ${pages.error} must not require authentication.`));
  }
  if (!pages.error || onErrorPage) {
    const help = configurationHelp(error);
    if (help !== undefined) return html(configurationHelpPage({ theme, help }), 500);
    const url = new URL(`${request.url.origin}${basePath}`);
    const { status, html: page } = renderErrorPage({ type: "Configuration", url, theme });
    return html(page, status);
  }
  return {
    redirect: withQuery(pageUrl(request.url.origin, pages.error), new URLSearchParams({ error: "Configuration" })),
  };
}

/**
 * What the developer of a site must set, for the configuration errors where that is all there is to it and
 * saying it tells a visitor nothing about the server but the names of two settings (never a value, never
 * the request's host). Every other configuration error keeps the generic page: its details are in the log.
 */
function configurationHelp(error: Error): string | undefined {
  if (error instanceof UntrustedHost) {
    return "Sign-in is not set up for this address. The server needs AUTH_URL set to the site's public URL (for example https://app.example.com), or AUTH_TRUST_HOST=true when it runs behind a proxy that sets the Host header; then restart it.";
  }
  if (error instanceof MissingSecret) {
    return "The server has no AUTH_SECRET. Create one with `openssl rand -base64 32` (or `npx create-auth secret`), set it as AUTH_SECRET in the server's environment, and restart it.";
  }
  return undefined;
}

/**
 * The Configuration error page (500) with one paragraph saying what to set. Its link is the path `/`, not an
 * absolute URL: on an untrusted host the request's origin is whatever the client sent (WSTG-INPV-17).
 */
export function configurationHelpPage(params: { theme: Theme; help: string }): string {
  const { theme, help } = params;
  return layout({
    title: "Error",
    theme,
    content: `<h1>Server error</h1><p>There is a problem with the server configuration.</p><p>${escapeHtml(help)}</p><a class="button" href="/">Go to the home page</a>`,
  });
}
