/**
 * The one reading of `secret` (a string or a rotation list, newest first): what counts as a secret, and
 * what a codec does when there is none. The config and `./jwt`'s encode/decode/getToken share it, so a
 * value that is a secret for one is a secret for the other.
 */
import { MissingSecret } from "../errors.js";

/** The configured secret(s) as a list, newest first; empty strings and non-strings do not count. */
export function secretList(secret: string | string[] | undefined): string[] {
  const list = Array.isArray(secret) ? secret : secret ? [secret] : [];
  return list.filter((value) => typeof value === "string" && value.length > 0);
}

/** The list, or MissingSecret: encoding or decoding a token cannot go on without a key. */
export function requireSecrets(secret: string | string[] | undefined): string[] {
  const secrets = secretList(secret);
  if (secrets.length === 0) throw new MissingSecret("A secret is required to encode or decode a JWT.");
  return secrets;
}
