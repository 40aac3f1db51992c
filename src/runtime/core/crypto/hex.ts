/**
 * Bytes as lower-case hex, the one spelling of every digest, MAC and random token the runtime writes as text
 * (CSRF cookies, session and link tokens, rate-limit keys). A table of the 256 byte spellings: no per-byte
 * `toString(16).padStart()` on paths every request takes.
 */
const BYTE_HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

/** `bytes` as hex, or the bytes from `start` to `end` (exclusive) alone: no copy of the range to spell it. */
export function bytesToHex(bytes: Uint8Array, start = 0, end = bytes.length): string {
  let hex = "";
  for (let index = start; index < end; index++) hex += BYTE_HEX[bytes[index]!];
  return hex;
}
