/**
 * Which env keys hold credentials: one rule for every command. Their values are masked in every diff and report
 * (init, add-provider and remove-provider), and doctor requires the files holding them to stay out of git. By
 * name: a client or session secret (`_SECRET`), a password, a token, an API or private key (`_KEY`: Resend's,
 * Bungie's, a PEM key); and the connection URLs that carry a password in their user info (an SMTP relay's
 * `EMAIL_SERVER`, `DATABASE_URL`).
 */

const CREDENTIAL_NAME = /SECRET|PASSWORD|TOKEN|_KEY$/;
const CONNECTION_URLS = new Set(["EMAIL_SERVER", "DATABASE_URL"]);

/** Whether `key`'s value is to be treated as a credential whatever it holds (masked before anyone sees it). */
export function isSecretEnvKey(key: string): boolean {
  return CREDENTIAL_NAME.test(key) || CONNECTION_URLS.has(key);
}

/** The keys of `keys` whose values are masked in every diff. */
export function secretEnvKeys(keys: readonly string[]): string[] {
  return keys.filter(isSecretEnvKey);
}

/**
 * Whether `value` of `key` is a credential in fact, for doctor's git checks: not blank, and for a connection URL
 * only with a password in it (`postgres://app:pw@…`; Prisma's committed `DATABASE_URL="file:./dev.db"` is none).
 */
export function holdsCredential(key: string, value: string): boolean {
  if (value === "") return false;
  if (CONNECTION_URLS.has(key)) return /^[a-z][a-z0-9+.-]*:\/\/[^/@:]*:[^@/]+@/i.test(value);
  return CREDENTIAL_NAME.test(key);
}
