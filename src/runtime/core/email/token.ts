/**
 * Sign-in link tokens. The link carries a random token; the adapter stores only
 * `sha256hex(token + secret)`, so a leaked verification-token table cannot be replayed as links.
 */
import { randomHex } from "../crypto/random.js";
import { sha256Hex } from "../crypto/sha256.js";

/** 32 random bytes as 64 hex characters (256 bits: not guessable within any link lifetime). */
export function randomVerificationToken(): string {
  return randomHex(32);
}

/** What the adapter stores for `token` (the one SHA-256 of the core: node:crypto, or WebCrypto on the edge). */
export function hashVerificationToken(token: string, secret: string): Promise<string> {
  return sha256Hex(`${token}${secret}`);
}
