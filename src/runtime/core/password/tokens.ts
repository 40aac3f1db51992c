/**
 * The password provider's link tokens, on the verification-token contract every adapter has (stored as a
 * hash, used once, with an expiry): no storage of their own. Two things keep them apart from every other
 * token in that table. The identifier is namespaced (`password-verify:<address>`, `password-reset:<address>`),
 * so a reset token is never a verification token, nor either one for another address. And what is stored is
 * the hash of the purpose and the token together, so a token presented to another flow (an email provider's
 * callback, which hashes the token alone) finds nothing, whatever identifier it is presented with.
 */
import { adapterMethod } from "../account/adapter-method.js";
import { hashVerificationToken, randomVerificationToken } from "../email/token.js";
import type { InternalOptions } from "../internal.js";

export type TokenPurpose = "verify" | "reset";

function identifierFor(purpose: TokenPurpose, email: string): string {
  return `password-${purpose}:${email}`;
}

function stored(purpose: TokenPurpose, token: string, secret: string): Promise<string> {
  return hashVerificationToken(`password-${purpose}:${token}`, secret);
}

/** Stores a new single-use token for `email`; returns it (for the link) and when it expires. */
export async function issueToken(
  options: InternalOptions,
  purpose: TokenPurpose,
  email: string,
  maxAgeSeconds: number,
): Promise<{ token: string; expires: Date }> {
  const token = randomVerificationToken();
  const expires = new Date(Date.now() + maxAgeSeconds * 1000);
  await adapterMethod(
    options.adapter,
    "createVerificationToken",
  )({
    identifier: identifierFor(purpose, email),
    token: await stored(purpose, token, options.secret[0]!),
    expires,
  });
  return { token, expires };
}

/**
 * Uses up `token` for `email` and says whether it was valid: issued for this purpose and this address, not
 * used before, not expired. Used up whatever the answer (the adapter deletes it as it reads it). Every
 * configured secret is tried, so links survive a secret rotation. Anything but two non-empty strings is
 * simply invalid.
 */
export async function consumeToken(
  options: InternalOptions,
  purpose: TokenPurpose,
  email: unknown,
  token: unknown,
): Promise<boolean> {
  if (typeof email !== "string" || typeof token !== "string" || email === "" || token === "") return false;
  // A token is 64 hex characters; anything else was never issued, and need not reach the adapter.
  if (!/^[0-9a-f]{64}$/.test(token)) return false;
  const identifier = identifierFor(purpose, email);
  const use = adapterMethod(options.adapter, "useVerificationToken");
  for (const secret of options.secret) {
    const found = await use({ identifier, token: await stored(purpose, token, secret) });
    if (!found) continue;
    return found.identifier === identifier && new Date(found.expires).valueOf() >= Date.now();
  }
  return false;
}
