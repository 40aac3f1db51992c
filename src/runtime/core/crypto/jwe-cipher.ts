/**
 * What a content cipher does for the session JWE, apart from the format around it (jwe-compact.ts): seal
 * with A256CBC-HS512 and open A256CBC-HS512 or A256GCM (RFC 7518 §5.2, §5.3), plus base64url. Two
 * implementations: synchronous node:crypto (jwe-node.ts) and WebCrypto for edge runtimes (jwe-web.ts).
 */
import type { ContentEncryption } from "./encryption-key.js";

export interface Sealed {
  iv: Uint8Array;
  ciphertext: Uint8Array;
  tag: Uint8Array;
}

export interface JweCipher {
  /** base64url without padding (RFC 7515 §2). */
  toBase64url(bytes: Uint8Array): string;
  /** The bytes of a part jwe-compact.ts has already checked is canonical base64url. */
  fromBase64url(value: string): Uint8Array;
  /** RFC 7518 §5.2.2.1 under a 64-byte key (MAC key, then AES key), with a fresh random IV. */
  sealCbcHs512(key: Uint8Array, aad: Uint8Array, plaintext: Uint8Array): Sealed | Promise<Sealed>;
  /**
   * Authenticates, then decrypts (RFC 7518 §5.2.2.2, §5.3); throws on any failure and never returns
   * unauthenticated bytes. The key, IV and tag lengths are the caller's to have checked.
   */
  open(
    enc: ContentEncryption,
    key: Uint8Array,
    aad: Uint8Array,
    iv: Uint8Array,
    ciphertext: Uint8Array,
    tag: Uint8Array,
  ): Uint8Array | Promise<Uint8Array>;
}

/** The IV and tag lengths RFC 7518 fixes for each content encryption, in bytes (keys: encryption-key.ts). */
export const LENGTHS: Record<ContentEncryption, { iv: number; tag: number }> = {
  "A256CBC-HS512": { iv: 16, tag: 32 },
  A256GCM: { iv: 12, tag: 16 },
};

/** AES block size: a CBC ciphertext (PKCS #7 padded) is a non-zero multiple of it. */
export const AES_BLOCK = 16;

/**
 * AL: the AAD length in bits as a 64-bit big-endian integer (RFC 7518 §5.2.2.1 step 4), written as two 32-bit
 * halves: no BigInt literal, which bundlers targeting older syntax (Nuxt's esbuild step) warn about.
 */
export function aadLength(aad: Uint8Array): Uint8Array {
  const bits = aad.length * 8;
  const length = new Uint8Array(8);
  const view = new DataView(length.buffer);
  view.setUint32(0, Math.floor(bits / 2 ** 32));
  view.setUint32(4, bits >>> 0);
  return length;
}

/** Thrown for every refusal a cipher makes, so no message tells an attacker which check failed. */
export function decryptionFailed(): Error {
  return new Error("JWE decryption failed");
}
