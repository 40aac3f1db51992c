/**
 * Email (magic link) sign-in over SMTP with nodemailer: `server` is an SMTP URL
 * (`smtp://user:pass@smtp.example.com:587`) or nodemailer transport options, `from` the sender. The mail
 * holds nothing but the link (see core/email/message.ts); pass `sendVerificationRequest` to send your own.
 * nodemailer is loaded only when a link is sent and must be a dependency of the app.
 */
import { loadEmailActions } from "../core/email/load-actions.js";
import { sendWithNodemailer } from "../core/email/send.js";
import { mergeProviderOptions } from "../core/providers.js";
import type { EmailConfig, EmailUserConfig } from "../types-email.js";

export type NodemailerOptions = EmailUserConfig;

export default function nodemailer(options: NodemailerOptions = {}): EmailConfig {
  const defaults: EmailConfig = {
    id: "nodemailer",
    name: "Email",
    type: "email",
    sendVerificationRequest: sendWithNodemailer,
    actions: loadEmailActions,
  };
  return { ...mergeProviderOptions<EmailConfig>(defaults, options), options };
}
