/**
 * Sign-in link tokens. The link carries a random token; the adapter stores only
 * `sha256hex(token + secret)`, so a leaked verification-token table cannot be replayed as links.
 */
import { bytesToHex } from "../crypto/hex.js";
import { randomHex } from "../crypto/random.js";

const utf8 = new TextEncoder();

/** 32 random bytes as 64 hex characters (256 bits: not guessable within any link lifetime). */
export function randomVerificationToken(): string {
  return randomHex(32);
}

/** What the adapter stores for `token`. WebCrypto, so it also runs on edge runtimes. */
export async function hashVerificationToken(token: string, secret: string): Promise<string> {
  return bytesToHex(new Uint8Array(await crypto.subtle.digest("SHA-256", utf8.encode(`${token}${secret}`))));
}
