/**
 * The browser side of the auth actions: read the session, the CSRF token and the providers; sign in and
 * out with a POST carrying the CSRF token and `X-Auth-Return-Redirect: 1`, so the core answers `{ url }`
 * (cookies set) instead of a redirect, and we decide whether to navigate. Session changes are announced to
 * this tab's `SessionProvider`s and, through a BroadcastChannel, to the app's other tabs.
 */
import type { BrowserSignInOptions } from "../client/sign-in-options.js";
import type { Session } from "../types.js";
import {
  type AuthorizationParams,
  type ClientProvider,
  returnedUrl,
  type SignInResponse,
  signInAction,
  signInFields,
  signInPageUrl,
  signInResponse,
  signInUrl,
} from "./outcome.js";

let defaultBasePath = "/api/auth";

/** Where the actions are served when a call names none; `SessionProvider` sets it from its `basePath`. */
export function setBasePath(basePath: string): void {
  defaultBasePath = basePath.replace(/\/+$/, "");
}

export function getBasePath(): string {
  return defaultBasePath;
}

async function getJson(path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(path, { credentials: "same-origin", headers: { Accept: "application/json" } });
  return { status: response.status, body: await response.json().catch(() => null) };
}

/** The current session from `/session`, or null when signed out or when the server cannot be reached. */
export async function getSession(options: { basePath?: string } = {}): Promise<Session | null> {
  try {
    const { status, body } = await getJson(`${options.basePath ?? defaultBasePath}/session`);
    return status === 200 && typeof body === "object" && body !== null ? (body as Session) : null;
  } catch {
    return null;
  }
}

/** A CSRF token for a POST to an auth action (it also sets the matching cookie). */
export async function getCsrfToken(options: { basePath?: string } = {}): Promise<string> {
  const endpoint = `${options.basePath ?? defaultBasePath}/csrf`;
  const { status, body } = await getJson(endpoint);
  const token = typeof body === "object" && body !== null ? (body as { csrfToken?: unknown }).csrfToken : undefined;
  if (typeof token !== "string") throw new Error(`GET ${endpoint} answered ${status} without a csrfToken`);
  return token;
}

/** The configured providers by id, or null when `/providers` does not answer them. */
export async function getProviders(
  options: { basePath?: string } = {},
): Promise<Record<string, ClientProvider> | null> {
  const { status, body } = await getJson(`${options.basePath ?? defaultBasePath}/providers`);
  return status === 200 && typeof body === "object" && body !== null ? (body as Record<string, ClientProvider>) : null;
}

// ─── Session changes: this tab's providers, then the other tabs ──────────────────────────────────────

export type SessionChange = "signin" | "signout" | "update";
const listeners = new Set<(change: SessionChange) => void>();
let channel: BroadcastChannel | null | undefined;

function broadcastChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === "function" ? new BroadcastChannel("create-auth.session") : null;
  }
  return channel;
}

/**
 * Calls `listener` when the session changes in this tab or another. A message only says *that* it changed:
 * listeners re-read `/session`, so another tab (or script) cannot hand this one a session.
 */
export function onSessionChange(listener: (change: SessionChange) => void): () => void {
  listeners.add(listener);
  const channel = broadcastChannel();
  const onMessage = (event: MessageEvent<unknown>) => {
    const change = (event.data as { change?: unknown } | null)?.change;
    if (change === "signin" || change === "signout" || change === "update") listener(change);
  };
  channel?.addEventListener("message", onMessage);
  return () => {
    listeners.delete(listener);
    channel?.removeEventListener("message", onMessage);
  };
}

/** Tells the other tabs; `local` also tells this tab's providers (not wanted when they already know). */
export function announce(change: SessionChange, { local = true } = {}): void {
  if (local) for (const listener of listeners) listener(change);
  broadcastChannel()?.postMessage({ change });
}

// ─── signIn / signOut ────────────────────────────────────────────────────────────────────────────────

export interface SignInOptions extends BrowserSignInOptions {
  /** Where to land after sign-in. Default: the current page. (`callbackUrl` is accepted as an alias.) */
  redirectTo?: string;
  callbackUrl?: string;
  /** Default true: navigate to where the core answers. False: stay, and resolve with a `SignInResponse`. */
  redirect?: boolean;
  /** Where the actions are served. Default: the `SessionProvider`'s `basePath` (`/api/auth`). */
  basePath?: string;
}

export interface SignOutOptions {
  /** Where to land after sign-out. Default: the current page. (`callbackUrl` is accepted as an alias.) */
  redirectTo?: string;
  callbackUrl?: string;
  /** Default true: navigate. False: stay, and resolve with `{ url }`. */
  redirect?: boolean;
  basePath?: string;
}

