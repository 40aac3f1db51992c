/**
 * The passkey provider's actions (WebAuthnActions), loaded by the `passkey()` provider on the first request
 * that needs them (core/provider-actions.ts says why the core does not import them).
 */
import type { WebAuthnActions } from "../../types-webauthn.js";
import { webauthnCallback } from "../actions/callback/webauthn.js";
import { webAuthnOptions } from "../actions/webauthn-options.js";
import { passkeyForm } from "../pages/passkey.js";

export const webAuthnActions: WebAuthnActions = {
  options: webAuthnOptions,
  callback: webauthnCallback,
  signInForm: passkeyForm,
};
