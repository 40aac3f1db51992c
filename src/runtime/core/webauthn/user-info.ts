/**
 * The default `getUserInfo`: who an options request is about, from its `email` parameter. A known address
 * is an existing user (authenticate, or register when they are the one signed in); an unknown one is a
 * user to create on registration. No (valid) address → null: a discoverable-credential sign-in. The address
 * goes through the one rule every sign-in method uses (core/email/normalize.ts), so a mailbox is one user
 * whether it arrives by email link, passkey or OAuth profile.
 */
import type { WebAuthnLookupOptions, WebAuthnLookupRequest, WebAuthnUserInfo } from "../../types-webauthn.js";
import { adapterMethod } from "../account/adapter-method.js";
import { emailAddressOrNull } from "../email/normalize.js";

export async function defaultUserInfo(
  options: WebAuthnLookupOptions,
  request: WebAuthnLookupRequest,
): Promise<WebAuthnUserInfo | null> {
  const raw = request.method === "POST" ? request.body?.email : request.query.email;
  if (!raw) return null;
  const email = emailAddressOrNull(raw);
  if (!email) return null;
  const existing = await adapterMethod(options.adapter, "getUserByEmail")(email);
  if (existing) return { user: existing, exists: true };
  return { user: { email }, exists: false };
}
