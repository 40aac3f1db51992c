/**
 * Checks a browser's WebAuthn response against the challenge we issued and the relying party we are
 * (WebAuthn Level 3 §7.1 registration, §7.2 authentication), through @simplewebauthn/server. Every way a
 * response can be wrong ends in WebAuthnVerificationError; the library's own message stays in the log.
 */
import { AuthError, WebAuthnVerificationError } from "../../errors.js";
import type { AdapterAuthenticator } from "../../types.js";
import type { PublicKeyCredentialJSON, RelayingParty } from "../../types-webauthn.js";
import { base64ToBytes, bytesToBase64 } from "../crypto/base64.js";
import { base64ToBase64Url, stringToTransports, transportsToString } from "./encoding.js";
import type { WebAuthnProvider } from "./provider.js";

/** The `data` field of the callback: the credential's JSON, sent as a string (forms) or an object (JSON bodies). */
export function parseCredential(data: unknown): PublicKeyCredentialJSON {
  let parsed: unknown = data;
  if (typeof data === "string") {
    try {
      parsed = JSON.parse(data);
    } catch (cause) {
      throw new WebAuthnVerificationError("The WebAuthn response is not valid JSON.", { cause: cause });
    }
  }
  const candidate = parsed as Partial<PublicKeyCredentialJSON> | null;
  if (
    !candidate ||
    typeof candidate !== "object" ||
    typeof candidate.id !== "string" ||
    !/^[A-Za-z0-9_-]+$/.test(candidate.id) ||
    typeof candidate.response !== "object" ||
    candidate.response === null
  ) {
    throw new WebAuthnVerificationError("The WebAuthn response is missing its credential id or response.");
  }
  return candidate as PublicKeyCredentialJSON;
}

async function verified<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (cause) {
    if (cause instanceof AuthError) throw cause;
    throw new WebAuthnVerificationError(`The WebAuthn ${what} could not be verified.`, { cause: cause });
  }
}

/** A verified registration: the authenticator to store (without its owner, known only after sign-in). */
export async function verifyRegistration(
  provider: WebAuthnProvider,
  rp: RelayingParty,
  response: PublicKeyCredentialJSON,
  challenge: string,
): Promise<Omit<AdapterAuthenticator, "userId">> {
  const result = await verified("registration", () =>
    provider.simpleWebAuthn.verifyRegistrationResponse({
      ...provider.verifyRegistrationOptions,
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
    }),
  );
  if (!result.verified || !result.registrationInfo) {
    throw new WebAuthnVerificationError("The WebAuthn registration was not verified.");
  }
  const { credential, credentialDeviceType, credentialBackedUp } = result.registrationInfo;
  const credentialID = bytesToBase64(base64ToBytes(credential.id));
  const transports = transportsToString(response.response.transports ?? credential.transports);
  return {
    credentialID,
    providerAccountId: credentialID,
    credentialPublicKey: bytesToBase64(credential.publicKey),
    counter: credential.counter,
    credentialDeviceType,
    credentialBackedUp,
    ...(transports ? { transports } : {}),
  };
}

/**
 * A verified assertion by `authenticator`; returns its new signature counter. A counter that did not move
 * forward (when either side is non-zero) means a cloned authenticator or a replay (§6.1.1): refused.
 */
export async function verifyAuthentication(
  provider: WebAuthnProvider,
  rp: RelayingParty,
  response: PublicKeyCredentialJSON,
  challenge: string,
  authenticator: AdapterAuthenticator,
): Promise<number> {
  const transports = stringToTransports(authenticator.transports);
  const result = await verified("authentication", () =>
    provider.simpleWebAuthn.verifyAuthenticationResponse({
      ...provider.verifyAuthenticationOptions,
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: base64ToBase64Url(authenticator.credentialID),
        publicKey: base64ToBytes(authenticator.credentialPublicKey),
        counter: authenticator.counter,
        ...(transports ? { transports } : {}),
      },
    }),
  );
  if (!result.verified) throw new WebAuthnVerificationError("The WebAuthn authentication was not verified.");
  const stored = authenticator.counter;
  const next = result.authenticationInfo.newCounter;
  if ((next > 0 || stored > 0) && next <= stored) {
    throw new WebAuthnVerificationError(`The authenticator's counter went from ${stored} to ${next}: possibly cloned.`);
  }
  return next;
}
