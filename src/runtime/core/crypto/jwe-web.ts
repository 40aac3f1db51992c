/**
 * The session JWE's cipher on WebCrypto (`crypto.subtle`), for edge runtimes without node:crypto: AES-CBC
 * with HMAC-SHA-512 (RFC 7518 §5.2.5) and AES-GCM (§5.3). Keys are imported once per derived key, not per
 * request. Reads and writes exactly what the node:crypto cipher (jwe-node.ts) and jose do.
 */
import { base64ToBytes, bytesToBase64url } from "./base64.js";
import type { ContentEncryption } from "./encryption-key.js";
import { AES_BLOCK, aadLength, decryptionFailed, type JweCipher, type Sealed } from "./jwe-cipher.js";
import { randomBytes } from "./random.js";

interface CbcKeys {
  mac: CryptoKey;
  aes: CryptoKey;
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

/** A copy on its own ArrayBuffer, the only BufferSource shape every WebCrypto typing accepts. */
function own(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(bytes);
}

/**
 * Whether two tags are equal, in time that depends on their length only (public) and not on where they
 * differ. WebCrypto's `verify` cannot serve: the tag is a truncated HMAC (RFC 7518 §5.2.2.1 step 6).
 */
function sameTag(expected: Uint8Array, actual: Uint8Array): boolean {
  if (expected.length !== actual.length) return false;
  let difference = 0;
  for (let index = 0; index < expected.length; index++) difference |= expected[index]! ^ actual[index]!;
  return difference === 0;
}

export function webCipher(subtle: SubtleCrypto = crypto.subtle): JweCipher {
  // Keyed by the derived key's bytes object, which encryption-key.ts caches: one import per (secret, salt, enc).
  const cbcKeys = new WeakMap<Uint8Array, Promise<CbcKeys>>();
  const gcmKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

  function cbcKeysFor(key: Uint8Array): Promise<CbcKeys> {
    let keys = cbcKeys.get(key);
    if (!keys) {
      keys = Promise.all([
        subtle.importKey("raw", own(key.subarray(0, 32)), { name: "HMAC", hash: "SHA-512" }, false, ["sign"]),
        subtle.importKey("raw", own(key.subarray(32)), "AES-CBC", false, ["encrypt", "decrypt"]),
      ]).then(([mac, aes]) => ({ mac, aes }));
      cbcKeys.set(key, keys);
      keys.catch(() => cbcKeys.delete(key));
    }
    return keys;
  }

  function gcmKeyFor(key: Uint8Array): Promise<CryptoKey> {
    let imported = gcmKeys.get(key);
    if (!imported) {
      imported = subtle.importKey("raw", own(key), "AES-GCM", false, ["decrypt"]);
      gcmKeys.set(key, imported);
      imported.catch(() => gcmKeys.delete(key));
    }
    return imported;
  }

  async function cbcTag(mac: CryptoKey, aad: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array) {
    const signature = await subtle.sign("HMAC", mac, concat(aad, iv, ciphertext, aadLength(aad)));
    return new Uint8Array(signature, 0, 32);
  }

  return {
    toBase64url: bytesToBase64url,
    fromBase64url: base64ToBytes,

    async sealCbcHs512(key: Uint8Array, aad: Uint8Array, plaintext: Uint8Array): Promise<Sealed> {
      const { mac, aes } = await cbcKeysFor(key);
      const iv = own(randomBytes(16));
      const ciphertext = new Uint8Array(await subtle.encrypt({ name: "AES-CBC", iv }, aes, own(plaintext)));
      return { iv, ciphertext, tag: await cbcTag(mac, aad, iv, ciphertext) };
    },

    async open(enc: ContentEncryption, key, aad, iv, ciphertext, tag): Promise<Uint8Array> {
      if (enc === "A256CBC-HS512") {
        if (ciphertext.length === 0 || ciphertext.length % AES_BLOCK !== 0) throw decryptionFailed();
        const { mac, aes } = await cbcKeysFor(key);
        // Authenticate before decrypting (RFC 7518 §5.2.2.2): no padding oracle.
        if (!sameTag(await cbcTag(mac, aad, iv, ciphertext), tag)) throw decryptionFailed();
        try {
          return new Uint8Array(await subtle.decrypt({ name: "AES-CBC", iv: own(iv) }, aes, own(ciphertext)));
        } catch {
          throw decryptionFailed();
        }
      }
      const aes = await gcmKeyFor(key);
      try {
        const params = { name: "AES-GCM", iv: own(iv), additionalData: own(aad), tagLength: 128 };
        return new Uint8Array(await subtle.decrypt(params, aes, concat(ciphertext, tag)));
      } catch {
        throw decryptionFailed();
      }
    },
  };
}
