/**
 * The session JWE's cipher on synchronous node:crypto (Node, Bun, Deno): no WebCrypto key import and no
 * promise per request, which is what keeps a session read near the cost of a bare Response. Reads and writes
 * exactly what the WebCrypto cipher (jwe-web.ts) and jose do; the tests check all three against each other.
 */
import type { ContentEncryption } from "./encryption-key.js";
import { AES_BLOCK, aadLength, decryptionFailed, type JweCipher, type Sealed } from "./jwe-cipher.js";
import type { NodeCryptoModule } from "./node-crypto.js";
import { randomBytes } from "./random.js";

/** Buffer exists wherever node:crypto does; its native base64url is several times faster than atob/btoa. */
function buffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
}

/** T, the first half of HMAC-SHA-512 over AAD ‖ IV ‖ ciphertext ‖ AL (RFC 7518 §5.2.2.1 steps 5–6). */
function cbcTag(
  crypto: NodeCryptoModule,
  macKey: Uint8Array,
  aad: Uint8Array,
  iv: Uint8Array,
  ciphertext: Uint8Array,
): Buffer {
  const hmac = crypto.createHmac("sha512", macKey);
  hmac.update(aad).update(iv).update(ciphertext).update(aadLength(aad));
  return hmac.digest().subarray(0, 32);
}

export function nodeCipher(crypto: NodeCryptoModule): JweCipher {
  return {
    toBase64url: (bytes) => buffer(bytes).toString("base64url"),
    fromBase64url: (value) => Buffer.from(value, "base64url"),

    sealCbcHs512(key: Uint8Array, aad: Uint8Array, plaintext: Uint8Array): Sealed {
      const iv = randomBytes(16);
      const cipher = crypto.createCipheriv("aes-256-cbc", key.subarray(32), iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return { iv, ciphertext, tag: cbcTag(crypto, key.subarray(0, 32), aad, iv, ciphertext) };
    },

    open(enc: ContentEncryption, key, aad, iv, ciphertext, tag): Uint8Array {
      if (enc === "A256CBC-HS512") {
        if (ciphertext.length === 0 || ciphertext.length % AES_BLOCK !== 0) throw decryptionFailed();
        const expected = cbcTag(crypto, key.subarray(0, 32), aad, iv, ciphertext);
        // Authenticate before decrypting (RFC 7518 §5.2.2.2), in constant time.
        if (!crypto.timingSafeEqual(expected, tag)) throw decryptionFailed();
        const decipher = crypto.createDecipheriv("aes-256-cbc", key.subarray(32), iv);
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
      }
      const decipher = crypto.createDecipheriv("aes-256-gcm", key, iv, { authTagLength: 16 });
      decipher.setAAD(aad);
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
      } catch {
        throw decryptionFailed();
      }
    },
  };
}
