/**
 * The challenge cookie: binds a WebAuthn response to the options this server issued (WebAuthn Level 3
 * §13.4.3: challenges are random, server-generated and checked). It is sealed with the secret (salt = the
 * cookie's name: encrypted and authenticated, so it can be neither read nor forged) and holds the challenge,
 * the provider, the ceremony it was issued for and, for a registration, the user being registered. It lives
 * 15 minutes and is cleared once used. Issuing one stores nothing on the server; spending one (once the
 * response it signs is verified) is recorded by the ledger, so a replayed copy of the cookie fails.
 */
import { WebAuthnVerificationError } from "../../errors.js";
import { decode, encode } from "../../jwt.js";
import type { Cookie, User } from "../../types.js";
import type { InternalOptions, RequestInternal } from "../internal.js";
import { spentLedger } from "../spent-ledger.js";

export const CHALLENGE_MAX_AGE = 15 * 60;

export type WebAuthnAction = "register" | "authenticate";

interface ChallengePayload {
  value: string;
  provider: string;
  action: WebAuthnAction;
  /** The user a registration is for (an existing user's record, or the fields of a new one). */
  user?: User;
}

export interface IssuedChallenge {
  action: WebAuthnAction;
  user?: User | undefined;
}

export async function issueChallenge(
  options: InternalOptions,
  providerId: string,
  challenge: string,
  issued: IssuedChallenge,
): Promise<Cookie> {
  const { name, options: attributes } = options.cookies.webauthnChallenge;
  const expires = new Date(Date.now() + CHALLENGE_MAX_AGE * 1000);
  const payload: ChallengePayload = {
    value: challenge,
    provider: providerId,
    action: issued.action,
    ...(issued.user ? { user: issued.user } : {}),
  };
  const sealed = await encode({
    token: payload,
    salt: name,
    secret: options.secret,
    maxAge: CHALLENGE_MAX_AGE,
  });
  return { name, value: sealed, options: { ...attributes, maxAge: CHALLENGE_MAX_AGE, expires } };
}

/** The cookie that drops the challenge; sent with every callback answer, success or not. */
export function clearChallenge(options: InternalOptions): Cookie {
  const { name, options: attributes } = options.cookies.webauthnChallenge;
  const { expires: _expires, ...rest } = attributes;
  return { name, value: "", options: { ...rest, maxAge: 0 } };
}

/** A challenge read from its cookie and checked against the ceremony, not yet spent. */
export interface OpenedChallenge {
  challenge: string;
  user?: User;
  /** When the cookie dies: until then, a copy of it could be presented again. */
  expires: Date;
}

/**
 * Unseals the challenge cookie for `action` at `providerId`. Each failure is its own
 * WebAuthnVerificationError: missing (expired, another browser), unreadable (tampered, another secret), or
 * minted for another provider or the other ceremony. Spend it with `spendChallenge` once the response is
 * verified, before anything is stored or anyone signed in.
 */
export async function openChallenge(
  request: RequestInternal,
  options: InternalOptions,
  providerId: string,
  action: WebAuthnAction,
): Promise<OpenedChallenge> {
  const { name } = options.cookies.webauthnChallenge;
  const sealed = request.cookies[name];
  if (!sealed) throw new WebAuthnVerificationError("The WebAuthn challenge cookie is missing (expired or never set).");
  let payload: (Partial<ChallengePayload> & { exp?: unknown }) | null;
  try {
    payload = await decode<Partial<ChallengePayload>>({ token: sealed, salt: name, secret: options.secret });
  } catch (cause) {
    throw new WebAuthnVerificationError("The WebAuthn challenge cookie could not be unsealed.", {
      cause: cause,
    });
  }
  if (!payload || typeof payload.value !== "string") {
    throw new WebAuthnVerificationError("The WebAuthn challenge cookie holds no challenge.");
  }
  if (payload.provider !== providerId) {
    throw new WebAuthnVerificationError(`The WebAuthn challenge was issued for another provider, not "${providerId}".`);
  }
  if (payload.action !== action) {
    throw new WebAuthnVerificationError(`The WebAuthn challenge was issued to ${payload.action}, not to ${action}.`);
  }
  // decode() refused an expired cookie; `exp` is the instant a copy of this one stops being accepted.
  const expires = new Date(
    typeof payload.exp === "number" ? payload.exp * 1000 : Date.now() + CHALLENGE_MAX_AGE * 1000,
  );
  return { challenge: payload.value, expires, ...(payload.user ? { user: payload.user } : {}) };
}

/** Spends a verified challenge: the first spend of it succeeds, every later one (any copy, any server) fails. */
export async function spendChallenge(options: InternalOptions, providerId: string, opened: OpenedChallenge) {
  const ledger = spentLedger(options.adapter, `webauthn-spent:${providerId}`, options.secret[0] ?? "");
  if (!(await ledger.spend(opened.challenge, opened.expires))) {
    throw new WebAuthnVerificationError("The WebAuthn challenge was already used.");
  }
}
