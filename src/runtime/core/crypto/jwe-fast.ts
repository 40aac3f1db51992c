/**
 * A synchronous node:crypto implementation of the one JWE shape sessions use: compact serialization,
 * `alg: "dir"`, `enc: "A256CBC-HS512"` (RFC 7518 §5.2.5) or `A256GCM` (§5.3), protected header limited to
 * `alg`, `enc`, `kid`. It reads and writes exactly what jose does (the tests check both directions and
 * tampering); the point is to skip WebCrypto key imports and jose's generic machinery on every request.
 * Where node:crypto is absent (edge runtimes) `nodeCrypto` is undefined and callers use jose.
 */
import type * as NodeCrypto from "node:crypto";

/** `process.getBuiltinModule` (Node ≥ 20.16) loads node:crypto without a static import edge bundlers reject. */
export const nodeCrypto: typeof NodeCrypto | undefined = (
  globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
).process?.getBuiltinModule?.("node:crypto") as typeof NodeCrypto | undefined;

export interface FastHeader {
  alg: "dir";
  enc: "A256CBC-HS512" | "A256GCM";
  kid?: string;
}

const utf8 = new TextEncoder();
const utf8Decoder = new TextDecoder();
const ALLOWED_HEADER_KEYS = new Set(["alg", "enc", "kid"]);
/** RFC 7515 §2: base64url without padding. Buffer's decoder skips other characters, so check first. */
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Buffer's native base64url (this module only runs where node:crypto, hence Buffer, exists). */
function toBase64url(bytes: Uint8Array | string): string {
  return (
    typeof bytes === "string" ? Buffer.from(bytes, "utf8") : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
  ).toString("base64url");
}

/** Strict decode: a character outside the alphabet or an impossible length is an error, as in jose. */
function fromBase64url(value: string): Buffer {
  if (!BASE64URL.test(value) || value.length % 4 === 1) throw new Error("JWE decryption failed");
  return Buffer.from(value, "base64url");
}

/** AL: the AAD length in bits as a 64-bit big-endian integer (RFC 7518 §5.2.2.1 step 4). */
function aadLength(aad: Uint8Array): Buffer {
  const length = Buffer.alloc(8);
  length.writeBigUInt64BE(BigInt(aad.length) * 8n);
  return length;
}

function cbcTag(
  crypto: typeof NodeCrypto,
  macKey: Uint8Array,
  aad: Uint8Array,
  iv: Uint8Array,
  ciphertext: Uint8Array,
) {
  const hmac = crypto.createHmac("sha512", macKey);
  hmac.update(aad).update(iv).update(ciphertext).update(aadLength(aad));
  // T is the first half of the HMAC-SHA-512 output (RFC 7518 §5.2.2.1 step 6).
  return hmac.digest().subarray(0, 32);
}

/** Encrypts with A256CBC-HS512 under a 64-byte `dir` key; returns the compact JWE. */
export function encryptCbcHs512(
  crypto: typeof NodeCrypto,
  header: FastHeader,
  plaintext: Uint8Array,
  key: Uint8Array,
): string {
  const encodedHeader = toBase64url(JSON.stringify(header));
  const aad = utf8.encode(encodedHeader);
  const iv = crypto.randomBytes(16);
  const cipher = crypto.createCipheriv("aes-256-cbc", key.subarray(32), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  const tag = cbcTag(crypto, key.subarray(0, 32), aad, iv, ciphertext);
  return `${encodedHeader}..${toBase64url(iv)}.${toBase64url(ciphertext)}.${toBase64url(tag)}`;
}

/**
 * Parses the protected header when the token is a shape this fast path serves; undefined otherwise
 * (the caller then hands the token to jose, which handles or rejects everything else).
 */
export function fastHeader(token: string): FastHeader | undefined {
  const parts = token.split(".");
  if (parts.length !== 5 || parts[1] !== "") return undefined;
  let header: unknown;
  try {
    header = JSON.parse(fromBase64url(parts[0]!).toString("utf8"));
  } catch {
    return undefined;
  }
  if (header === null || typeof header !== "object" || Array.isArray(header)) return undefined;
  const record = header as Record<string, unknown>;
  if (!Object.keys(record).every((key) => ALLOWED_HEADER_KEYS.has(key))) return undefined;
  const { alg, enc, kid } = record;
  if (alg !== "dir" || (enc !== "A256CBC-HS512" && enc !== "A256GCM")) return undefined;
  if (kid !== undefined && typeof kid !== "string") return undefined;
  return kid === undefined ? { alg, enc } : { alg, enc, kid };
}

/** Decrypts a token `fastHeader` accepted. Throws on any authentication failure; never returns unverified data. */
export function decryptCompact(
  crypto: typeof NodeCrypto,
  token: string,
  enc: FastHeader["enc"],
  key: Uint8Array,
): Uint8Array {
  const [encodedHeader, , encodedIv, encodedCiphertext, encodedTag] = token.split(".") as [
    string,
    string,
    string,
    string,
    string,
  ];
  const aad = utf8.encode(encodedHeader);
  const iv = fromBase64url(encodedIv);
  const ciphertext = fromBase64url(encodedCiphertext);
  const tag = fromBase64url(encodedTag);
  if (enc === "A256CBC-HS512") {
    if (key.length !== 64 || iv.length !== 16 || tag.length !== 32) throw new Error("JWE decryption failed");
    const expected = cbcTag(crypto, key.subarray(0, 32), aad, iv, ciphertext);
    // Authenticate before decrypting (RFC 7518 §5.2.2.2), in constant time.
    if (!crypto.timingSafeEqual(expected, tag)) throw new Error("JWE decryption failed");
    const decipher = crypto.createDecipheriv("aes-256-cbc", key.subarray(32), iv);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  }
  if (key.length !== 32 || iv.length !== 12 || tag.length !== 16) throw new Error("JWE decryption failed");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
}

/**
 * The JWT claim checks jose's jwtDecrypt performs for our options (RFC 7519 §4.1): the payload is an
 * object; `iat`, `nbf`, `exp` are numbers when present; not before `nbf`, not at or after `exp`, both with
 * the clock tolerance.
 */
export function validateClaims(plaintext: Uint8Array | string, clockTolerance: number): Record<string, unknown> {
  const payload: unknown = JSON.parse(typeof plaintext === "string" ? plaintext : utf8Decoder.decode(plaintext));
  if (payload === null || typeof payload !== "object" || Array.isArray(payload)) {
    throw new Error("JWT Claims Set must be a top-level JSON object");
  }
  const claims = payload as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  for (const claim of ["iat", "nbf", "exp"] as const) {
    if (claims[claim] !== undefined && typeof claims[claim] !== "number")
      throw new Error(`"${claim}" claim must be a number`);
  }
  if (typeof claims.nbf === "number" && claims.nbf > now + clockTolerance) throw new Error('"nbf" claim check failed');
  if (typeof claims.exp === "number" && claims.exp <= now - clockTolerance) throw new Error('"exp" claim check failed');
  return claims;
}
