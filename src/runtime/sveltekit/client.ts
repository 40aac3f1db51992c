/**
 * `@create-auth/runtime/sveltekit/client`: sign in and out from the browser without a form. Each call
 * fetches a CSRF token, POSTs to the auth action with `X-Auth-Return-Redirect: 1` (the core then answers
 * `{ url }` instead of a redirect, cookies set), and navigates there.
 */

/** Query parameters added to the provider's authorization request. */
// One definition, the core's (a type: nothing of the server module reaches the browser bundle).
import type { AuthorizationParams } from "../core/server-actions.js";
import { appBase } from "./app-base.js";

export type { AuthorizationParams };

export interface SignInOptions {
  /** Where to land after sign-in. Default: the current page. */
  redirectTo?: string;
  /** Default `true`: navigate. `false`: resolve with the outcome and stay (e.g. to show a credentials error). */
  redirect?: boolean;
  /** Where the auth actions are served. Default `${base}/auth`, below the app's `paths.base`. */
  basePath?: string;
  /** Other keys are posted to the provider, e.g. the credentials a credentials provider reads. */
  [field: string]: unknown;
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

/** Without a provider: the sign-in page. With one: its sign-in flow (credentials are verified at once). */
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
  const action = providers[provider]?.type === "credentials" ? "callback" : "signin";
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) fields[key] = String(value);
  const query = new URLSearchParams(authorizationParams).toString();
  const url = await post(`${basePath}/${action}/${encodeURIComponent(provider)}${query ? `?${query}` : ""}`, {
    ...fields,
    csrfToken: await csrfToken(basePath),
    callbackUrl: redirectTo,
  });
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
  if (redirect) {
    navigate(url);
    return undefined;
  }
  return outcome(url);
}
