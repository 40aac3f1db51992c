/**
 * The nodemailer provider's delivery: the default sign-in email over SMTP, and the same SMTP delivery for the
 * password provider's mail (core/password/mail.ts). nodemailer is imported only here and only when a mail is
 * sent, so apps that never send mail need not install it (in a generated app it is a direct dependency added
 * with these providers).
 */
import type { EmailServer, SendVerificationRequestParams } from "../../types-email.js";
import { renderSignInEmail, type SignInEmail } from "./message.js";

/** Sends one rendered message over SMTP; a recipient the server refuses is an error (that mail never arrives). */
export async function sendOverSmtp(params: {
  /** Names the provider in the errors. */
  providerId: string;
  server: EmailServer | undefined;
  from: string | undefined;
  to: string;
  message: SignInEmail;
}): Promise<void> {
  const { providerId, server, from, to, message } = params;
  if (!server) throw new Error(`The provider "${providerId}" has no \`server\` (an SMTP URL or transport options).`);
  if (!from) throw new Error(`The provider "${providerId}" has no \`from\` address.`);
  const { createTransport } = await import("nodemailer");
  // The transport's own types are nodemailer's; ours are a structural subset of its options.
  const transport = createTransport(server as Parameters<typeof createTransport>[0]);
  try {
    const info = await transport.sendMail({ to, from, ...message });
    // A server may accept the connection yet refuse the recipient: that mail never arrives.
    const refused = [...(info.rejected ?? []), ...(info.pending ?? [])];
    if (refused.length > 0) throw new Error(`The SMTP server did not accept the recipient (${refused.length}).`);
  } finally {
    transport.close();
  }
}

export async function sendWithNodemailer(params: SendVerificationRequestParams): Promise<void> {
  const { identifier, url, provider, theme } = params;
  if (!provider.server) {
    throw new Error(`The nodemailer provider "${provider.id}" has no \`server\` (an SMTP URL or transport options).`);
  }
  if (!provider.from) {
    throw new Error(`The nodemailer provider "${provider.id}" has no \`from\` address.`);
  }
  await sendOverSmtp({
    providerId: provider.id,
    server: provider.server,
    from: provider.from,
    to: identifier,
    message: renderSignInEmail({ url, theme }),
  });
}