function navigate(url: string): void {
  window.location.href = url;
  // A URL that differs only by its hash does not load a page: load it, so the new session is shown.
  if (url.includes("#")) window.location.reload();
}

/** POSTs a form to an auth action; resolves with the core's `{ url }` and the status. */
async function postAction(endpoint: string, fields: Record<string, string>): Promise<{ url: string; status: number }> {
  const response = await fetch(endpoint, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body: new URLSearchParams(fields),
  });
  const body: unknown = await response.json().catch(() => null);
  return { url: returnedUrl(body, response.status, endpoint), status: response.status };
}

/**
 * Without a provider: goes to the sign-in page. With one: starts its flow (OAuth/OIDC and email navigate;
 * credentials are checked at once). With `redirect: false` it stays and resolves with the outcome, e.g.
 * `{ ok: false, error: "CredentialsSignin", code }` for a wrong password.
 *
 * With `link: true` the signed-in user adds the provider's account to their own user (docs/linking.md):
 * `link=true` is posted with the CSRF token, and the core sets the link intent before the flow starts. For a
 * passkey provider the registration then runs here (`webauthn-options/<id>?action=register`,
 * `navigator.credentials.create()`, the callback); it rejects if the browser's ceremony is cancelled.
 */
export async function signIn(
  provider?: string,
  options: SignInOptions = {},
  authorizationParams?: AuthorizationParams,
): Promise<SignInResponse | undefined> {
  const { redirectTo, callbackUrl, redirect = true, basePath = defaultBasePath, ...fields } = options;
  const target = redirectTo ?? callbackUrl ?? window.location.href;
  if (!provider) {
    navigate(signInPageUrl(basePath, target));
    return undefined;
  }
  const providers = await getProviders({ basePath });
  const type = providers?.[provider]?.type;
  if (type === "webauthn" && fields.link === true) {
    return linkNewPasskey(basePath, provider, fields, target, redirect);
  }
  const action = signInAction(type, Object.keys(fields));
  const endpoint = signInUrl(basePath, action, provider, authorizationParams);
  const csrfToken = await getCsrfToken({ basePath });
  const { url, status } = await postAction(endpoint, signInFields(fields, csrfToken, target));
  const result = signInResponse(url, status, window.location.href);
  // Only a callback POST (credentials) ends signed in; `/signin` only starts a flow elsewhere.
  if (result.ok && action === "callback") announce("signin", { local: !redirect });
  if (redirect) {
    navigate(url);
    return undefined;
  }
  return result;
}

/** `signIn(passkey, { link: true })`: the link is asked for, then the new passkey registered for this user. */
async function linkNewPasskey(
  basePath: string,
  provider: string,
  fields: Record<string, unknown>,
  target: string,
  redirect: boolean,
): Promise<SignInResponse | undefined> {
  const { link: _link, ...rest } = fields;
  const posted = signInFields(rest, await getCsrfToken({ basePath }), target);
  const { url, status } = await (await import("../client/passkey-link.js")).linkPasskey(
    basePath,
    provider,
    posted,
    postAction,
  );
  const result = signInResponse(url, status, window.location.href);
  // The callback answered: signed in again, now with the passkey on this user.
  if (result.ok) announce("signin", { local: !redirect });
  if (redirect) {
    navigate(url);
    return undefined;
  }
  return result;
}

/** Ends the session, then navigates to `redirectTo` (default: the current page) unless `redirect: false`. */
export async function signOut(options: SignOutOptions = {}): Promise<{ url: string } | undefined> {
  const { redirectTo, callbackUrl, redirect = true, basePath = defaultBasePath } = options;
  const csrfToken = await getCsrfToken({ basePath });
  const { url } = await postAction(`${basePath}/signout`, {
    csrfToken,
    callbackUrl: redirectTo ?? callbackUrl ?? window.location.href,
  });
  announce("signout", { local: !redirect });
  if (redirect) {
    navigate(url);
    return undefined;
  }
  return { url };
}

/**
 * POSTs `{ csrfToken, data }` to `/session`: the jwt callback sees `data` as `session` with
 * `trigger: "update"` (the session callback as `newSession` with a database). Resolves with the new session,
 * or null when the core refused the update (400).
 */
export async function updateSession(data: unknown, options: { basePath?: string } = {}): Promise<Session | null> {
  const basePath = options.basePath ?? defaultBasePath;
  const csrfToken = await getCsrfToken({ basePath });
  const response = await fetch(`${basePath}/session`, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ csrfToken, data }),
  });
  if (!response.ok) return null;
  const session: unknown = await response.json().catch(() => null);
  return typeof session === "object" && session !== null ? (session as Session) : null;
}
