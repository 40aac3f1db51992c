/**
 * The sign-in request as both the browser's `signIn` (client/outcome.ts, client/actions.ts) and the server's
 * sign-in helpers (core/server/sign-in-sign-out.ts) make it: which action it is posted to, and the
 * authorization parameters it may carry. Pure and import-free, so the browser bundle takes it without any of
 * the server's modules.
 *
 * A credentials or password sign-in and a WebAuthn (passkey) one are verified by the POST itself, at
 * `POST /callback/<id>`: the form's fields, or the signed credential in `action` and `data` (Auth.js
 * WebAuthn provider; actions/callback/webauthn.ts). `/signin` answers a passkey with the sign-in page, so a
 * credential posted there would be dropped and nobody signed in. A passkey sign-in that posts no credential
 * cannot be verified anywhere: it goes to `/signin`, whose sign-in page runs the ceremony. Every other
 * provider starts at `POST /signin/<id>` (the authorization redirect, or the email link); an unknown one
 * too, where the core answers its configuration error.
 */

/** Query parameters added to the provider's authorization request. */
export type AuthorizationParams = string | Record<string, string> | URLSearchParams | Array<[string, string]>;

/** The field a WebAuthn sign-in carries its signed credential in (with `action`: register or authenticate). */
const WEBAUTHN_CREDENTIAL_FIELD = "data";

/** `fields`: the names of the fields the sign-in posts. */
export function signInAction(providerType: string | undefined, fields: Iterable<string>): "callback" | "signin" {
  if (providerType === "credentials" || providerType === "password") return "callback";
  if (providerType !== "webauthn") return "signin";
  return [...fields].includes(WEBAUTHN_CREDENTIAL_FIELD) ? "callback" : "signin";
}
