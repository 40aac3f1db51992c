/**
 * Email (magic link) sign-in sent with SendGrid's v3 Mail Send API (`POST https://api.sendgrid.com/v3/mail/send`,
 * a Bearer API key, 202 when queued): `apiKey` (default AUTH_SENDGRID_KEY) and `from`, a verified sender. The
 * mail is the one nodemailer sends (core/email/message.ts); core/email/http-send.ts sends it.
 */
import { type HttpEmailOptions, httpEmailProvider } from "../core/email/http-provider.js";
import { type EmailApi, senderParts } from "../core/email/http-send.js";
import type { EmailConfig } from "../types-email.js";

export type SendGridOptions = HttpEmailOptions;

const api: EmailApi = {
  vendor: "SendGrid",
  needsFrom: true,
  request: ({ apiKey, from, to, message }) => ({
    url: "https://api.sendgrid.com/v3/mail/send",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({
      personalizations: [{ to: [{ email: to }] }],
      from: senderParts(from),
      subject: message.subject,
      // SendGrid wants text/plain before text/html.
      content: [
        { type: "text/plain", value: message.text },
        { type: "text/html", value: message.html },
      ],
    }),
  }),
  // SendGrid's errors: `{ errors: [{ message, field, help }] }`.
  errorDetail: (body) => {
    const errors = (body as { errors?: unknown } | null)?.errors;
    if (!Array.isArray(errors)) return undefined;
    const messages = errors
      .map((error) => (error as { message?: unknown } | null)?.message)
      .filter((message): message is string => typeof message === "string");
    return messages.length > 0 ? messages.join("; ") : undefined;
  },
};

export default function sendgrid(options?: SendGridOptions): EmailConfig {
  return httpEmailProvider({ id: "sendgrid", name: "SendGrid" }, api, options);
}
