/**
 * Which action a sign-in is posted to, by its provider's type: the one rule the browser's `signIn`
 * (react/outcome.ts) and the server's sign-in helpers (server-actions.ts) follow. Pure and import-free, so
 * the browser bundle takes it without any of the server's modules.
 *
 * A credentials sign-in and a WebAuthn (passkey) one are verified by the POST itself, at
 * `POST /callback/<id>`: the form's fields, or the signed credential in `action` and `data` (Auth.js
 * WebAuthn provider; actions/callback/webauthn.ts). Every other provider starts at `POST /signin/<id>`: the
 * authorization redirect, or the email link. `/signin` answers any other provider with the sign-in page,
 * so a passkey credential posted there would be dropped and nobody signed in. An unknown provider goes to
 * `/signin` too, where the core answers its configuration error.
 */
export function signInAction(providerType: string | undefined): "callback" | "signin" {
  return providerType === "credentials" || providerType === "webauthn" ? "callback" : "signin";
}
