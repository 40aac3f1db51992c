/**
 * The server side of the Qwik City integration, free of Qwik runtime imports: which requests are auth
 * endpoints, the session of a request, and what signing in or out asks of the core. `auth.qwik.ts` wires
 * these into Qwik's `onRequest`, `routeLoader$` and `globalAction$`; every auth decision stays the core's.
 */
import type { EnvGetter } from "@builder.io/qwik-city/middleware/request-handler";
import { Auth, raw, skipCSRFCheck } from "../core/auth.js";
import { createActionURL, isAuthAction } from "../core/auth-actions.js";
import { helperRedirect } from "../core/redirect.js";
import { normalizeBasePath } from "../core/request.js";
import type { AuthAction, AuthConfig, Cookie, ResponseInternal, Session } from "../types.js";
import { envRecord } from "./env.js";

/** The configuration `QwikAuth$` returns: the core's, minus the `raw` marker this layer manages. */
export type QwikAuthConfig = Omit<AuthConfig, "raw">;

/** The session of a request and the cookies the core re-issued while reading it (rolling expiry). */
export type GetSessionResult = Promise<{ cookie: Cookie[]; data: Session | null }>;

/** Query parameters added to the provider's authorization request. */
export type AuthorizationParams = string | Record<string, string> | URLSearchParams;

/** What the integration needs of a Qwik request event (`RequestEventCommon` has all of it). */
export interface AuthRequestEvent {
  readonly request: Request;
  readonly url: URL;
  readonly env: EnvGetter;
}

/** Where a sign-in or sign-out sends the browser, and the cookies to set on the way. */
export interface AuthRedirect {
  url: string;
  cookies: Cookie[];
}

/** True for `<basePath>/<action>[/…]` with a known action: those requests are the core's, not the app's. */
export function isAuthEndpoint(pathname: string, basePath: string | undefined): boolean {
  const base = normalizeBasePath(basePath);
  if (base && !pathname.startsWith(`${base}/`)) return false;
  const action = pathname.slice(base.length).split("/").filter(Boolean)[0];
  return action !== undefined && isAuthAction(action);
}

const CLIENT_DATA = "/q-data.json";

/**
 * Qwik City's client fetches `<page>/q-data.json` to navigate without reloading, including after an action
 * redirected to a page here (a rejected sign-in lands on `<basePath>/signin?error=…`). Auth pages are not
 * Qwik routes: this is the page to redirect such a request to, which makes the client load it fully.
 */
export function authPageOfClientData(url: URL, basePath: string | undefined): string | null {
  if (!url.pathname.endsWith(CLIENT_DATA)) return null;
  const pathname = url.pathname.slice(0, -CLIENT_DATA.length);
  return isAuthEndpoint(pathname, basePath) ? `${pathname}${url.search}` : null;
}

/**
 * Calls made by the app's own server code (the session loader, the sign-in and sign-out actions) get the
 * core's internal result and skip its CSRF token: Qwik City itself rejects a cross-site form POST to an
 * action (its `checkOrigin` guard), which is what the double-submit token would otherwise provide.
 */
function serverSide(config: QwikAuthConfig): AuthConfig & { raw: typeof raw } {
  return { ...config, raw, skipCSRFCheck };
}

/** A Request to `<origin><basePath>/<action>[/<provider>]` carrying the incoming request's headers and cookies. */
function actionRequest(
  event: AuthRequestEvent,
  config: QwikAuthConfig,
  action: AuthAction,
  init: { providerId?: string | undefined; search?: AuthorizationParams | undefined; body?: URLSearchParams } = {},
): Request {
  const headers = new Headers(event.request.headers);
  const url = createActionURL(action, event.url.protocol, headers, envRecord(event.env), config);
  if (init.providerId) url.pathname += `/${encodeURIComponent(init.providerId)}`;
  for (const [key, value] of new URLSearchParams(init.search)) url.searchParams.append(key, value);
  // The incoming body (the action's own form) is not forwarded, so neither are its framing headers.
  for (const name of ["content-type", "content-length", "transfer-encoding"]) headers.delete(name);
  if (!init.body) return new Request(url, { headers });
  headers.set("content-type", "application/x-www-form-urlencoded");
  // The core then answers a rejected sign-in with the redirect to its error page instead of throwing:
  // a Qwik action is posted by a browser form, and the browser has to land somewhere.
  headers.set("x-auth-return-redirect", "1");
  return new Request(url, { method: "POST", headers, body: init.body });
}

