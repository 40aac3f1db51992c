/**
 * Makes a value sealed in a cookie single-use on the server, not only in the browser: clearing the cookie
 * does not stop someone who kept a copy of it from sending it again. Two kinds of value use it: a WebAuthn
 * challenge (with its signed response: authenticators that keep no signature counter, most synced passkeys,
 * would not notice a replay) and a link intent (core/account/link-intent.ts).
 *
 * Nothing is stored when such a value is issued: an options request (the autofill one runs on every sign-in
 * page view, and most are never completed) writes no row. A value is recorded when it is spent, after what
 * it guards was verified, so only completed ceremonies write anything:
 * - In this process, the values spent are remembered until their cookie is dead anyway.
 * - With an adapter that stores verification tokens, the spent value is also recorded as one (identifier
 *   `<kind>-spent:<provider>`, e.g. `webauthn-spent:passkey`; token = SHA-256 of value + secret, expiring
 *   with the cookie). The (identifier, token) key is unique (the conformance suite checks that a second
 *   `createVerificationToken` of it fails), so of two uses, on any number of servers, only the first
 *   records it. The row outlives the cookie by nothing: `deleteExpired` removes it afterwards.
 */
import type { Adapter } from "../types.js";
import { sha256Hex } from "./crypto/sha256.js";

export interface SpentLedger {
  /** True the first time a value is spent, false for every later attempt. */
  spend(value: string, expires: Date): Promise<boolean>;
}

/** Values spent in this process (by identifier and value), with the time after which their cookie is dead anyway. */
const spentHere = new Map<string, number>();
const MAX_REMEMBERED = 50_000;

function forgetExpired(now: number): void {
  for (const [key, expires] of spentHere) if (expires <= now) spentHere.delete(key);
}

function spendHere(key: string, expires: Date): boolean {
  const now = Date.now();
  if (spentHere.size >= MAX_REMEMBERED) forgetExpired(now);
  if (spentHere.has(key)) return false;
  // Past the cap, the oldest entries go first: their cookies are the closest to expiring.
  if (spentHere.size >= MAX_REMEMBERED) spentHere.delete(spentHere.keys().next().value as string);
  spentHere.set(key, expires.getTime());
  return true;
}

/** A ledger for values recorded under `identifier` (`webauthn-spent:<provider>`, `link-spent:<provider>`). */
export function spentLedger(adapter: Adapter | undefined, identifier: string, secret: string): SpentLedger {
  const record = adapter?.createVerificationToken?.bind(adapter);
  return {
    async spend(value, expires) {
      if (!spendHere(`${identifier}\n${value}`, expires)) return false;
      if (!record) return true;
      // No email address has a `<kind>-spent:` form, so these rows never meet an email sign-in's.
      const token = { identifier, token: await sha256Hex(`${value}${secret}`) };
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
