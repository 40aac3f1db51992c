/**
 * Random bytes for the values minted per request (CSRF tokens, JWE IVs, session and link tokens), drawn from
 * a pool that one `getRandomValues` call fills 4 KiB at a time: in profiles of signed-out reads the call, not
 * the bytes, was the cost. The platform's CSPRNG either way; each byte is handed out once, as a copy, so no
 * caller can see or change another's. Node's own `randomUUID` caches its entropy the same way.
 * Filled through node:crypto where the runtime has it (the same CSPRNG): a cold process's first request then
 * does not load WebCrypto's modules only to draw bytes.
 */
import { bytesToHex } from "./hex.js";
import { nodeCrypto } from "./node-crypto.js";

const POOL_SIZE = 4096;
let pool = new Uint8Array(0);
let offset = 0;

function fill(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  return nodeCrypto ? nodeCrypto.randomFillSync(bytes) : crypto.getRandomValues(bytes);
}

/** Where `length` fresh bytes start in the pool, refilled first when too few are left (`length` ≤ POOL_SIZE). */
function reserve(length: number): number {
  if (offset + length > pool.length) {
    pool = fill(new Uint8Array(POOL_SIZE));
    offset = 0;
  }
  const start = offset;
  offset += length;
  return start;
}

export function randomBytes(length: number): Uint8Array {
  if (length > POOL_SIZE) return fill(new Uint8Array(length));
  const start = reserve(length);
  const bytes = pool.slice(start, start + length);
  // Spent bytes are zeroed, so the pool never holds a value it has already handed out.
  pool.fill(0, start, start + length);
  return bytes;
}

/** `length` random bytes as hex (2 × `length` characters), spelled from the pool without copying them out. */
export function randomHex(length: number): string {
  if (length > POOL_SIZE) return bytesToHex(randomBytes(length));
  const start = reserve(length);
  const hex = bytesToHex(pool, start, start + length);
  pool.fill(0, start, start + length);
  return hex;
}

/** A version 4 UUID (a token's `jti`), from node:crypto where the runtime has it, like the pool above. */
export function randomUUID(): string {
  return nodeCrypto ? nodeCrypto.randomUUID() : crypto.randomUUID();
}
