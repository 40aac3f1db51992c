/**
 * Makes a WebAuthn challenge single-use on the server, not only in the browser: clearing the challenge
 * cookie does not stop someone who kept a copy of it (and of the signed response) from sending both again,
 * and authenticators that keep no signature counter (most synced passkeys report 0) would not notice.
 *
 * With an adapter that stores verification tokens, each issued challenge is recorded there (hashed with the
 * secret) and consumed through `useVerificationToken`, whose single use the adapter contract guarantees
 * across processes. Otherwise the challenges consumed in this process are remembered until they expire:
 * that covers one server, not several (docs/passkeys.md says so).
 */
import type { Adapter } from "../../types.js";

export interface ChallengeLedger {
  /** Called when a challenge is handed to a browser. */
  issue(challenge: string, expires: Date): Promise<void>;
  /** True the first time a challenge is presented, false for every later attempt (or an unknown one). */
  consume(challenge: string): Promise<boolean>;
}

const utf8 = new TextEncoder();

async function sha256Hex(input: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", utf8.encode(input)));
  return [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

interface TokenStore {
  record: NonNullable<Adapter["createVerificationToken"]>;
  spend: NonNullable<Adapter["useVerificationToken"]>;
}

function adapterLedger(tokens: TokenStore, providerId: string, secret: string): ChallengeLedger {
  // No email address contains a colon-prefixed scheme like this, so these rows never meet an email sign-in's.
  const identifier = `webauthn-challenge:${providerId}`;
  return {
    async issue(challenge, expires) {
      await tokens.record({ identifier, token: await sha256Hex(`${challenge}${secret}`), expires });
    },
    async consume(challenge) {
      const used = await tokens.spend({ identifier, token: await sha256Hex(`${challenge}${secret}`) });
      return used !== null && used !== undefined && new Date(used.expires).getTime() > Date.now();
    },
  };
}

/** Challenges consumed in this process, with the time after which their cookie is dead anyway. */
const consumedHere = new Map<string, number>();
const MAX_REMEMBERED = 50_000;

function forgetExpired(now: number): void {
  for (const [challenge, expires] of consumedHere) if (expires <= now) consumedHere.delete(challenge);
}

function processLedger(lifetimeSeconds: number): ChallengeLedger {
  return {
    async issue() {},
    async consume(challenge) {
      const now = Date.now();
      if (consumedHere.size >= MAX_REMEMBERED) forgetExpired(now);
      if (consumedHere.has(challenge)) return false;
      // Past the cap, the oldest entries go first: their cookies are the closest to expiring.
      if (consumedHere.size >= MAX_REMEMBERED) consumedHere.delete(consumedHere.keys().next().value as string);
      consumedHere.set(challenge, now + lifetimeSeconds * 1000);
      return true;
    },
  };
}

export function challengeLedger(
  adapter: Adapter | undefined,
  providerId: string,
  secret: string,
  lifetimeSeconds: number,
): ChallengeLedger {
  if (adapter?.createVerificationToken && adapter.useVerificationToken) {
    return adapterLedger(
      { record: adapter.createVerificationToken.bind(adapter), spend: adapter.useVerificationToken.bind(adapter) },
      providerId,
      secret,
    );
  }
  return processLedger(lifetimeSeconds);
}
