/**
 * The fields a password action reads from its body. Each is read from the body as parsed (JSON values kept),
 * so a password sent as a number or an array is refused as what it is rather than read as its JSON text.
 * The account identifier is the normalised address (`accountEmail`), the same form sign-up stored, the rate
 * limits key on, and links carry.
 */
import { emailAddressOrNull } from "../email/normalize.js";
import type { RequestInternal } from "../internal.js";

/** A body field when it is a string, else undefined (missing, a number, an object, an array). */
export function stringField(request: RequestInternal, name: string): string | undefined {
  const value = request.rawBody?.[name];
  return typeof value === "string" ? value : undefined;
}

/** The account's address from the body's `email`: NFKC, trimmed, lower-cased, one plain address; else null. */
export function accountEmail(request: RequestInternal): string | null {
  return emailAddressOrNull(request.rawBody?.email);
}