/** The session of the request (null when absent or unreadable: fail closed) and the cookies to re-issue. */
export async function getSessionData(event: AuthRequestEvent, config: QwikAuthConfig): GetSessionResult {
  let result: ResponseInternal;
  try {
    result = await Auth(actionRequest(event, config, "session"), serverSide(config));
  } catch {
    // The core has logged the cause; a session that cannot be read is no session.
    return { cookie: [], data: null };
  }
  const status = result.status ?? 200;
  const body = result.body as Session | null | undefined;
  const valid = status >= 200 && status < 300 && typeof body === "object" && body !== null;
  return { cookie: result.cookies ?? [], data: valid && typeof body.expires === "string" ? body : null };
}

/** The page an action was posted from, without Qwik's own query parameters: the default destination. */
export function currentPage(url: URL): string {
  const page = new URL(url);
  for (const name of ["qaction", "qdata", "qfunc", "qloaders"]) page.searchParams.delete(name);
  page.pathname = page.pathname.replace(/\/q-data\.json$/, "/");
  return `${page.pathname}${page.search}`;
}

/** `url` as a path when it is on `base`'s origin (or already relative); otherwise unchanged. */
export function sameOriginPath(url: string, base: URL): string {
  if (!URL.canParse(url, base)) return url;
  const target = new URL(url, base);
  return target.origin === base.origin ? `${target.pathname}${target.search}${target.hash}` : target.href;
}

export interface SignInInput {
  providerId?: string | undefined;
  redirectTo?: string | undefined;
  options?: ({ redirectTo?: string | undefined } & Record<string, unknown>) | undefined;
  authorizationParams?: AuthorizationParams | undefined;
}

/**
 * Signs in with `providerId`: credentials are verified by the callback action directly, every other
 * provider starts at signin (an OAuth provider answers with its authorization URL). Without a provider,
 * the browser goes to the sign-in page. The destination afterwards is `options.redirectTo`, `redirectTo`,
 * or the page the action was posted from.
 */
export async function signInRedirect(
  event: AuthRequestEvent,
  config: QwikAuthConfig,
  input: SignInInput,
): Promise<AuthRedirect> {
  const { redirectTo: optionsRedirectTo, ...fields } = input.options ?? {};
  const callbackUrl = optionsRedirectTo || input.redirectTo || currentPage(event.url);
  if (!input.providerId) {
    const url = createActionURL("signin", event.url.protocol, event.request.headers, envRecord(event.env), config);
    url.searchParams.set("callbackUrl", callbackUrl);
    return { url: url.href, cookies: [] };
  }
  const provider = config.providers
    .map((entry) => (typeof entry === "function" ? entry() : entry))
    .find((candidate) => candidate.id === input.providerId);
  const action = provider?.type === "credentials" ? "callback" : "signin";
  const body = new URLSearchParams({ callbackUrl });
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) body.set(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  const request = actionRequest(event, config, action, {
    providerId: input.providerId,
    search: input.authorizationParams,
    body,
  });
  const result = await Auth(request, serverSide(config));
  return { url: helperRedirect(result, request), cookies: result.cookies ?? [] };
}

/** Ends the session (the core clears its cookies) and names the page to land on. */
export async function signOutRedirect(
  event: AuthRequestEvent,
  config: QwikAuthConfig,
  input: { redirectTo?: string | undefined },
): Promise<AuthRedirect> {
  const callbackUrl = input.redirectTo || currentPage(event.url);
  const request = actionRequest(event, config, "signout", { body: new URLSearchParams({ callbackUrl }) });
  const result = await Auth(request, serverSide(config));
  return { url: helperRedirect(result, request), cookies: result.cookies ?? [] };
}
