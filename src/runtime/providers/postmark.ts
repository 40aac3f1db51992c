/**
 * Email (magic link) sign-in sent with Postmark's API (`POST https://api.postmarkapp.com/email`, the server
 * token in `X-Postmark-Server-Token`): `apiKey` (default AUTH_POSTMARK_KEY, the server's API token) and `from`,
 * a confirmed sender signature or an address of a verified domain. The mail goes to the default transactional
 * stream ("outbound") and is the one nodemailer sends (core/email/message.ts); core/email/http-send.ts sends it.
 */
import { type HttpEmailOptions, httpEmailProvider } from "../core/email/http-provider.js";
import type { EmailApi } from "../core/email/http-send.js";
import type { EmailConfig } from "../types-email.js";

export type PostmarkOptions = HttpEmailOptions;

const api: EmailApi = {
  vendor: "Postmark",
  needsFrom: true,
  request: ({ apiKey, from, to, message }) => ({
    url: "https://api.postmarkapp.com/email",
    headers: {
      "x-postmark-server-token": apiKey,
      accept: "application/json",
      "content-type": "application/json",
    },
    body: JSON.stringify({
      From: from,
      To: to,
      Subject: message.subject,
      TextBody: message.text,
      HtmlBody: message.html,
      MessageStream: "outbound",
    }),
  }),
  // Postmark's errors: `{ ErrorCode, Message }`.
  errorDetail: (body) => {
    const { ErrorCode, Message } = (body ?? {}) as { ErrorCode?: unknown; Message?: unknown };
    if (typeof Message !== "string") return undefined;
    return typeof ErrorCode === "number" ? `${Message} (ErrorCode ${ErrorCode})` : Message;
  },
};

export default function postmark(options?: PostmarkOptions): EmailConfig {
  return httpEmailProvider({ id: "postmark", name: "Postmark" }, api, options);
}
