/**
 * Test support for the password provider: the real core (`Auth`) with the sqlite adapter on a real SQLite
 * database (better-sqlite3, the tables `init` writes and the passwords table), mail over SMTP to the real
 * `smtp-server` on loopback, and helpers that drive the forms as a browser does (CSRF token from /csrf, the
 * cookie jar). Mail goes out after the answer; the provider's `waitUntil` collects that work, so a test can
 * wait for it (`settle`) before reading the mailbox.
 */
import Database from "better-sqlite3";
import { passwords } from "../../../src/cli/database/model.js";
import { sqlSchema, tableStatements } from "../../../src/cli/database/sql/render.js";
import sqlite from "../../../src/runtime/adapters/sqlite.js";
import { Auth } from "../../../src/runtime/index.js";
import password, { type PasswordOptions } from "../../../src/runtime/providers/password.js";
import type { Adapter, AuthConfig } from "../../../src/runtime/types.js";
import type { ReceivedMessage, SmtpServer } from "../../support/smtp-server.mjs";
import { baseConfig, CookieJar, captureLogger, csrfToken, get, ORIGIN, postForm } from "../core/support.js";

export const FROM = "Example App <no-reply@example.test>";
export const SESSION_COOKIE = "authjs.session-token";
/** Passes the default policy (15+ characters, not common, no context words). */
export const GOOD_PASSWORD = "violet-kayak-thunder-9481";
export const OTHER_PASSWORD = "amber-glacier-pelican-2207";

export interface PasswordSetup {
  config: AuthConfig;
  adapter: Adapter;
  db: Database.Database;
  errors: Error[];
  /** Warning codes logged. */
  warnings: string[];
  /** Waits for every piece of work the provider ran after answering (its lookups, writes and mail). */
  settle(): Promise<void>;
}

export function passwordSetup(
  smtp: SmtpServer,
  options: { strategy?: "jwt" | "database"; provider?: PasswordOptions; config?: Partial<AuthConfig> } = {},
): PasswordSetup {
  const db = new Database(":memory:");
  db.exec(`${sqlSchema("sqlite")}\n${tableStatements(passwords, "sqlite").join("\n")}`);
  const adapter = sqlite(db);
  const pending: Promise<unknown>[] = [];
  const { logger, errors, warnings } = captureLogger();
  const config = baseConfig({
    adapter,
    logger,
    session: { strategy: options.strategy ?? "database" },
    providers: [
      password({ server: smtp.url, from: FROM, waitUntil: (work) => pending.push(work), ...options.provider }),
    ],
    ...options.config,
  });
  return {
    config,
    adapter,
    db,
    errors,
    warnings,
    async settle() {
      while (pending.length > 0) await Promise.all(pending.splice(0));
    },
  };
}

/** Loads a CSRF token and posts `fields` to `path` as a form, as the built-in pages do. */
export async function submit(
  config: AuthConfig,
  path: string,
  fields: Record<string, string>,
  jar = new CookieJar(),
  headers: Record<string, string> = {},
): Promise<{ response: Response; jar: CookieJar; location: string | null }> {
  const csrf = await csrfToken(config, jar);
  const response = await Auth(postForm(path, { csrfToken: csrf, ...fields }, jar, headers), config);
  jar.apply(response);
  return { response, jar, location: response.headers.get("location") };
}

export const signUp = (config: AuthConfig, email: string, pass = GOOD_PASSWORD, jar?: CookieJar) =>
  submit(config, "/auth/signup/password", { email, password: pass }, jar);

export const signIn = (config: AuthConfig, email: string, pass = GOOD_PASSWORD, jar?: CookieJar, extra = {}) =>
  submit(config, "/auth/callback/password", { email, password: pass, ...extra }, jar);

export const forgot = (config: AuthConfig, email: string, jar?: CookieJar) =>
  submit(config, "/auth/forgot-password/password", { email }, jar);

/** The messages `to` received, oldest first. */
export function mailTo(smtp: SmtpServer, to: string): ReceivedMessage[] {
  return smtp.messages.filter((message) => message.envelope.to.includes(to));
}

/** The first link of a mail's text part, which the HTML part's button must also hold. */
export function firstLink(message: ReceivedMessage): URL {
  const link = message.text?.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error("no link in the mail");
  const href = /href="([^"]+)"/.exec(message.html ?? "")?.[1]?.replaceAll("&amp;", "&");
  if (href !== link) throw new Error(`the HTML link ${href} differs from the text link ${link}`);
  return new URL(link);
}

/** Signs up `email` and completes the verification from the mail: a verified account, signed in. */
export async function verifiedAccount(
  setup: PasswordSetup,
  smtp: SmtpServer,
  email: string,
  pass = GOOD_PASSWORD,
): Promise<CookieJar> {
  await signUp(setup.config, email, pass);
  await setup.settle();
  const link = firstLink(mailTo(smtp, email).at(-1)!);
  const { location, jar } = await signIn(setup.config, email, pass, undefined, {
    token: link.searchParams.get("token")!,
  });
  if (location !== ORIGIN) throw new Error(`verification sign-in went to ${location}`);
  return jar;
}

export async function sessionOf(config: AuthConfig, jar: CookieJar) {
  const response = await Auth(get("/auth/session", jar), config);
  jar.apply(response);
  return (await response.json()) as { user?: { email?: string | null } } | null;
}

export { CookieJar, get, ORIGIN };
