/**
 * The mail settings the providers that mail share (the email provider's sign-in links, the password
 * provider's verification and reset links: providers/kinds.ts): EMAIL_SERVER is an SMTP URL nodemailer can
 * connect with, EMAIL_FROM a sender address (the HTTP email senders use EMAIL_FROM alone). Checked once for all of them, and only where the auth module's
 * code reads the key (a config that hands the provider its own `sendMail` or transport reads neither). The
 * relay's URL holds its password: no finding prints it.
 */
import { type Finding, finding, ok } from "../../checks/finding.js";
import { parseSyntax, type SyntaxNode, typescript } from "../../edit/ast.js";
import type { ProviderEntry } from "../../providers/catalog.js";
import { kindNeeds } from "../../providers/kinds.js";
import type { DoctorContext } from "./context.js";

export const MAIL_SERVER_KEY = "EMAIL_SERVER";
export const MAIL_FROM_KEY = "EMAIL_FROM";

/** Why EMAIL_SERVER is no SMTP URL nodemailer takes, or null when it is one. */
function serverProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "is not a URL";
  }
  // The scheme is not echoed: without one, `user:password@host` reads as the scheme `user:`.
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") return "does not start with smtp:// or smtps://";
  if (!url.hostname) return "names no host";
  return null;
}

/** A bare address (`no-reply@example.com`) or a display name with one (`Example <no-reply@example.com>`). */
const SENDER = /^(?:[^<>]*<\s*[^<>\s@]+@[^<>\s@]+\s*>|[^<>\s@]+@[^<>\s@]+)$/;

/** The mailing providers among those configured that use the shared settings, and what each mails (for the messages). */
function mailers(providers: readonly ProviderEntry[]): { names: string; mails: string } | null {
  const mailing = providers.filter((provider) => mailKeys(provider).length > 0);
  if (mailing.length === 0) return null;
  return {
    names: mailing.map((provider) => provider.name).join(" and "),
    mails: mailing.map((provider) => kindNeeds(provider).mails).join("; "),
  };
}

/**
 * The keys the mail check owns, of those a mailing provider's entry writes: both for nodemailer and passwords,
 * EMAIL_FROM alone for an HTTP sender (its API key is the per-provider check's, like an OAuth client's), none
 * for Loops (its template holds the sender). The per-provider settings check leaves them to this one.
 */
export function mailKeys(provider: ProviderEntry): string[] {
  if (kindNeeds(provider).mails === null) return [];
  return [MAIL_SERVER_KEY, MAIL_FROM_KEY].filter((key) => provider.envKeys.includes(key));
}

/** The keys the module's code names (`process.env.X`, `env.X`, `event.env.get("X")`), comments aside. */
function readKeys(source: string, fileName: string, keys: readonly string[]): string[] {
  const ts = typescript();
  const named = new Set<string>();
  const visit = (node: SyntaxNode): void => {
    if (ts.isIdentifier(node) || ts.isStringLiteral(node)) named.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(parseSyntax(source, fileName));
  return keys.filter((key) => named.has(key));
}

export function checkMailSettings(
  ctx: DoctorContext,
  providers: readonly ProviderEntry[],
  auth: { source: string; path: string },
  envFile: string,
): Finding[] {
  const who = mailers(providers);
  if (who === null) return [];
  const read = readKeys(auth.source, auth.path, [MAIL_SERVER_KEY, MAIL_FROM_KEY]);
  if (read.length === 0) return [];
  const where = ctx.production ? "the deployment's environment" : envFile;
  const file = ctx.production ? undefined : envFile;
  const blank = read.filter((key) => !ctx.env[key]?.trim());
  const findings: Finding[] = [];
  if (blank.length > 0) {
    const fill = {
      [MAIL_SERVER_KEY]: `${MAIL_SERVER_KEY} to your mail relay's SMTP URL (smtp://user:password@smtp.example.com:587)`,
      [MAIL_FROM_KEY]: `${MAIL_FROM_KEY} to the sender ("Example <no-reply@example.com>")`,
    };
    findings.push(
      finding(
        "error",
        "mail.settings-missing",
        `${blank.join(" and ")} ${blank.length === 1 ? "is" : "are"} not set: ${who.names} cannot mail anything (${who.mails}), so nobody gets a link.`,
        `set ${blank.map((key) => fill[key as keyof typeof fill]).join(" and ")} in ${where}`,
        file,
      ),
    );
  }
  const server = ctx.env[MAIL_SERVER_KEY]?.trim();
  const serverWrong = read.includes(MAIL_SERVER_KEY) && server ? serverProblem(server) : null;
  if (serverWrong) {
    findings.push(
      finding(
        "error",
        "mail.server-invalid",
        // The value is not printed: an SMTP URL carries the relay's password.
        `${MAIL_SERVER_KEY} ${serverWrong}, not an SMTP URL: ${who.names} cannot connect to a mail relay, so no link is sent.`,
        `set it to smtp://user:password@host:587 (STARTTLS) or smtps://user:password@host:465 (TLS) in ${where}, the password percent-encoded`,
        file,
      ),
    );
  }
  const from = ctx.env[MAIL_FROM_KEY]?.trim();
  const fromWrong = read.includes(MAIL_FROM_KEY) && from !== undefined && from !== "" && !SENDER.test(from);
  if (fromWrong) {
    findings.push(
      finding(
        "error",
        "mail.from-invalid",
        `${MAIL_FROM_KEY} is "${from}", not a sender address: relays refuse mail without one, so ${who.names} sends no link.`,
        `set it to an address the relay may send from, alone or with a name: no-reply@example.com or "Example <no-reply@example.com>", in ${where}`,
        file,
      ),
    );
  }
  if (findings.length === 0) {
    findings.push(ok("mail.settings", `${read.join(" and ")} set: ${who.names} can mail (${who.mails}).`));
  }
  return findings;
}
