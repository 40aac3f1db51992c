/**
 * Sign in with Apple's client secret: not a string Apple hands out but a JWT the app signs with its own
 * key (the `.p8` file downloaded once from Apple's developer site), ES256, valid six months at most. Apple:
 * "Creating a client secret" (developer.apple.com, TN3107): header `alg` ES256 and `kid` the key's id;
 * claims `iss` the team id, `iat`, `exp` at most 15777000 s later, `aud` https://appleid.apple.com, `sub` the
 * Services ID (the OAuth client id). Made with node:crypto alone. Also the reading doctor makes of a secret
 * already written (when it expires), which needs no key and checks no signature.
 */
import { createPrivateKey, type KeyObject, sign } from "node:crypto";
import path from "node:path";
import { CliError } from "../errors.js";

/** Apple's ceiling on a client secret's lifetime: 15777000 seconds, about six months. */
export const APPLE_SECRET_MAX_SECONDS = 15_777_000;

/** What the secret is made from, as the user gives it (the `.p8` file's text, not its path). */
export interface AppleSecretInput {
  /** The `.p8` file's PEM text (PKCS#8, a P-256 private key). */
  p8: string;
  /** Where it was read from, for messages. */
  p8Path: string;
  keyId: string;
  teamId: string;
  /** The Services ID: the client id the web sign-in uses (AUTH_APPLE_ID). */
  clientId: string;
}

export interface AppleSecret {
  jwt: string;
  expiresAt: Date;
}

function invalid(message: string): CliError {
  return new CliError("InvalidAppleKey", message);
}

/** Apple's key and team ids: ten capital letters or digits, as its developer site shows them. */
const APPLE_ID = /^[A-Z0-9]{10}$/;
/** A Services ID: an identifier of letters, digits, hyphens and dots (reverse DNS, `com.example.web`). */
const SERVICES_ID = /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*$/;

function checkIds(input: AppleSecretInput): void {
  if (!APPLE_ID.test(input.keyId)) {
    throw invalid(
      `--key-id "${input.keyId}" is not an Apple key id (ten capital letters or digits, as Certificates, Identifiers & Profiles > Keys shows it).`,
    );
  }
  if (!APPLE_ID.test(input.teamId)) {
    throw invalid(
      `--team-id "${input.teamId}" is not an Apple team id (ten capital letters or digits, shown under Membership details on developer.apple.com).`,
    );
  }
  if (!SERVICES_ID.test(input.clientId) || input.clientId.length > 255) {
    throw invalid(
      `--client-id "${input.clientId}" is not a Services ID (an identifier such as com.example.web, registered under Identifiers > Services IDs).`,
    );
  }
  // Apple names the file it hands out AuthKey_<key id>.p8: another id would make a secret Apple refuses.
  const named = /^AuthKey_([A-Z0-9]{10})\.p8$/.exec(path.basename(input.p8Path))?.[1];
  if (named !== undefined && named !== input.keyId) {
    throw invalid(
      `${input.p8Path} is the key ${named}, not --key-id ${input.keyId}: pass the id of the key you sign with.`,
    );
  }
}

/** The `.p8` text as a P-256 private key, or a refusal saying what it is instead. */
function p256Key(input: AppleSecretInput): KeyObject {
  const notP8 = `${input.p8Path} is not an Apple .p8 key (a PKCS#8 "BEGIN PRIVATE KEY" PEM holding a P-256 key): download the key from Certificates, Identifiers & Profiles > Keys, with Sign in with Apple enabled.`;
  if (!/-----BEGIN PRIVATE KEY-----/.test(input.p8)) throw invalid(notP8);
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: input.p8, format: "pem" });
  } catch {
    throw invalid(notP8);
  }
  if (key.asymmetricKeyType !== "ec" || key.asymmetricKeyDetails?.namedCurve !== "prime256v1") throw invalid(notP8);
  return key;
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** The client secret, signed now, valid Apple's maximum. Refuses bad ids or a key that is not a P-256 `.p8`. */
export function appleClientSecret(input: AppleSecretInput, now: Date = new Date()): AppleSecret {
  checkIds(input);
  const key = p256Key(input);
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + APPLE_SECRET_MAX_SECONDS;
  const signingInput = `${base64url({ alg: "ES256", kid: input.keyId })}.${base64url({
    iss: input.teamId,
    iat,
    exp,
    aud: "https://appleid.apple.com",
    sub: input.clientId,
  })}`;
  // JWS (RFC 7518 §3.4) wants the raw r||s signature, not DER.
  const signature = sign("sha256", Buffer.from(signingInput), { key, dsaEncoding: "ieee-p1363" });
  return { jwt: `${signingInput}.${signature.toString("base64url")}`, expiresAt: new Date(exp * 1000) };
}

/** When a client secret that is a JWT expires (its `exp`), or null when it is not one (a value set by hand). */
export function appleSecretExpiry(secret: string): Date | null {
  const parts = secret.trim().split(".");
  if (parts.length !== 3) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1]!, "base64url").toString("utf8")) as { exp?: unknown };
    return typeof claims.exp === "number" ? new Date(claims.exp * 1000) : null;
  } catch {
    return null;
  }
}

/** The day a secret expires, as printed: `2027-05-30`. */
export function expiryDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
