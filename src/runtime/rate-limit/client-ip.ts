/**
 * The client's IP address for per-client limits, from the one source the app says to trust. Nothing in a
 * request's headers is trusted by default: any client can send `X-Forwarded-For: 1.2.3.4` and would otherwise
 * pick a fresh counter per request. Behind reverse proxies, the app says how many there are (`hops`): each one
 * appends the address it received the request from, so the client is the `hops`-th entry from the right, and
 * everything left of it is whatever the client wrote (rightmost-untrusted; MDN, X-Forwarded-For, "Security and
 * privacy concerns"). A platform that sets one header itself (`cf-connecting-ip`, `x-real-ip`) is trusted
 * as a single address. Whatever does not hold a valid address where the trust says is no address (null): the
 * caller counts all of those under one key (keys.ts), so garbage buys no fresh counters.
 */
import { RateLimitConfigError } from "./errors.js";
import { parseIp, parseIpWithPort } from "./ip-address.js";

export interface ClientIpTrust {
  /**
   * The header the app's proxies or platform write, lower-case: `x-forwarded-for` or `forwarded` (RFC 7239),
   * lists that each proxy appends to, or a single-address header its platform sets and overwrites
   * (`cf-connecting-ip`, `x-real-ip`, `fly-client-ip`, `true-client-ip`).
   */
  header: string;
  /** For the list headers only: how many proxies in front of the app append to it (1 for one load balancer). */
  hops?: number;
}

const LIST_HEADERS = new Set(["x-forwarded-for", "forwarded"]);
const HEADER_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;
/** More proxies than this in front of one app is a misconfiguration, not a deployment. */
const MAX_HOPS = 16;

/** Returns the trust setting when it is usable; otherwise throws a RateLimitConfigError saying why. */
export function checkClientIpTrust(trust: ClientIpTrust): ClientIpTrust {
  if (typeof trust?.header !== "string" || !HEADER_NAME.test(trust.header)) {
    throw new RateLimitConfigError("trustedIpHeader.header must be a lower-case header name.");
  }
  if (LIST_HEADERS.has(trust.header)) {
    if (!Number.isInteger(trust.hops) || (trust.hops as number) < 1 || (trust.hops as number) > MAX_HOPS) {
      throw new RateLimitConfigError(
        `trustedIpHeader.hops must be the number of proxies (1-${MAX_HOPS}) that append to ${trust.header}.`,
      );
    }
  } else if (trust.hops !== undefined) {
    throw new RateLimitConfigError(
      `trustedIpHeader.hops applies to x-forwarded-for and forwarded, not ${trust.header}.`,
    );
  }
  return trust;
}

/**
 * The client's canonical IP address, or null when the trusted source holds none.
 * @param remoteAddress the socket peer's address, where the integration knows it: used only without `trust`.
 */
export function clientIp(
  request: Pick<Request, "headers">,
  trust: ClientIpTrust | undefined,
  remoteAddress?: string,
): string | null {
  if (trust === undefined) return remoteAddress === undefined ? null : parseIpWithPort(remoteAddress);
  checkClientIpTrust(trust);
  // Headers.get joins repeated header lines with ", ", in order: one list, as RFC 9110 §5.3 reads them.
  const value = request.headers.get(trust.header);
  if (value === null) return null;
  if (!LIST_HEADERS.has(trust.header)) return parseIp(value.trim());
  // Plain comma splitting even for Forwarded's quoted strings: the entries we read were written by our proxies,
  // which never put a comma in a `for=`, and a client's unclosed quote must not swallow the entries after it.
  const entries = value.split(",");
  const entry = entries[entries.length - (trust.hops as number)];
  if (entry === undefined) return null;
  return trust.header === "forwarded" ? forwardedFor(entry) : parseIpWithPort(entry.trim());
}

/** The address in one RFC 7239 element's `for=` parameter; obfuscated (`_x`) or `unknown` nodes are null. */
function forwardedFor(element: string): string | null {
  let found: string | null = null;
  for (const pair of element.split(";")) {
    const equals = pair.indexOf("=");
    if (equals === -1 || pair.slice(0, equals).trim().toLowerCase() !== "for") continue;
    // A second `for` in one element is ambiguous (§4): no address.
    if (found !== null) return null;
    let node = pair.slice(equals + 1).trim();
    if (node.length >= 2 && node.startsWith('"') && node.endsWith('"')) node = node.slice(1, -1);
    found = node;
  }
  return found === null ? null : parseIpWithPort(found);
}
