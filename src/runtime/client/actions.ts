/**
 * The browser side of the auth actions, for any framework: read the session, the CSRF token and the
 * providers; sign in and out with a POST carrying the CSRF token and `X-Auth-Return-Redirect: 1`, so the core
 * answers `{ url }` (cookies set) instead of a redirect, and the caller decides whether to navigate. Session
 * changes are announced to this tab's listeners and to the app's other tabs (session-change.ts).
 *
 * `createAuthClient` makes the set for one default base path, read at each call (SvelteKit's lies below the
 * app's `paths.base`; React's is the `SessionProvider`'s); every call may still name its own `basePath`.
 */

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
import { announce } from "./session-change.js";
import type { BrowserSignInOptions } from "./sign-in-options.js";

/** Where the actions are served: a path, or a function read at each call. */
export type BasePath = string | (() => string);

export interface SignInOptions extends BrowserSignInOptions {
  /** Where to land after sign-in. Default: the current page. (`callbackUrl` is accepted as an alias.) */
  redirectTo?: string;
  callbackUrl?: string;
  /** Default true: navigate to where the core answers. False: stay, and resolve with a `SignInResponse`. */
  redirect?: boolean;
  /** Where the actions are served. Default: the client's base path. */
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

/** The client's calls, each taking `{ basePath }` to reach actions served elsewhere. */
export interface AuthClient {
  /** The current session from `/session`, or null when signed out or when the server cannot be reached. */
  getSession(options?: { basePath?: string }): Promise<Session | null>;
  /** A CSRF token for a POST to an auth action (it also sets the matching cookie). */
  getCsrfToken(options?: { basePath?: string }): Promise<string>;
  /** The configured providers by id, or null when `/providers` does not answer them. */
  getProviders(options?: { basePath?: string }): Promise<Record<string, ClientProvider> | null>;
  /**
   * Without a provider: goes to the sign-in page. With one: starts its flow (OAuth/OIDC and email navigate;
   * credentials are checked at once). With `redirect: false` it stays and resolves with the outcome, e.g.
   * `{ ok: false, error: "CredentialsSignin", code }` for a wrong password.
   *
   * With `link: true` the signed-in user adds the provider's account to their own user (docs/linking.md):
   * `link=true` is posted with the CSRF token, and the core sets the link intent before the flow starts. For
   * a passkey provider the registration then runs here (`webauthn-options/<id>?action=register`,
   * `navigator.credentials.create()`, the callback); it rejects if the browser's ceremony is cancelled.
   */
  signIn(
    provider?: string,
    options?: SignInOptions,
    authorizationParams?: AuthorizationParams,
  ): Promise<SignInResponse | undefined>;
  /** Ends the session, then navigates to `redirectTo` (default: the current page) unless `redirect: false`. */
  signOut(options?: SignOutOptions): Promise<{ url: string } | undefined>;
  /**
   * POSTs `{ csrfToken, data }` to `/session`: the jwt callback sees `data` as `session` with
   * `trigger: "update"` (the session callback as `newSession` with a database). Resolves with the new
   * session, or null when the core refused the update (400).
   */
  updateSession(data: unknown, options?: { basePath?: string }): Promise<Session | null>;
}

async function getJson(path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(path, { credentials: "same-origin", headers: { Accept: "application/json" } });
  return { status: response.status, body: await response.json().catch(() => null) };
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

/** Navigates to where the core answered, or stays and resolves with the outcome. */
function finish<T>(url: string, redirect: boolean, result: T): T | undefined {
  if (!redirect) return result;
  navigate(url);
  return undefined;
}

/** The client for actions served at `basePath` (trailing slashes dropped). */
export function createAuthClient({ basePath }: { basePath: BasePath }): AuthClient {
  const base = (options: { basePath?: string }) =>
    (options.basePath ?? (typeof basePath === "function" ? basePath() : basePath)).replace(/\/+$/, "");

  async function getSession(options: { basePath?: string } = {}): Promise<Session | null> {
    try {
      const { status, body } = await getJson(`${base(options)}/session`);
      return status === 200 && typeof body === "object" && body !== null ? (body as Session) : null;
    } catch {
      return null;
    }
  }

  async function getCsrfToken(options: { basePath?: string } = {}): Promise<string> {
    const endpoint = `${base(options)}/csrf`;
    const { status, body } = await getJson(endpoint);
    const token = typeof body === "object" && body !== null ? (body as { csrfToken?: unknown }).csrfToken : undefined;
    if (typeof token !== "string") throw new Error(`GET ${endpoint} answered ${status} without a csrfToken`);
    return token;
  }

  async function getProviders(options: { basePath?: string } = {}): Promise<Record<string, ClientProvider> | null> {
    const { status, body } = await getJson(`${base(options)}/providers`);
    return status === 200 && typeof body === "object" && body !== null
      ? (body as Record<string, ClientProvider>)
      : null;
  }

  async function signIn(
    provider?: string,
    options: SignInOptions = {},
    authorizationParams?: AuthorizationParams,
  ): Promise<SignInResponse | undefined> {
    const { redirectTo, callbackUrl, redirect = true, basePath: _basePath, ...fields } = options;
    const basePath = base(options);
    const target = redirectTo ?? callbackUrl ?? window.location.href;
    if (!provider) {
      navigate(signInPageUrl(basePath, target));
      return undefined;
    }
    const type = (await getProviders({ basePath }))?.[provider]?.type;
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
    return finish(url, redirect, result);
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
    const { url, status } = await (await import("./passkey-link.js")).linkPasskey(
      basePath,
      provider,
      posted,
      postAction,
    );
    const result = signInResponse(url, status, window.location.href);
    // The callback answered: signed in again, now with the passkey on this user.
    if (result.ok) announce("signin", { local: !redirect });
    return finish(url, redirect, result);
  }

  async function signOut(options: SignOutOptions = {}): Promise<{ url: string } | undefined> {
    const { redirectTo, callbackUrl, redirect = true } = options;
    const basePath = base(options);
    const csrfToken = await getCsrfToken({ basePath });
    const { url } = await postAction(`${basePath}/signout`, {
      csrfToken,
      callbackUrl: redirectTo ?? callbackUrl ?? window.location.href,
    });
    announce("signout", { local: !redirect });
    return finish(url, redirect, { url });
  }

  async function updateSession(data: unknown, options: { basePath?: string } = {}): Promise<Session | null> {
    const basePath = base(options);
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

  return { getSession, getCsrfToken, getProviders, signIn, signOut, updateSession };
}
