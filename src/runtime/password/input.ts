/**
 * Turns what a client sent as a password into the exact bytes that get hashed, or says why it cannot.
 * NFKC first (NIST SP 800-63B-4 §3.1.1.2): "ﬁ" and "fi", or a composed and a decomposed "é", are what the
 * user typed on two keyboards and must verify alike. Size is bounded before any work, since a megabyte
 * "password" would otherwise cost a normalisation and a hash per request; the policy's own maximum (128 code
 * points) sits far below this bound, which only stops absurd input. Web-compatible.
 */

/** Bytes of UTF-8, before and after NFKC. Far above any password the policy admits; only absurd input hits it. */
export const MAX_PASSWORD_BYTES = 4096;

/** Why an input was refused before hashing: an answer for the client, never a thrown error. */
export type PasswordInputProblem = "not-a-string" | "too-long" | "malformed-unicode";

export type PreparedPassword =
  | { ok: true; normalized: string; bytes: Uint8Array }
  | { ok: false; problem: PasswordInputProblem };

const utf8 = new TextEncoder();
/** A lone surrogate: UTF-8 cannot carry it, and encoders silently turn every one into U+FFFD (two passwords, one hash). */
const LONE_SURROGATE = /\p{Cs}/u;

export function preparePassword(input: unknown, maxBytes: number = MAX_PASSWORD_BYTES): PreparedPassword {
  if (typeof input !== "string") return { ok: false, problem: "not-a-string" };
  // Every UTF-16 unit is at least one UTF-8 byte: this refuses huge input before normalising it.
  if (input.length > maxBytes) return { ok: false, problem: "too-long" };
  if (LONE_SURROGATE.test(input)) return { ok: false, problem: "malformed-unicode" };
  const normalized = input.normalize("NFKC");
  const bytes = utf8.encode(normalized);
  if (bytes.length > maxBytes || utf8.encode(input).length > maxBytes) return { ok: false, problem: "too-long" };
  return { ok: true, normalized, bytes };
}
