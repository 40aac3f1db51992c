/**
 * The default `getUserInfo`: who an options request is about, from its `email` parameter. A known address
 * is an existing user (authenticate, or register when they are the one signed in); an unknown one is a
 * user to create on registration. No (valid) address → null: a discoverable-credential sign-in.
 */
import type { WebAuthnLookupOptions, WebAuthnLookupRequest, WebAuthnUserInfo } from "../../types-webauthn.js";
import { adapterMethod } from "../account/adapter-method.js";

/**
 * The address as stored: NFKC, trimmed, lower-case. Anything that is not exactly one non-empty local part
 * and domain, or that contains a quote, is not an address (a list or a quoted local part could make two
 * strings name one mailbox).
 */
export function normalizeEmail(value: string): string | null {
  const email = value.normalize("NFKC").trim().toLowerCase();
  if (email.includes('"') || /[\s,;]/.test(email)) return null;
  const parts = email.split("@");
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  return email;
}

export async function defaultUserInfo(
  options: WebAuthnLookupOptions,
  request: WebAuthnLookupRequest,
): Promise<WebAuthnUserInfo | null> {
  const raw = request.method === "POST" ? request.body?.email : request.query.email;
  if (!raw) return null;
  const email = normalizeEmail(raw);
  if (!email) return null;
  const existing = await adapterMethod(options.adapter, "getUserByEmail")(email);
  if (existing) return { user: existing, exists: true };
  return { user: { email }, exists: false };
}
