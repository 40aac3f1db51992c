/**
 * Email (magic link) sign-in sent with Resend's API (`POST https://api.resend.com/emails`, a Bearer API key):
 * `apiKey` (default AUTH_RESEND_KEY) and `from`, an address of a domain verified with Resend. The mail is the
 * one nodemailer sends (core/email/message.ts); core/email/http-send.ts sends it.
 */
import { type HttpEmailOptions, httpEmailProvider } from "../core/email/http-provider.js";
import type { EmailApi } from "../core/email/http-send.js";
import type { EmailConfig } from "../types-email.js";

export type ResendOptions = HttpEmailOptions;

const api: EmailApi = {
  vendor: "Resend",
  needsFrom: true,
  request: ({ apiKey, from, to, message }) => ({
    url: "https://api.resend.com/emails",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ from, to: [to], subject: message.subject, html: message.html, text: message.text }),
  }),
  // Resend's errors: `{ statusCode, name, message }`.
  errorDetail: (body) => {
    const { name, message } = (body ?? {}) as { name?: unknown; message?: unknown };
    if (typeof message !== "string") return undefined;
    return typeof name === "string" ? `${name}: ${message}` : message;
  },
};

export default function resend(options?: ResendOptions): EmailConfig {
  return httpEmailProvider({ id: "resend", name: "Resend" }, api, options);
}
