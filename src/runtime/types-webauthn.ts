/**
 * The WebAuthn (passkey) provider's configuration. The shapes of @simplewebauthn/server's functions are
 * restated here structurally, so an app without that package still type-checks against this runtime's
 * `.d.ts`; `providers/passkey.ts` is the only module that imports the package itself.
 */
import type { CommonProviderOptions, ProviderAction } from "./types-provider.js";
import type { Adapter, Awaitable, User } from "./types-records.js";

/** A base64url string, as WebAuthn's JSON encodings carry binary values. */
export type Base64URLString = string;

/** `navigator.credentials.create()` options in their JSON form (WebAuthn Level 3 §5.4, `toJSON`). */
export interface PublicKeyCredentialCreationOptionsJSON {
  challenge: Base64URLString;
  rp: { id?: string; name: string };
  user: { id: Base64URLString; name: string; displayName: string };
  excludeCredentials?: Array<{ id: Base64URLString; type: "public-key"; transports?: string[] }>;
  [option: string]: unknown;
}

/** `navigator.credentials.get()` options in their JSON form. */
export interface PublicKeyCredentialRequestOptionsJSON {
  challenge: Base64URLString;
  rpId?: string;
  allowCredentials?: Array<{ id: Base64URLString; type: "public-key"; transports?: string[] }>;
  [option: string]: unknown;
}

/** What the browser sends back: `PublicKeyCredential.toJSON()` of a created or asserted credential. */
export interface PublicKeyCredentialJSON {
  id: Base64URLString;
  rawId: Base64URLString;
  type: "public-key";
  response: { clientDataJSON: Base64URLString; transports?: string[]; [field: string]: unknown };
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment?: string;
}

/** The stored side of a credential, as @simplewebauthn/server verifies an assertion against it. */
export interface WebAuthnStoredCredential {
  id: Base64URLString;
  publicKey: Uint8Array;
  counter: number;
  transports?: string[];
}

/** The four @simplewebauthn/server functions the provider uses (replaceable, e.g. to pin a version). */
export interface SimpleWebAuthnFunctions {
  generateRegistrationOptions(options: {
    rpName: string;
    rpID: string;
    userName: string;
    userID?: Uint8Array;
    userDisplayName?: string;
    excludeCredentials?: Array<{ id: Base64URLString; transports?: string[] }>;
    [option: string]: unknown;
  }): Promise<PublicKeyCredentialCreationOptionsJSON>;
  generateAuthenticationOptions(options: {
    rpID: string;
    allowCredentials?: Array<{ id: Base64URLString; transports?: string[] }>;
    [option: string]: unknown;
  }): Promise<PublicKeyCredentialRequestOptionsJSON>;
  verifyRegistrationResponse(options: {
    response: PublicKeyCredentialJSON;
    expectedChallenge: string;
    expectedOrigin: string | string[];
    expectedRPID: string | string[];
    [option: string]: unknown;
  }): Promise<{
    verified: boolean;
    registrationInfo?: {
      credential: WebAuthnStoredCredential;
      credentialDeviceType: string;
      credentialBackedUp: boolean;
    };
  }>;
  verifyAuthenticationResponse(options: {
    response: PublicKeyCredentialJSON;
    expectedChallenge: string;
    expectedOrigin: string | string[];
    expectedRPID: string | string[];
    credential: WebAuthnStoredCredential;
    [option: string]: unknown;
  }): Promise<{ verified: boolean; authenticationInfo: { newCounter: number } }>;
}

/** The relying party: who the passkey belongs to. `id` is a registrable domain, `origin` a full origin. */
export interface RelayingParty {
  id: string;
  name: string;
  origin: string;
}

/** What `getUserInfo` and `getRelayingParty` may read: the resolved provider, adapter and deployment URL. */
export interface WebAuthnLookupOptions {
  /** `<origin><basePath>` of this deployment: AUTH_URL's origin, or the (trusted) request's. */
  url: URL;
  adapter?: Adapter;
  provider: WebAuthnConfig;
}

/** The request as `getUserInfo` sees it. */
export interface WebAuthnLookupRequest {
  method: "GET" | "POST";
  query: Record<string, string>;
  body?: Record<string, string>;
  headers: Headers;
}

/** Who wants a passkey: a known user (`exists`) or the fields of one to create on registration. */
export interface WebAuthnUserInfo {
  user: User;
  exists: boolean;
}

/**
 * Extra options an app may pass to one of the generation or verification functions (timeouts,
 * `authenticatorSelection`, `userVerification`, …). The security-bound ones (relying party, challenge,
 * expected origin, credentials) are always set by the runtime and win over anything given here.
 */
export type SimpleWebAuthnTuning = Record<string, unknown>;

/**
 * The passkey provider's own actions: the WebAuthn ceremonies (Level 3 §7.1 registration, §7.2
 * authentication) and the provider's form on the built-in sign-in page. The core reaches them only through
 * `WebAuthnConfig.actions`, so they travel with the provider, not with the core. What they are handed (the
 * action's context, the provider as resolved) is the core's own: it names those types
 * (core/provider-loader.ts), so that these public types import nothing of the core.
 */
export interface WebAuthnActions<Context = unknown, Provider = unknown> {
  /** `GET /webauthn-options/<id>`: the options for `navigator.credentials.create()`/`.get()` and their challenge. */
  options: ProviderAction<Context, Provider>;
  /** `POST /callback/<id>`: checks a registration or an assertion against its challenge, then signs in. */
  callback: ProviderAction<Context, Provider>;
  /** The provider's form on the built-in sign-in page, with the script that drives it. */
  signInForm(provider: Provider, callbackUrl: string): string;
}

export interface WebAuthnConfig extends CommonProviderOptions {
  type: "webauthn";
  /**
   * The relying party. Unset parts come from the deployment URL (`AUTH_URL`, or the request's URL only when
   * the host is trusted): `id` its hostname, `name` its host, `origin` its origin.
   */
  relayingParty?: Partial<RelayingParty>;
  /** Offer passkeys in the email field's autofill on the built-in page (`mediation: "conditional"`). */
  enableConditionalUI: boolean;
  /** The fields of the built-in page's passkey form; `email` identifies who registers. */
  formFields: Record<string, { label: string; required?: boolean; autocomplete?: string }>;
  /** Finds the user an options request is about (default: by the `email` query parameter, via the adapter). */
  getUserInfo: (options: WebAuthnLookupOptions, request: WebAuthnLookupRequest) => Awaitable<WebAuthnUserInfo | null>;
  /** The relying party for one request (default: `relayingParty` over the deployment URL). */
  getRelayingParty: (options: WebAuthnLookupOptions, request: WebAuthnLookupRequest) => RelayingParty;
  simpleWebAuthn: SimpleWebAuthnFunctions;
  /**
   * Loads the provider's actions. Set by the `passkey()` factory, which imports them on the first passkey
   * request: an app without passkeys never loads them, nor holds them in the runtime package the CLI writes.
   */
  actions: () => Promise<WebAuthnActions>;
  registrationOptions?: SimpleWebAuthnTuning;
  authenticationOptions?: SimpleWebAuthnTuning;
  verifyRegistrationOptions?: SimpleWebAuthnTuning;
  verifyAuthenticationOptions?: SimpleWebAuthnTuning;
}
