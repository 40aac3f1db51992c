/**
 * Passkey provider (WebAuthn, experimental: needs `experimental: { enableWebAuthn: true }` and an adapter
 * that stores authenticators). The only module that imports @simplewebauthn/server, so apps without
 * passkeys never load it; the ceremonies themselves (core/webauthn/actions.ts) load on the first passkey
 * request. See docs/passkeys.md.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { mergeProviderOptions } from "../core/providers.js";
import { defaultRelayingParty } from "../core/webauthn/relying-party.js";
import { defaultUserInfo } from "../core/webauthn/user-info.js";
import type { SimpleWebAuthnFunctions, WebAuthnActions, WebAuthnConfig } from "../types-webauthn.js";

export type PasskeyOptions = Partial<Omit<WebAuthnConfig, "actions">>;

/**
 * The library's functions under the runtime's structural types (which keep its `.d.ts` free of the package).
 * Sound: our types are a subset of the library's parameters and results, except that the library types the
 * browser's response JSON exactly where the callback hands over what the browser sent (parsed, id-checked),
 * which the library validates at run time before it reads it.
 */
const simpleWebAuthn = {
  generateRegistrationOptions,
  generateAuthenticationOptions,
  verifyRegistrationResponse,
  verifyAuthenticationResponse,
} as unknown as SimpleWebAuthnFunctions;

/** The passkey actions, imported when a request first needs them (core/provider-loader.ts says why). */
async function actions(): Promise<WebAuthnActions> {
  return (await import("../core/webauthn/actions.js")).webAuthnActions;
}

export default function Passkey(options?: PasskeyOptions): WebAuthnConfig {
  const defaults: WebAuthnConfig = {
    id: "passkey",
    name: "Passkey",
    type: "webauthn",
    enableConditionalUI: true,
    // Not required: left empty, the button signs in with any passkey this device holds for the site.
    formFields: { email: { label: "Email", autocomplete: "username webauthn" } },
    getUserInfo: defaultUserInfo,
    getRelayingParty: defaultRelayingParty,
    simpleWebAuthn,
    actions,
  };
  return mergeProviderOptions<WebAuthnConfig>(defaults, options);
}
