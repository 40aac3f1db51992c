/**
 * The browser's half of linking a passkey, for the client (client/actions.ts): `signIn("passkey", { link: true })`. First the link is asked for (`POST
 * /signin/<id>` with `link=true` and the CSRF token), which sets the link intent (core/account/link-intent.ts)
 * or answers why not; then the registration runs as the built-in page runs it (core/pages/passkey.ts): the
 * options of `webauthn-options/<id>?action=register`, `navigator.credentials.create()`, and the credential
 * posted to `/callback/<id>`. Browser-only (WebAuthn, fetch) and free of server imports; the clients import
 * it only when a passkey link runs, so bundlers keep it out of the first load (and apps without passkeys
 * never fetch it).
 */

/** Where the core would send the browser, as a client helper's POST learns it (`{ url }`), and the status. */
export interface PostedAction {
  url: string;
  status: number;
}

/** POSTs form fields to an auth action with `X-Auth-Return-Redirect: 1`: each client has its own. */
export type PostAction = (endpoint: string, fields: Record<string, string>) => Promise<PostedAction>;

function toBytes(base64url: string): ArrayBuffer {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes.buffer;
}

function toBase64Url(buffer: ArrayBuffer): string {
  let binary = "";
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

type CredentialDescriptorJSON = { id: string; type?: string; transports?: string[] };
type CreationOptionsJSON = {
  challenge: string;
  user: { id: string; name: string; displayName: string };
  excludeCredentials?: CredentialDescriptorJSON[];
} & Record<string, unknown>;

/** The JSON options (WebAuthn L3 `PublicKeyCredentialCreationOptionsJSON`) as `credentials.create()` takes them. */
function creationOptions(json: CreationOptionsJSON): PublicKeyCredentialCreationOptions {
  const native = globalThis.PublicKeyCredential as unknown as
    | { parseCreationOptionsFromJSON?: (options: CreationOptionsJSON) => PublicKeyCredentialCreationOptions }
    | undefined;
  if (typeof native?.parseCreationOptionsFromJSON === "function") return native.parseCreationOptionsFromJSON(json);
  return {
    ...(json as unknown as PublicKeyCredentialCreationOptions),
    challenge: toBytes(json.challenge),
    user: { ...json.user, id: toBytes(json.user.id) },
    excludeCredentials: (json.excludeCredentials ?? []).map((entry) => ({
      id: toBytes(entry.id),
      type: "public-key",
      ...(entry.transports ? { transports: entry.transports as AuthenticatorTransport[] } : {}),
    })),
  };
}

/** The credential's JSON, as `PublicKeyCredential.toJSON()` gives it where the browser has it. */
function registrationJSON(credential: PublicKeyCredential): unknown {
  const withJSON = credential as PublicKeyCredential & { toJSON?: () => unknown };
  if (typeof withJSON.toJSON === "function") return withJSON.toJSON();
  const response = credential.response as AuthenticatorAttestationResponse;
  return {
    id: credential.id,
    rawId: toBase64Url(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    clientExtensionResults: credential.getClientExtensionResults(),
    response: {
      clientDataJSON: toBase64Url(response.clientDataJSON),
      attestationObject: toBase64Url(response.attestationObject),
      transports: typeof response.getTransports === "function" ? response.getTransports() : [],
    },
  };
}

/** Whether the core's answer sends the browser to an error (`?error=…`), e.g. `AccountLinkRefused`. */
function isError(url: string): boolean {
  return new URL(url, window.location.href).searchParams.has("error");
}

/**
 * Links a new passkey to the signed-in user. `fields` carries the CSRF token and the callback URL. Resolves
 * with the core's last answer: the refusal of the link (`error=AccountLinkRefused&code=signin|reauthenticate`)
 * without any ceremony, or the callback's (signed in with the passkey linked, or its error). Rejects when
 * the options are refused or the browser's ceremony fails (`NotAllowedError`: cancelled or timed out).
 */
export async function linkPasskey(
  basePath: string,
  providerId: string,
  fields: Record<string, string>,
  post: PostAction,
): Promise<PostedAction> {
  const id = encodeURIComponent(providerId);
  const started = await post(`${basePath}/signin/${id}`, { ...fields, link: "true" });
  if (started.status < 200 || started.status > 299 || isError(started.url)) return started;

  const response = await fetch(`${basePath}/webauthn-options/${id}?action=register`, {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  const answer = (await response.json().catch(() => null)) as { action?: unknown; options?: unknown } | null;
  if (!response.ok || answer?.action !== "register" || typeof answer.options !== "object" || !answer.options) {
    throw new Error(`${basePath}/webauthn-options/${id} answered ${response.status} without registration options`);
  }
  const credential = await navigator.credentials.create({
    publicKey: creationOptions(answer.options as CreationOptionsJSON),
  });
  if (!credential) throw new Error("The browser created no passkey.");
  const data = JSON.stringify(registrationJSON(credential as PublicKeyCredential));
  return post(`${basePath}/callback/${id}`, { ...fields, action: "register", data });
}
