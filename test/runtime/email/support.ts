/**
 * Test support for email sign-in: the nodemailer provider sending to a real SMTP server on loopback, the
 * memory adapter with its store open for inspection, and helpers that request a link through `Auth`,
 * read it out of the received mail, and follow it.
 */
import memory, { createMemoryStore, type MemoryStore } from "../../../src/runtime/adapters/memory.js";
import { Auth } from "../../../src/runtime/index.js";
import nodemailer, { type NodemailerOptions } from "../../../src/runtime/providers/nodemailer.js";
import type { AuthConfig } from "../../../src/runtime/types.js";
import type { ReceivedMessage, SmtpServer } from "../../support/smtp-server.mjs";
import { baseConfig, CookieJar, captureLogger, csrfToken, get, ORIGIN, postForm } from "../core/support.js";

export const FROM = "Example App <no-reply@example.test>";
export const SESSION_COOKIE = "authjs.session-token";

export interface EmailSetup {
  config: AuthConfig;
  store: MemoryStore;
  errors: Error[];
}

export function emailConfig(
  smtp: SmtpServer,
  options: { provider?: NodemailerOptions; config?: Partial<AuthConfig> } = {},
): EmailSetup {
  const store = createMemoryStore();
  const { logger, errors } = captureLogger();
  const config = baseConfig({
    adapter: memory(store),
    logger,
    providers: [nodemailer({ server: smtp.url, from: FROM, ...options.provider })],
    ...options.config,
  });
  return { config, store, errors };
}

/** Submits the sign-in page's email form (with its CSRF token), as a browser does. */
export async function requestLink(
  config: AuthConfig,
  email: string,
  options: {
    jar?: CookieJar;
    fields?: Record<string, string>;
    headers?: Record<string, string>;
    providerId?: string;
    origin?: string;
  } = {},
): Promise<{ response: Response; jar: CookieJar }> {
  const jar = options.jar ?? new CookieJar();
  const csrf = await csrfToken(config, jar);
  const path = `/auth/signin/${options.providerId ?? "nodemailer"}`;
  const fields = { csrfToken: csrf, email, ...options.fields };
  const request = options.origin
    ? new Request(`${options.origin}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header(), ...options.headers },
        body: new URLSearchParams(fields),
      })
    : postForm(path, fields, jar, options.headers);
  const response = await Auth(request, config);
  return { response, jar: jar.apply(response) };
}

/** The one link in the text part, which must also be the HTML part's button. */
export function linkIn(message: ReceivedMessage): string {
  const links = message.text?.match(/https?:\/\/\S+/g) ?? [];
  if (links.length !== 1) throw new Error(`expected one link in the text part, found ${links.length}`);
  const href = /href="([^"]+)"/.exec(message.html ?? "")?.[1]?.replaceAll("&amp;", "&");
  if (href !== links[0]) throw new Error(`the HTML link ${href} differs from the text link ${links[0]}`);
  return links[0]!;
}

export async function followLink(config: AuthConfig, link: string, jar = new CookieJar()) {
  const response = await Auth(new Request(link, { headers: { cookie: jar.header() } }), config);
  return { response, jar: jar.apply(response) };
}

export async function sessionOf(config: AuthConfig, jar: CookieJar) {
  const response = await Auth(get("/auth/session", jar), config);
  return (await response.json()) as { user?: { email?: string | null } } | null;
}

export { ORIGIN };
