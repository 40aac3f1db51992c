/** The WebAuthn (passkey) provider's configuration. */
import type { CommonProviderOptions } from "./types.js";

export interface WebAuthnConfig extends CommonProviderOptions {
  type: "webauthn";
  [option: string]: unknown;
}
