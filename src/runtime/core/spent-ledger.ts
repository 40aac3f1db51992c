/**
 * Makes a WebAuthn challenge single-use on the server, not only in the browser: clearing the challenge
 * cookie does not stop someone who kept a copy of it (and of the signed response) from sending both again,
 * and authenticators that keep no signature counter (most synced passkeys report 0) would not notice.
 *
 * Nothing is stored when a challenge is issued: an options request (the autofill one runs on every sign-in
 * page view, and most are never completed) writes no row. A challenge is recorded when it is spent, after
 * the response it signs was verified, so only completed ceremonies write anything:
 * - In this process, the challenges spent are remembered until their cookie is dead anyway.
 * - With an adapter that stores verification tokens, the spent challenge is also recorded as one
 *   (identifier `webauthn-spent:<provider>`, token = SHA-256 of challenge + secret, expiring with the
 *   cookie). The (identifier, token) key is unique (the conformance suite checks that a second
 *   `createVerificationToken` of it fails), so of two uses, on any number of servers, only the first
 *   records it. The row outlives the cookie by nothing: `deleteExpired` removes it afterwards.
 */
import type { Adapter } from "../../types.js";

export interface ChallengeLedger {
  /** True the first time a challenge is spent, false for every later attempt. */
  spend(challenge: string, expires: Date): Promise<boolean>;
}

const utf8 = new TextEncoder();

async function sha256Hex(input: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", utf8.encode(input)));
  return [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Challenges spent in this process, with the time after which their cookie is dead anyway. */
const spentHere = new Map<string, number>();
const MAX_REMEMBERED = 50_000;

function forgetExpired(now: number): void {
  for (const [challenge, expires] of spentHere) if (expires <= now) spentHere.delete(challenge);
}

function spendHere(challenge: string, expires: Date): boolean {
  const now = Date.now();
  if (spentHere.size >= MAX_REMEMBERED) forgetExpired(now);
  if (spentHere.has(challenge)) return false;
  // Past the cap, the oldest entries go first: their cookies are the closest to expiring.
  if (spentHere.size >= MAX_REMEMBERED) spentHere.delete(spentHere.keys().next().value as string);
  spentHere.set(challenge, expires.getTime());
  return true;
}

export function challengeLedger(adapter: Adapter | undefined, providerId: string, secret: string): ChallengeLedger {
  const record = adapter?.createVerificationToken?.bind(adapter);
  return {
    async spend(challenge, expires) {
      if (!spendHere(challenge, expires)) return false;
      if (!record) return true;
      // No email address starts with a scheme like this, so these rows never meet an email sign-in's.
      const token = { identifier: `webauthn-spent:${providerId}`, token: await sha256Hex(`${challenge}${secret}`) };
      try {
        await record({ ...token, expires });
        return true;
      } catch {
        // The key is taken: another server (or a request racing this one) spent it first. A store that is
        // down ends here too, and refusing is the safe answer for it as well.
        return false;
      }
    },
  };
}
