/**
 * An email provider as the actions read it: its link lifetime resolved and its sender checked.
 * Misconfiguration fails on every request (a Configuration error), not at the moment someone first tries
 * to sign in. (What it needs from the adapter is checked with the other adapter needs in core/assert.ts.)
 */
import { InvalidProvider } from "../../errors.js";
import type { EmailConfig } from "../../types-email.js";

/** A sign-in link lives 24 hours unless the provider sets `maxAge`. */
export const DEFAULT_EMAIL_MAX_AGE = 24 * 60 * 60;

export type InternalEmailProvider = EmailConfig & { callbackUrl: string; signinUrl: string };

/** @throws InvalidProvider when the provider cannot send links or has a nonsensical `maxAge`. */
export function resolveEmailProvider(
  provider: EmailConfig,
  callbackUrl: string,
  signinUrl: string,
): InternalEmailProvider {
  if (typeof provider.sendVerificationRequest !== "function") {
    throw new InvalidProvider(
      `The email provider "${provider.id}" has no sendVerificationRequest function: pass one, or use the nodemailer provider.`,
    );
  }
  const maxAge = provider.maxAge ?? DEFAULT_EMAIL_MAX_AGE;
  if (!Number.isFinite(maxAge) || maxAge <= 0) {
    throw new InvalidProvider(
      `The email provider "${provider.id}" has an invalid maxAge (${maxAge}): use seconds > 0.`,
    );
  }
  return { ...provider, maxAge, callbackUrl, signinUrl };
}
