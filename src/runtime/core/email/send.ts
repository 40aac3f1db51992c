/**
 * The nodemailer provider's delivery: the default sign-in email over SMTP. nodemailer is imported only
 * here and only when a link is sent, so apps that never use email need not install it (in a generated
 * app it is a direct dependency added with this provider).
 */
import type { SendVerificationRequestParams } from "../../types-email.js";
import { renderSignInEmail } from "./message.js";

export async function sendWithNodemailer(params: SendVerificationRequestParams): Promise<void> {
  const { identifier, url, provider, theme } = params;
  if (!provider.server) {
    throw new Error(`The nodemailer provider "${provider.id}" has no \`server\` (an SMTP URL or transport options).`);
  }
  if (!provider.from) {
    throw new Error(`The nodemailer provider "${provider.id}" has no \`from\` address.`);
  }
  const { createTransport } = await import("nodemailer");
  // The transport's own types are nodemailer's; ours are a structural subset of its options.
  const transport = createTransport(provider.server as Parameters<typeof createTransport>[0]);
  const message = renderSignInEmail({ url, theme });
  try {
    const info = await transport.sendMail({ to: identifier, from: provider.from, ...message });
    // A server may accept the connection yet refuse the recipient: that link never arrives.
    const refused = [...(info.rejected ?? []), ...(info.pending ?? [])];
    if (refused.length > 0) throw new Error(`The SMTP server did not accept the recipient (${refused.length}).`);
  } finally {
    transport.close();
  }
}
