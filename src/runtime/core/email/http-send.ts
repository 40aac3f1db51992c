/**
 * The one sending rule of the HTTP email providers (resend, sendgrid, postmark, mailgun, loops, forwardemail):
 * the sign-in mail is rendered as nodemailer's is (./message.ts), each vendor's module turns it into one HTTP
 * request of its API's shape, and this module sends it with the provider's `fetch` (`customFetch`, else the
 * global one). An answer that is not 2xx throws `EmailApiError` naming the vendor and the status; the core
 * then ends the sign-in with `EmailSignInError` and logs this error as its cause, so nothing in it may carry
 * the API key or the link (the vendor's own words are kept, with both cut out of them).
 */
import type { SendVerificationRequestParams } from "../../types-email.js";
import { customFetch } from "../../types-provider.js";
import { providerEnvKey } from "../provider-env.js";
import { renderSignInEmail, type SignInEmail } from "./message.js";

/** What a vendor's request is built from: the settings checked, the mail rendered. */
export interface OutgoingMail {
  /** The provider's API key (never empty). */
  apiKey: string;
  /** The sender as configured (`"Example <no-reply@example.com>"` or a bare address); "" for a vendor that takes none. */
  from: string;
  /** The one recipient (already normalised by the core). */
  to: string;
  /** The sign-in link (a template vendor such as Loops receives it alone). */
  url: string;
  message: SignInEmail;
}

/** One HTTP request to a vendor's send endpoint. */
export interface ApiRequest {
  url: string;
  headers: Record<string, string>;
  body: string | URLSearchParams;
}

/** A vendor's send API, as data and pure functions. */
export interface EmailApi {
  /** The vendor's name, said in errors (`Resend`). */
  vendor: string;
  /** Whether its API takes the sender from the request; Loops' templates carry their own. */
  needsFrom: boolean;
  request(mail: OutgoingMail): ApiRequest;
  /** The vendor's explanation in an error answer's JSON body, or undefined when it has none. */
  errorDetail(body: unknown): string | undefined;
}

/**
 * A send API answered with a status that is not 2xx, or could not be reached (`status` 0). Its message names
 * the vendor and the status, plus the vendor's own explanation with the API key and the link cut out.
 */
export class EmailApiError extends Error {
  override name = "EmailApiError";
  readonly vendor: string;
  readonly status: number;
  constructor(vendor: string, status: number, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.vendor = vendor;
    this.status = status;
  }
}

/** A vendor's explanation is logged, so it is bounded: an HTML error page is no explanation. */
const MAX_DETAIL = 300;

/** A hung API must not hold the sign-in request forever. */
const SEND_TIMEOUT_MS = 15_000;

/** `text` without any of `secrets` (the key, the link, its token) and cut to a loggable length. */
function redact(text: string, secrets: readonly string[]): string {
  let clean = text;
  for (const secret of secrets) if (secret) clean = clean.split(secret).join("[redacted]");
  return clean.length > MAX_DETAIL ? `${clean.slice(0, MAX_DETAIL)}…` : clean;
}

/** The address inside a sender (`Example <no-reply@example.com>` → `no-reply@example.com`) and its name. */
export function senderParts(from: string): { email: string; name?: string } {
  const match = /^\s*(.*?)\s*<\s*([^<>\s]+)\s*>\s*$/.exec(from);
  if (!match) return { email: from.trim() };
  const name = match[1]!.replace(/^"(.*)"$/, "$1").trim();
  return name ? { email: match[2]!, name } : { email: match[2]! };
}

/** The `Authorization` value of HTTP Basic (RFC 7617) for `user:password`. */
export function basicAuthorization(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

async function errorDetail(response: Response, api: EmailApi): Promise<string | undefined> {
  const text = await response.text().catch(() => "");
  try {
    return api.errorDetail(JSON.parse(text));
  } catch {
    // Not JSON (Mailgun answers a bad key with the bare word "Forbidden"): short plain text is the explanation.
    return text && text.length <= MAX_DETAIL && !/[<>]/.test(text) ? text.trim() : undefined;
  }
}

/**
 * Sends the sign-in link through `api`: checks the provider has a key (and a sender where the API takes one),
 * renders the mail, makes the one request, and throws `EmailApiError` unless the answer is 2xx.
 */
export async function sendWithApi(params: SendVerificationRequestParams, api: EmailApi): Promise<void> {
  const { identifier, url, provider, theme, token } = params;
  const apiKey = provider.apiKey;
  if (!apiKey) {
    throw new Error(
      `The provider "${provider.id}" has no API key: set ${providerEnvKey(provider.id, "KEY")} or pass \`apiKey\`.`,
    );
  }
  if (api.needsFrom && !provider.from) throw new Error(`The provider "${provider.id}" has no \`from\` address.`);
  const request = api.request({
    apiKey,
    from: provider.from ?? "",
    to: identifier,
    url,
    message: renderSignInEmail({ url, theme }),
  });
  const secrets = [apiKey, url, token];
  const send = provider[customFetch] ?? fetch;
  let response: Response;
  try {
    response = await send(request.url, {
      method: "POST",
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new EmailApiError(api.vendor, 0, `${api.vendor} could not be reached: ${redact(reason, secrets)}`);
  }
  if (response.ok) {
    // The body (a message id) is not needed; reading it lets the connection be reused.
    await response.arrayBuffer().catch(() => undefined);
    return;
  }
  const detail = await errorDetail(response, api);
  const said = detail ? `: ${redact(detail, secrets)}` : "";
  throw new EmailApiError(
    api.vendor,
    response.status,
    `${api.vendor} refused the sign-in email (HTTP ${response.status})${said}`,
  );
}
