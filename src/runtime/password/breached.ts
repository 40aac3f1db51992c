/**
 * The opt-in online breach check: Have I Been Pwned's Pwned Passwords range API, by k-anonymity. Only the
 * first 5 hex characters of the password's SHA-1 leave the server; the API answers every suffix it knows for
 * that prefix, and the match happens here. `Add-Padding: true` makes every answer 800–1,000 lines, with fake
 * zero-count entries, so its size does not tell an observer which prefix was asked; those entries are ignored.
 * Endpoint and fetch are injectable (tests answer from a loopback server; the real API is never called in
 * tests). Web-compatible: WebCrypto SHA-1 and fetch.
 */

import { readLimited } from "../core/body.js";
import { bytesToHex } from "../core/crypto/hex.js";
import { InputTooLarge } from "../errors.js";

export const PWNED_PASSWORDS_RANGE = "https://api.pwnedpasswords.com/range/";

export interface BreachCheckOptions {
  /** The range endpoint; the 5-character prefix is appended. Default: PWNED_PASSWORDS_RANGE. */
  endpoint?: string;
  /** Default: globalThis.fetch. */
  fetch?: typeof globalThis.fetch;
  /** Whole request, body included. Default 2000 ms: sign-up waits on it. */
  timeoutMs?: number;
}

export type BreachCheckResult =
  | { status: "breached"; count: number }
  | { status: "clean" }
  | { status: "unavailable"; cause: "timeout" | "network" | "status" | "malformed" };

/** A padded answer is ~35 kB; a body past this is not the range API. */
const MAX_BODY_BYTES = 1 << 20;
const LINE = /^([0-9A-F]{35}):(\d{1,12})$/;

async function sha1Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(text));
  return bytesToHex(new Uint8Array(digest)).toUpperCase();
}

/** The answer's text, or undefined past MAX_BODY_BYTES (the core's bounded reader, which cancels the rest). */
async function readBounded(response: Response): Promise<string | undefined> {
  if (!response.body) return "";
  try {
    return new TextDecoder().decode(await readLimited(response.body, MAX_BODY_BYTES));
  } catch (error) {
    if (error instanceof InputTooLarge) return undefined;
    throw error;
  }
}

/** How often `password` (already NFKC-normalised by the caller) appears in Pwned Passwords. Never throws. */
export async function checkBreached(password: string, options: BreachCheckOptions = {}): Promise<BreachCheckResult> {
  const hash = await sha1Hex(password);
  const prefix = hash.slice(0, 5);
  const suffix = hash.slice(5);
  const signal = AbortSignal.timeout(options.timeoutMs ?? 2000);
  let body: string | undefined;
  try {
    const response = await (options.fetch ?? globalThis.fetch)(
      `${options.endpoint ?? PWNED_PASSWORDS_RANGE}${prefix}`,
      {
        headers: { "Add-Padding": "true", Accept: "text/plain" },
        signal,
        redirect: "error",
      },
    );
    if (!response.ok) {
      await response.body?.cancel();
      return { status: "unavailable", cause: "status" };
    }
    body = await readBounded(response);
  } catch {
    return { status: "unavailable", cause: signal.aborted ? "timeout" : "network" };
  }
  if (body === undefined) return { status: "unavailable", cause: "malformed" };
  let count = 0;
  for (const line of body.split(/\r?\n/)) {
    if (line === "") continue;
    const match = LINE.exec(line);
    if (!match) return { status: "unavailable", cause: "malformed" };
    // Padding entries carry a count of 0: they are decoys, not breaches.
    if (match[1] === suffix) count = Number(match[2]);
  }
  return count > 0 ? { status: "breached", count } : { status: "clean" };
}
