/**
 * The pure part of the client helpers: which action a provider signs in through, the fields a sign-in
 * posts, the URL of the sign-in page, and what a `{ url }` answer means. No `window`, no `fetch`: unit-tested
 * as is.
 */

/** Query parameters added to the provider's authorization request. */
// One definition, the core's (a type: nothing of the server module reaches the browser bundle).
import type { AuthorizationParams } from "../core/sign-in-request.js";

export type { AuthorizationParams };

/** What `signIn(…, { redirect: false })` resolves with. */
export interface SignInResponse {
  /** The error type the core put in the URL it answered (e.g. `CredentialsSignin`), or null. */
  error: string | null;
  /** The safe code a credentials provider attached to its error (`CredentialsSignin.code`), or null. */
  code: string | null;
  /** The HTTP status of the sign-in POST (200 when the core answered `{ url }`). */
  status: number;
  /** True when the POST succeeded and the URL carries no error. */
  ok: boolean;
  /** Where the core would have sent the browser; null when it sent it to an error. */
  url: string | null;
}

/** A provider as `/providers` lists it. */
export interface ClientProvider {
  id: string;
  name: string;
  type: string;
  signinUrl: string;
  callbackUrl: string;
}

/** Where a provider's sign-in is posted, by its type: the server helpers' rule too. */
export { signInAction } from "../core/sign-in-request.js";

/** The sign-in POST's URL: `<basePath>/<action>/<provider>[?<authorization params>]`. */
export function signInUrl(
  basePath: string,
  action: "callback" | "signin",
  provider: string,
  authorizationParams?: AuthorizationParams,
): string {
  const query = new URLSearchParams(authorizationParams).toString();
  return `${basePath}/${action}/${encodeURIComponent(provider)}${query ? `?${query}` : ""}`;
}

/** The built-in (or `pages.signIn`) page; `error` is set when a `required` session is missing. */
export function signInPageUrl(basePath: string, callbackUrl: string, error?: string): string {
  const query = new URLSearchParams({ callbackUrl });
  if (error) query.set("error", error);
  return `${basePath}/signin?${query}`;
}

/**
 * The form fields of a sign-in POST: the caller's own fields (a credentials provider reads them) as
 * strings, skipping undefined and null, then the CSRF token and callback URL, which the caller cannot override.
 */
export function signInFields(
  fields: Record<string, unknown>,
  csrfToken: string,
  callbackUrl: string,
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    result[key] = typeof value === "string" ? value : String(value);
  }
  return { ...result, csrfToken, callbackUrl };
}

/** Reads a sign-in answer: the error and code from the returned URL's query, resolved against `base`. */
export function signInResponse(url: string, status: number, base: string): SignInResponse {
  const parsed = new URL(url, base);
  const error = parsed.searchParams.get("error");
  const ok = status >= 200 && status < 300 && error === null;
  return { error, code: error === null ? null : parsed.searchParams.get("code"), status, ok, url: error ? null : url };
}

/** The `{ url }` body the core answers a POST carrying `X-Auth-Return-Redirect`; anything else is a server fault. */
export function returnedUrl(body: unknown, status: number, endpoint: string): string {
  const url = typeof body === "object" && body !== null ? (body as { url?: unknown }).url : undefined;
  if (typeof url !== "string") throw new Error(`POST ${endpoint} answered ${status} without a redirect URL`);
  return url;
}
