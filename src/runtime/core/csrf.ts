/**
 * CSRF protection by signed double submit (OWASP CSRF cheat sheet, "Signed Double-Submit Cookie"): the
 * cookie holds `token|sha256hex(token + secret)`, and a POST must echo `token` in its body. The hash stops
 * an attacker who can plant cookies (a sibling subdomain) from choosing a token; the echo stops cross-site
 * forms, which cannot read the cookie.
 */
import { MissingCSRF } from "../errors.js";
import { randomHex } from "./crypto/random.js";
import { sha256Hex, sha256HexNow } from "./crypto/sha256.js";

export interface CsrfState {
  /** The token pages and `/csrf` hand out. */
  token: string;
  /** The cookie value to set, when the request did not carry a valid one. */
  cookie?: string;
  /** Whether this request is a POST whose body echoes the cookie's token. */
  verified: boolean;
}

/**
 * Constant-time comparison of two strings, UTF-16 code unit by code unit (no encoding, so nothing allocated
 * per check, and two different lone surrogates stay different); unequal lengths fail without comparing
 * contents.
 */
export function timingSafeEqualString(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

/**
 * Cookie values already proven to hash with a secret list, mapped to their token. A valid value stays valid
 * for the same secrets, so a browser's repeated requests (every session read) are hashed once. Bounded.
 */
const provenCookies = new WeakMap<string[], Map<string, string>>();
const MAX_PROVEN = 1024;

/** The token half and the hash half of a cookie value (`token|hash`); empty when it has no separator. */
function cookieParts(cookieValue: string): { token: string; hash: string } {
  const separator = cookieValue.indexOf("|");
  if (separator === -1) return { token: "", hash: "" };
  return { token: cookieValue.slice(0, separator), hash: cookieValue.slice(separator + 1) };
}

function provenToken(cookieValue: string, secrets: string[], digest: Digest): string | undefined {
  const proven = provenCookies.get(secrets);
  const known = proven?.get(cookieValue);
  if (known !== undefined) return known;
  const { token, hash } = cookieParts(cookieValue);
  if (!token) return undefined;
  for (const secret of secrets) {
    if (timingSafeEqualString(hash, digest(`${token}${secret}`))) {
      const map = proven ?? new Map<string, string>();
      if (map.size >= MAX_PROVEN) map.clear();
      map.set(cookieValue, token);
      if (!proven) provenCookies.set(secrets, map);
      return token;
    }
  }
  return undefined;
}

/** SHA-256 as hex, computed now. */
type Digest = (input: string) => string;

interface CsrfParams {
  cookieValue: string | undefined;
  bodyValue: string | undefined;
  isPost: boolean;
  secrets: string[];
}

/** The state of one request; `fresh`, when given, is the token minted if its cookie proves none. */
function csrfState(params: CsrfParams, digest: Digest, fresh?: string): CsrfState {
  const { cookieValue, bodyValue, isPost, secrets } = params;
  const token = cookieValue ? provenToken(cookieValue, secrets, digest) : undefined;
  if (token) {
    const verified = isPost && typeof bodyValue === "string" && timingSafeEqualString(bodyValue, token);
    return { token, verified };
  }
  const minted = fresh ?? randomHex(32);
  return { token: minted, cookie: `${minted}|${digest(`${minted}${secrets[0] ?? ""}`)}`, verified: false };
}

/**
 * Reads the csrf cookie and the body's `csrfToken`. A cookie whose hash re-computes with one of the
 * secrets is kept; otherwise a fresh token and cookie are minted (with the first secret). Synchronous where
 * node:crypto hashes (every request runs it, and a promise per request is a cost of its own); on edge
 * runtimes WebCrypto's digests come first, then the same steps. `digestNow` is node:crypto's (tests pass
 * undefined to take the edge runtimes' path).
 */
export function createCsrfState(
  params: CsrfParams,
  digestNow: Digest | undefined = sha256HexNow,
): CsrfState | Promise<CsrfState> {
  if (digestNow) return csrfState(params, digestNow);
  return digestsFirst(params);
}

/** Every digest csrfState may ask for, computed with WebCrypto before it runs. */
async function digestsFirst(params: CsrfParams): Promise<CsrfState> {
  const { token } = cookieParts(params.cookieValue ?? "");
  const fresh = randomHex(32);
  const inputs = [`${fresh}${params.secrets[0] ?? ""}`];
  if (token) inputs.push(...params.secrets.map((secret) => `${token}${secret}`));
  const digests = new Map(await Promise.all(inputs.map(async (input) => [input, await sha256Hex(input)] as const)));
  const digest = (input: string) => {
    const computed = digests.get(input);
    if (computed === undefined) throw new Error("No digest was computed for a CSRF input.");
    return computed;
  };
  return csrfState(params, digest, fresh);
}

/** The check every state-changing action runs first; `skip` is the framework authors' opt-out. */
export function assertCsrf(action: string, verified: boolean, skip: boolean): void {
  if (skip || verified) return;
  throw new MissingCSRF(`The CSRF token was missing or invalid on ${action}: post the csrfToken from /csrf.`);
}

/**
 * `Sec-Fetch-Site` values a state-changing POST may carry: from a page of this origin, or from no page at all
 * (the user's own navigation). `same-site` is not among them: a sibling subdomain is another origin, and it is
 * exactly the party that can plant cookies here (OWASP CSRF cheat sheet, "Fetch Metadata headers": reject
 * `cross-site`, and `same-site` unless sibling origins are trusted; Go's CrossOriginProtection does the same).
 * Any other value, unknown ones included, is refused: the header is the browser's, never a page's.
 */
const SAME_ORIGIN_FETCH_SITES = new Set(["same-origin", "none"]);

/**
 * The browser's own word on where a POST comes from, checked before any state-changing action runs (OWASP
 * CSRF cheat sheet, "Verifying Origin With Standard Headers" and "Fetch Metadata headers"): a `Sec-Fetch-Site`
 * other than `same-origin`/`none`, or an `Origin` other than the app's (`null` included, compared as the exact
 * serialisation browsers send), is refused. It closes what the double-submit token leaves open: on plain http
 * a planted cookie pair lets a cross-site form carry a valid token (login CSRF). A request with neither header
 * (a script, a server) is left to the token.
 */
export function assertSameOriginPost(action: string, headers: Headers, appOrigin: string): void {
  const fetchSite = headers.get("sec-fetch-site");
  const origin = headers.get("origin");
  // Step 1 — Fetch Metadata: the browser says whether the initiating page shares our origin.
  const fetchSiteRefused = fetchSite !== null && !SAME_ORIGIN_FETCH_SITES.has(fetchSite.toLowerCase());
  // Step 2 — Origin (RFC 6454 §7): sent by browsers on every POST, so it also covers those without Fetch Metadata.
  const originRefused = origin !== null && origin !== appOrigin;
  if (!fetchSiteRefused && !originRefused) return;
  throw new MissingCSRF(
    `Refused a cross-origin POST to ${action} (Origin: ${origin ?? "none"}, Sec-Fetch-Site: ${fetchSite ?? "none"}).`,
  );
}
