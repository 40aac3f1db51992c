/**
 * `@create-auth/runtime/sveltekit/client`: sign in and out from the browser without a form. Each call
 * fetches a CSRF token, POSTs to the auth action with `X-Auth-Return-Redirect: 1` (the core then answers
 * `{ url }` instead of a redirect, cookies set), and navigates there. `signIn(provider, { link: true })` asks
 * to link the provider's account to the signed-in user (docs/linking.md); for a passkey, the shared browser
 * half of that link (client/passkey-link.ts) registers it.
 */

/** Query parameters added to the provider's authorization request. */
// One definition, the core's (a type: nothing of the server module reaches the browser bundle).
import type { BrowserSignInOptions } from "../client/sign-in-options.js";
import type { AuthorizationParams } from "../core/sign-in-request.js";
import { appBase } from "./app-base.js";

export type { AuthorizationParams };

export interface SignInOptions extends BrowserSignInOptions {
  /** Where to land after sign-in. Default: the current page. */
  redirectTo?: string;
  /** Default `true`: navigate. `false`: resolve with the outcome and stay (e.g. to show a credentials error). */
  redirect?: boolean;
  /** Where the auth actions are served. Default `${base}/auth`, below the app's `paths.base`. */
  basePath?: string;
}

export interface SignOutOptions {
  redirectTo?: string;
  redirect?: boolean;
  basePath?: string;
}

/** What a call resolves with when it does not navigate away. */
export interface SignInResult {
  /** The URL the core sent the user to. */
  url: string;
  ok: boolean;
  /** The error type from that URL (e.g. `CredentialsSignin`), or null. */
  error: string | null;
  /** The safe code a credentials provider attached to its error, or null. */
  code: string | null;
}

/** `${base}/auth`, read when a call is made (in the browser, where SvelteKit's base path is absolute). */
function defaultBasePath(): string {
  return `${appBase()}/auth`;
}

async function csrfToken(basePath: string): Promise<string> {
  const response = await fetch(`${basePath}/csrf`, { credentials: "same-origin" });
  const body = (await response.json()) as { csrfToken?: unknown };
  if (typeof body.csrfToken !== "string") throw new Error(`${basePath}/csrf answered without a csrfToken`);
  return body.csrfToken;
}

/** POSTs a form to an auth action and returns where the core would have redirected. */
async function post(url: string, fields: Record<string, string>): Promise<string> {
  const response = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body: new URLSearchParams(fields),
  });
  const body = (await response.json()) as { url?: unknown };
  if (typeof body.url !== "string") throw new Error(`${url} answered without a url`);
  return body.url;
}

function navigate(url: string): void {
  window.location.href = url;
  // Only the hash changed: the browser does not load the page, so do it.
  if (url.includes("#")) window.location.reload();
}

function outcome(url: string): SignInResult {
  const parsed = new URL(url, window.location.href);
  const error = parsed.searchParams.get("error");
  return { url, ok: error === null, error, code: parsed.searchParams.get("code") };
}

/**
 * Without a provider: the sign-in page. With one: its sign-in flow (credentials are verified at once). With
 * `link: true`, `link=true` is posted with the CSRF token and the flow links to the signed-in user; for a
 * passkey provider the registration runs here next, and rejects if the browser's ceremony is cancelled.
 */
export async function signIn(
  provider?: string,
  options: SignInOptions = {},
  authorizationParams?: AuthorizationParams,
): Promise<SignInResult | undefined> {
  const { redirectTo = window.location.href, redirect = true, basePath = defaultBasePath(), ...rest } = options;
  if (!provider) {
    navigate(`${basePath}/signin?${new URLSearchParams({ callbackUrl: redirectTo })}`);
    return undefined;
  }
  const providers = (await (await fetch(`${basePath}/providers`)).json()) as Record<string, { type?: string }>;
  const type = providers[provider]?.type;
  const action = type === "credentials" || type === "password" ? "callback" : "signin";
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) fields[key] = String(value);
  if (type === "webauthn" && rest.link === true) {
    const { link: _link, ...others } = fields;
    const posted = { ...others, csrfToken: await csrfToken(basePath), callbackUrl: redirectTo };
    const { url } = await (await import("../client/passkey-link.js")).linkPasskey(
      basePath,
      provider,
      posted,
      async (endpoint, body) => ({
        url: await post(endpoint, body),
        status: 200,
      }),
    );
    return finish(url, redirect);
  }
  const query = new URLSearchParams(authorizationParams).toString();
  const url = await post(`${basePath}/${action}/${encodeURIComponent(provider)}${query ? `?${query}` : ""}`, {
    ...fields,
    csrfToken: await csrfToken(basePath),
    callbackUrl: redirectTo,
  });
  return finish(url, redirect);
}

/** Navigates to where the core answered, or stays and resolves with the outcome. */
function finish(url: string, redirect: boolean): SignInResult | undefined {
  if (redirect) {
    navigate(url);
    return undefined;
  }
  return outcome(url);
}

/** Ends the session, then navigates to `redirectTo` (default: the current page). */
export async function signOut(options: SignOutOptions = {}): Promise<SignInResult | undefined> {
  const { redirectTo = window.location.href, redirect = true, basePath = defaultBasePath() } = options;
  const url = await post(`${basePath}/signout`, { csrfToken: await csrfToken(basePath), callbackUrl: redirectTo });
  return finish(url, redirect);
}
