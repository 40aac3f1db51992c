/**
 * Derives the JWE content-encryption keys from the secret, once per (secret, salt, enc), and caches them
 * with their `kid`. HKDF and the thumbprint are the expensive part of reading a session; running them on
 * every request is what made the reference slow, so the hot path only ever hits this cache.
 */
import { bytesToBase64url } from "./base64.js";
import { type NodeCryptoModule, nodeCrypto } from "./node-crypto.js";

/** Content encryptions we read; we only ever write A256CBC-HS512. */
export type ContentEncryption = "A256CBC-HS512" | "A256GCM";

export interface EncryptionKey {
  key: Uint8Array;
  /** RFC 7638 JWK thumbprint of the key: SHA-512 for 64-byte keys, SHA-256 for 32-byte keys. */
  kid: string;
}

const KEY_LENGTH: Record<ContentEncryption, number> = { "A256CBC-HS512": 64, A256GCM: 32 };
/** Bounds the cache when callers pass many salts (e.g. getToken with arbitrary cookie names). */
const MAX_CACHED_KEYS = 256;
const cache = new Map<string, Promise<EncryptionKey>>();
const utf8 = new TextEncoder();

export function isContentEncryption(value: unknown): value is ContentEncryption {
  return value === "A256CBC-HS512" || value === "A256GCM";
}

/**
 * HKDF-SHA-256 (RFC 5869) with salt = the cookie name and info = `Auth.js Generated Encryption Key (<salt>)`:
 * the reference's derivation, so sessions minted by it stay readable after a migration.
 */
export function encryptionKey(secret: string, salt: string, enc: ContentEncryption): Promise<EncryptionKey> {
  // Length-prefix the salt so no (salt, secret) pair can collide with another in the cache key.
  const cacheKey = `${enc}\u0000${salt.length}\u0000${salt}\u0000${secret}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const derived = derive(secret, salt, enc);
  if (cache.size >= MAX_CACHED_KEYS) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(cacheKey, derived);
  derived.catch(() => cache.delete(cacheKey));
  return derived;
}

/**
 * On node:crypto where the runtime has it: synchronous, and the first session read of a cold process then
 * never loads WebCrypto's own modules (a few milliseconds of that first read on Node 20). WebCrypto elsewhere.
 */
async function derive(secret: string, salt: string, enc: ContentEncryption): Promise<EncryptionKey> {
  return nodeCrypto ? deriveWithNode(nodeCrypto, secret, salt, enc) : deriveWithWebCrypto(secret, salt, enc);
}

function hkdfInfo(salt: string): string {
  return `Auth.js Generated Encryption Key (${salt})`;
}

/** RFC 7638 §3.2: the required members of a symmetric JWK, in lexicographic order, with no whitespace. */
function thumbprintInput(key: Uint8Array): Uint8Array<ArrayBuffer> {
  return utf8.encode(`{"k":"${bytesToBase64url(key)}","kty":"oct"}`);
}

/** The SHA-2 of the thumbprint: SHA-512 for 64-byte keys, SHA-256 for 32-byte keys. */
function thumbprintHash(key: Uint8Array): "SHA-512" | "SHA-256" {
  return key.length === 64 ? "SHA-512" : "SHA-256";
}

export function deriveWithNode(
  node: NodeCryptoModule,
  secret: string,
  salt: string,
  enc: ContentEncryption,
): EncryptionKey {
  const key = new Uint8Array(node.hkdfSync("sha256", secret, salt, hkdfInfo(salt), KEY_LENGTH[enc]));
  const thumbprint = node.createHash(thumbprintHash(key)).update(thumbprintInput(key)).digest();
  return { key, kid: bytesToBase64url(new Uint8Array(thumbprint)) };
}

export async function deriveWithWebCrypto(
  secret: string,
  salt: string,
  enc: ContentEncryption,
): Promise<EncryptionKey> {
  const material = await crypto.subtle.importKey("raw", utf8.encode(secret), "HKDF", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: utf8.encode(salt), info: utf8.encode(hkdfInfo(salt)) },
    material,
    KEY_LENGTH[enc] * 8,
  );
  const key = new Uint8Array(bits);
  const thumbprint = await crypto.subtle.digest(thumbprintHash(key), thumbprintInput(key));
  return { key, kid: bytesToBase64url(new Uint8Array(thumbprint)) };
}
