/**
 * Turns what someone typed into the one address a sign-in link is sent to and a user is found by.
 * The address reaches the mail transport as the recipient, so anything that could make it more than one
 * plain address (a list, a display name, a group, a comment, a quoted local part) is refused rather than
 * repaired: `a@x.test, b@y.test` must never mail a link for one address to another. Every provider type
 * uses the rule (an OAuth profile's address, a passkey lookup), so it belongs to the core; the email
 * provider's own action applies it, or the provider's `normalizeIdentifier`, to what was typed.
 */
/**
 * Characters with a meaning in RFC 5322 address lists (§3.4: `,` and `;` separate, `<>` wrap, `:` starts a
 * group, `()` comment, `"` quotes, `[]` a domain literal, `\` escapes), plus whitespace and control characters.
 */
const ADDRESS_SYNTAX = /[\s\p{Cc},;:<>()[\]\\"]/u;

/**
 * RFC 5321 §4.5.3.1.3 caps a path at 256 octets with its angle brackets (errata 1690): an address of 254. A
 * longer one no relay delivers, so none is stored or mailed. Checked on the input first, so a 10 MB address
 * is refused before NFKC walks it (NFKC expands a character to at most 18, hence the second check after).
 */
const MAX_ADDRESS_OCTETS = 254;
/** RFC 5321 §4.5.3.1.1: a local part of at most 64 octets. */
const MAX_LOCAL_OCTETS = 64;

const encoder = new TextEncoder();

function octets(text: string): number {
  return encoder.encode(text).byteLength;
}

/**
 * The default normalisation: Unicode NFKC (so look-alike compatibility forms collapse to one address),
 * trimmed, lower-cased, then validated: exactly one `@`, a non-empty local part and domain, no list or
 * address syntax, at most 254 octets with a local part of at most 64 (RFC 5321). Validating after
 * normalising means the address checked is the address used.
 * @throws Error describing why the input is not one address.
 */
export function normalizeEmailAddress(input: string): string {
  // Trimming can only shorten it, but the caller may pad an address with whitespace: allow for some.
  if (input.length > MAX_ADDRESS_OCTETS * 4) throw tooLong();
  const address = input.normalize("NFKC").trim().toLowerCase();
  if (address === "") throw new Error("The email address is empty.");
  if (ADDRESS_SYNTAX.test(address)) {
    throw new Error("The email address contains whitespace, quotes or list/address punctuation.");
  }
  const parts = address.split("@");
  if (parts.length !== 2) throw new Error("The email address must contain exactly one @.");
  const [local, domain] = parts as [string, string];
  if (local === "" || domain === "") throw new Error("The email address needs text before and after the @.");
  if (octets(address) > MAX_ADDRESS_OCTETS) throw tooLong();
  if (octets(local) > MAX_LOCAL_OCTETS) {
    throw new Error(`The part of the email address before the @ is longer than ${MAX_LOCAL_OCTETS} octets.`);
  }
  return address;
}

function tooLong(): Error {
  return new Error(`The email address is longer than ${MAX_ADDRESS_OCTETS} octets.`);
}

/**
 * The same rule for callers that compare an address rather than take one from a form: a passkey options
 * request, an OAuth/OIDC profile. Anything that is not a string or that the rule refuses is no address (null),
 * never an error: the sign-in then goes on without one.
 */
export function emailAddressOrNull(value: unknown): string | null {
  if (typeof value !== "string") return null;
  try {
    return normalizeEmailAddress(value);
  } catch {
    return null;
  }
}
