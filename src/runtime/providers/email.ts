/**
 * Email (magic link) sign-in with your own delivery: `sendVerificationRequest` sends the link however you
 * like (an HTTP email API, a queue). For SMTP, the `nodemailer` provider brings a ready one. Needs an adapter
 * with createVerificationToken, useVerificationToken and getUserByEmail. The sign-in itself
 * (core/email/actions.ts) loads on the first email sign-in.
 */
import { loadEmailActions } from "../core/email/load-actions.js";
import { mergeProviderOptions } from "../core/providers.js";
import type { EmailConfig, EmailUserConfig } from "../types-email.js";

export type EmailProviderOptions = EmailUserConfig & Pick<EmailConfig, "sendVerificationRequest">;

export default function email(options: EmailProviderOptions): EmailConfig {
  // A JavaScript caller may omit `sendVerificationRequest`: the config is still returned (env inference
  // calls factories without options), and resolving the providers reports it as a configuration error.
  const defaults = { id: "email", name: "Email", type: "email", actions: loadEmailActions } as EmailConfig;
  return { ...mergeProviderOptions<EmailConfig>(defaults, options), options };
}
