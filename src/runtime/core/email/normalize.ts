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
 * The default normalisation: Unicode NFKC (so look-alike compatibility forms collapse to one address),
 * trimmed, lower-cased, then validated: exactly one `@`, a non-empty local part and domain, no list or
 * address syntax. Validating after normalising means the address checked is the address used.
 * @throws Error describing why the input is not one address.
 */
export function normalizeEmailAddress(input: string): string {
  const address = input.normalize("NFKC").trim().toLowerCase();
  if (address === "") throw new Error("The email address is empty.");
  if (ADDRESS_SYNTAX.test(address)) {
    throw new Error("The email address contains whitespace, quotes or list/address punctuation.");
  }
  const parts = address.split("@");
  if (parts.length !== 2) throw new Error("The email address must contain exactly one @.");
  const [local, domain] = parts as [string, string];
  if (local === "" || domain === "") throw new Error("The email address needs text before and after the @.");
  return address;
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
