/**
 * Email (magic link) sign-in sent with Forward Email's API (`POST https://api.forwardemail.net/v1/emails`, the
 * API key as the user name of HTTP Basic): `apiKey` (default AUTH_FORWARDEMAIL_KEY) and `from`, an address of
 * a domain set up for outbound SMTP with Forward Email. The mail is the one nodemailer sends
 * (core/email/message.ts); core/email/http-send.ts sends it.
 */
import { type HttpEmailOptions, httpEmailProvider } from "../core/email/http-provider.js";
import { basicAuthorization, type EmailApi } from "../core/email/http-send.js";
import type { EmailConfig } from "../types-email.js";

export type ForwardEmailOptions = HttpEmailOptions;

const api: EmailApi = {
  vendor: "Forward Email",
  needsFrom: true,
  request: ({ apiKey, from, to, message }) => ({
    url: "https://api.forwardemail.net/v1/emails",
    headers: { authorization: basicAuthorization(apiKey, ""), "content-type": "application/json" },
    body: JSON.stringify({ from, to, subject: message.subject, text: message.text, html: message.html }),
  }),
  // Forward Email's errors: `{ statusCode, error, message }`.
  errorDetail: (body) => {
    const { message } = (body ?? {}) as { message?: unknown };
    return typeof message === "string" ? message : undefined;
  },
};

export default function forwardemail(options?: ForwardEmailOptions): EmailConfig {
  return httpEmailProvider({ id: "forwardemail", name: "Forward Email" }, api, options);
}
