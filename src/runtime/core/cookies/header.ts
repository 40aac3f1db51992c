/**
 * The two cookie wire formats: reading a `Cookie` request header and writing one `Set-Cookie` value
 * (RFC 6265 §4.1). Written here rather than pulled in, because it is small and every attribute matters.
 */
import type { Cookie } from "../../types.js";

/** Parses `a=1; b=2` into `{a: "1", b: "2"}`. The first occurrence of a name wins (RFC 6265 §5.4). */
export function parseCookieHeader(header: string | null | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const pair of header.split(";")) {
    const separator = pair.indexOf("=");
    if (separator === -1) continue;
    const name = pair.slice(0, separator).trim();
    if (!name || Object.hasOwn(cookies, name)) continue;
    let value = pair.slice(separator + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    cookies[name] = safeDecode(value);
  }
  return cookies;
}

/**
 * Values already decoded, by their encoded form: a browser sends the same CSRF and callback-URL cookies on
 * every request, and decoding them was a visible share of a session read. Bounded, since values are a
 * visitor's input; emptied whole when full (the next requests fill it again).
 */
const decodedValues = new Map<string, string>();
const MAX_DECODED_VALUES = 512;

function safeDecode(value: string): string {
  if (!value.includes("%")) return value;
  const known = decodedValues.get(value);
  if (known !== undefined) return known;
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    // Not valid percent-encoding: the value stays as sent.
  }
  if (decodedValues.size >= MAX_DECODED_VALUES) decodedValues.clear();
  decodedValues.set(value, decoded);
  return decoded;
}

// RFC 6265 §4.1.1 cookie-name is an RFC 7230 token.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const EPOCH = new Date(0).toUTCString();

/**
 * The characters encodeURIComponent leaves as they are (ECMA-262 uriUnreserved). The values the core writes
 * on every visit are made of them, but for the `|` of the CSRF cookie's `token|hash`: those two shapes are
 * written without a pass through encodeURIComponent, which was a visible share of every anonymous request,
 * sign-in and re-issue.
 */
const UNRESERVED_ONLY = /^[\w.!~*'()-]*$/;

/**
 * A cookie value as it goes on the wire, URL-encoded (RFC 6265 §4.1.1 allows no `;`, `,`, space or `"`), which
 * parseCookieHeader decodes. Every cookie the core's values reach, by its Set-Cookie or through a
 * framework's jar or a rebuilt Cookie header, is encoded by this one rule.
 */
export function encodeCookieValue(value: string): string {
  if (UNRESERVED_ONLY.test(value)) return value;
  const bar = value.indexOf("|");
  if (bar !== -1) {
    const before = value.slice(0, bar);
    const after = value.slice(bar + 1);
    if (UNRESERVED_ONLY.test(before) && UNRESERVED_ONLY.test(after)) return `${before}%7C${after}`;
  }
  return encodeURIComponent(value);
}

/** A `maxAge` as the whole, non-negative seconds Max-Age carries (RFC 6265 §4.1.2.2). */
export function maxAgeSeconds(maxAge: number): number {
  return Math.max(0, Math.floor(maxAge));
}

/** Serializes one cookie as a `Set-Cookie` header value. `maxAge: 0` clears it (with an epoch Expires too). */
export function serializeCookie({ name, value, options }: Cookie): string {
  if (!TOKEN.test(name)) throw new TypeError(`Invalid cookie name: ${name}`);
  const parts = [`${name}=${encodeCookieValue(value)}`];
  if (options.maxAge !== undefined) {
    const maxAge = maxAgeSeconds(options.maxAge);
    parts.push(`Max-Age=${maxAge}`);
    if (maxAge === 0) parts.push(`Expires=${EPOCH}`);
    else if (!options.expires) parts.push(`Expires=${new Date(Date.now() + maxAge * 1000).toUTCString()}`);
  }
  if (options.expires && options.maxAge !== 0) parts.push(`Expires=${options.expires.toUTCString()}`);
  if (options.domain) parts.push(`Domain=${options.domain}`);
  parts.push(`Path=${options.path ?? "/"}`);
  if (options.httpOnly) parts.push("HttpOnly");
  if (options.secure) parts.push("Secure");
  if (options.sameSite) parts.push(`SameSite=${options.sameSite[0]!.toUpperCase()}${options.sameSite.slice(1)}`);
  return parts.join("; ");
}
