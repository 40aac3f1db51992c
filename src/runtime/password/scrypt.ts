/**
 * scrypt (RFC 7914) from node:crypto: the fallback where @node-rs/argon2's binary cannot load. Node-only
 * (node:crypto), like the rest of the hashing. Its async form runs on libuv's thread pool, off the event loop.
 * PHC form `$scrypt$ln=17,r=8,p=1$salt$hash` (ln = log2 N), the one passlib and others write.
 */
import { scrypt } from "node:crypto";
import { formatPhc, numericParams, type Phc } from "./phc.js";

export interface ScryptParams {
  /** log2 of the cost N. */
  ln: number;
  /** Block size. */
  r: number;
  /** Parallelisation (computed one after another here). */
  p: number;
}

/** OWASP's scrypt row: N = 2^17, r = 8, p = 1 (128 MiB per hash, ~360 ms on a 2-core server). Also the floor. */
export const SCRYPT_DEFAULTS: Readonly<ScryptParams> = { ln: 17, r: 8, p: 1 };
export const SCRYPT_FLOOR: Readonly<ScryptParams> = SCRYPT_DEFAULTS;
/** 1 GiB of memory at most, 16 sequential passes: a stored string asking for more is refused, not attempted. */
const MAX_MEMORY = 2 ** 30;
const MAX_P = 16;

export interface StoredScrypt {
  algorithm: "scrypt";
  params: ScryptParams;
  salt: Uint8Array;
  hash: Uint8Array;
}

/** Bytes scrypt holds at once: OpenSSL's own count (128·r·(N + p + 2)), which is what `maxmem` is checked against. */
export function scryptMemory(params: ScryptParams): number {
  return 128 * params.r * (2 ** params.ln + params.p + 2);
}

export function scryptInBounds(params: ScryptParams): boolean {
  return (
    params.ln >= 1 &&
    params.ln <= 30 &&
    params.r >= 1 &&
    params.p >= 1 &&
    params.p <= MAX_P &&
    128 * params.r * 2 ** params.ln <= MAX_MEMORY
  );
}

export function readScrypt(phc: Phc): StoredScrypt | undefined {
  if (phc.id !== "scrypt" || phc.version !== undefined) return undefined;
  const params = numericParams(phc, ["ln", "r", "p"]);
  if (!params || !scryptInBounds(params)) return undefined;
  return { algorithm: "scrypt", params, salt: phc.salt, hash: phc.hash };
}

export function formatScrypt(params: ScryptParams, salt: Uint8Array, hash: Uint8Array): string {
  return formatPhc({
    id: "scrypt",
    params: [
      ["ln", String(params.ln)],
      ["r", String(params.r)],
      ["p", String(params.p)],
    ],
    salt,
    hash,
  });
}

export function deriveScrypt(
  password: Uint8Array,
  salt: Uint8Array,
  params: ScryptParams,
  length: number,
): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    // Node's default maxmem (32 MiB) refuses N = 2^17; raise it to exactly what these parameters need.
    const options = { N: 2 ** params.ln, r: params.r, p: params.p, maxmem: scryptMemory(params) };
    try {
      scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
    } catch (error) {
      // Parameters OpenSSL refuses throw synchronously rather than through the callback.
      reject(error);
    }
  });
}
