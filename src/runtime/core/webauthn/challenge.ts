/**
 * The challenge cookie: binds a WebAuthn response to the options this server issued (WebAuthn Level 3
 * §13.4.3: challenges are random, server-generated and checked). It is sealed with the secret (salt = the
 * cookie's name) and holds the challenge, the provider, the ceremony it was issued for and, for a
 * registration, the user being registered. It lives 15 minutes, is cleared once used, and the ledger makes
 * a second use fail even when a copy of the cookie is replayed.
 */
import { WebAuthnVerificationError } from "../../errors.js";
import { decode, encode } from "../../jwt.js";
import type { Cookie, User } from "../../types.js";
import type { InternalOptions, RequestInternal } from "../internal.js";
import { challengeLedger } from "./challenge-ledger.js";

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
  await challengeLedger(options.adapter, providerId, options.secret[0] ?? "", CHALLENGE_MAX_AGE).issue(
    challenge,
    expires,
  );
  return { name, value: sealed, options: { ...attributes, maxAge: CHALLENGE_MAX_AGE, expires } };
}

/** The cookie that drops the challenge; sent with every callback answer, success or not. */
export function clearChallenge(options: InternalOptions): Cookie {
  const { name, options: attributes } = options.cookies.webauthnChallenge;
  const { expires: _expires, ...rest } = attributes;
  return { name, value: "", options: { ...rest, maxAge: 0 } };
}

/**
 * Unseals the challenge cookie for `action` at `providerId` and spends it. Each failure is its own
 * WebAuthnVerificationError: missing (expired, another browser), unreadable (tampered, another secret),
 * minted for another provider or the other ceremony, or already used.
 */
export async function consumeChallenge(
  request: RequestInternal,
  options: InternalOptions,
  providerId: string,
  action: WebAuthnAction,
): Promise<{ challenge: string; user?: User }> {
  const { name } = options.cookies.webauthnChallenge;
  const sealed = request.cookies[name];
  if (!sealed) throw new WebAuthnVerificationError("The WebAuthn challenge cookie is missing (expired or never set).");
  let payload: Partial<ChallengePayload> | null;
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
  const ledger = challengeLedger(options.adapter, providerId, options.secret[0] ?? "", CHALLENGE_MAX_AGE);
  if (!(await ledger.consume(payload.value))) {
    throw new WebAuthnVerificationError("The WebAuthn challenge was already used.");
  }
  return payload.user ? { challenge: payload.value, user: payload.user } : { challenge: payload.value };
}
