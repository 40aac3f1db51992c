/**
 * Email (magic link) sign-in sent with Mailgun's API (`POST https://api.mailgun.net/v3/<domain>/messages`, or
 * `api.eu.mailgun.net` for a domain in the EU region; HTTP Basic `api:<key>`; a form body): `apiKey` (default
 * AUTH_MAILGUN_KEY), `from`, `domain` (the sending domain, default the one of `from`'s address) and `region`
 * (`us`, the default, or `eu`: where the domain was created). The mail is the one nodemailer sends
 * (core/email/message.ts); core/email/http-send.ts sends it.
 */
import { type HttpEmailOptions, httpEmailProvider } from "../core/email/http-provider.js";
import { basicAuthorization, type EmailApi, senderParts } from "../core/email/http-send.js";
import type { EmailConfig } from "../types-email.js";

export interface MailgunOptions extends HttpEmailOptions {
  /** The sending domain registered with Mailgun. Default: the domain of the `from` address. */
  domain?: string;
  /** Where the domain was created: `us` (api.mailgun.net, the default) or `eu` (api.eu.mailgun.net). */
  region?: "us" | "eu";
}

const BASE_URL = { us: "https://api.mailgun.net", eu: "https://api.eu.mailgun.net" } as const;

/** The API's origin for a region as configured; a blank one (an empty env value) is the default, `us`. */
function baseUrl(region: string | undefined): string {
  const key = (region || "us").trim().toLowerCase();
  if (key !== "us" && key !== "eu") throw new Error(`The Mailgun region "${region}" is neither "us" nor "eu".`);
  return BASE_URL[key];
}

function mailgunApi(options: MailgunOptions | undefined): EmailApi {
  return {
    vendor: "Mailgun",
    needsFrom: true,
    request: ({ apiKey, from, to, message }) => {
      const domain = options?.domain || senderParts(from).email.split("@")[1];
      if (!domain) throw new Error("The mailgun provider has no `domain`, and its `from` address names none.");
      return {
        url: `${baseUrl(options?.region)}/v3/${encodeURIComponent(domain)}/messages`,
        headers: { authorization: basicAuthorization("api", apiKey) },
        // fetch sends URLSearchParams as application/x-www-form-urlencoded, one of the bodies Mailgun takes.
        body: new URLSearchParams({ from, to, subject: message.subject, text: message.text, html: message.html }),
      };
    },
    // Mailgun's errors: `{ message }` (a bad key gets the bare text "Forbidden", read as plain text).
    errorDetail: (body) => {
      const { message } = (body ?? {}) as { message?: unknown };
      return typeof message === "string" ? message : undefined;
    },
  };
}

export default function mailgun(options?: MailgunOptions): EmailConfig {
  return httpEmailProvider({ id: "mailgun", name: "Mailgun" }, mailgunApi(options), options);
}
