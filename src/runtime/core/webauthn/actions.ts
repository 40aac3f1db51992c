/**
 * The passkey provider's actions (WebAuthnActions), loaded by the `passkey()` provider on the first request
 * that needs them (core/provider-loader.ts says why the core does not import them).
 */
import { webauthnCallback } from "../actions/callback/webauthn.js";
import { webAuthnOptions } from "../actions/webauthn-options.js";
import { passkeyForm } from "../pages/passkey.js";
import type { WebAuthnProviderActions } from "../provider-loader.js";

export const webAuthnActions: WebAuthnProviderActions = {
  options: webAuthnOptions,
  callback: webauthnCallback,
  signInForm: passkeyForm,
};
