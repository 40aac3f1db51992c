/**
 * What the core's cookies are called: each one's name and attributes, and the chunk names `<name>.0`,
 * `<name>.1`, … a value too large for one cookie is written under (the reference's chunking, so a session it
 * chunked reads here; one module with the names, so the request path loads no more). Names are the
 * reference's (`authjs.*`) with one difference over https: where the reference uses `__Secure-`, a cookie
 * that stays on this host and `/` is `__Host-`, so a sibling subdomain cannot set it (cookie tossing,
 * RFC 6265bis §8.6). The reference's session cookie is still read once for people migrating
 * (core/cookies/legacy-session.ts); docs/security.md has the trade-offs.
 */
import type { AuthConfig, Cookie, CookieOption, CookiesOptions } from "../../types.js";

const FIFTEEN_MINUTES = 15 * 60;

/**
 * The prefix a cookie's name carries (RFC 6265bis §4.1.3). `__Host-`: the browser accepts it only Secure,
 * with Path=/ and without Domain, so only this host can set it, not a sibling subdomain (§8.6). `__Secure-`
 * for one shared with other hosts (a `domain`) or under another path: https-only, but a sibling can toss it.
 * None without secure cookies (plain http), or for a cookie the app made not Secure.
 */
function prefixFor(useSecureCookies: boolean, options: CookieOption["options"]): "" | "__Secure-" | "__Host-" {
  if (!useSecureCookies || options.secure === false) return "";
  return options.domain === undefined && (options.path ?? "/") === "/" ? "__Host-" : "__Secure-";
}

const BASE_NAMES: Record<keyof CookiesOptions, string> = {
  sessionToken: "authjs.session-token",
  callbackUrl: "authjs.callback-url",
  csrfToken: "authjs.csrf-token",
  pkceCodeVerifier: "authjs.pkce.code_verifier",
  state: "authjs.state",
  nonce: "authjs.nonce",
  webauthnChallenge: "authjs.challenge",
  linkIntent: "authjs.link-intent",
};

function defaultOptions(useSecureCookies: boolean): Record<keyof CookiesOptions, CookieOption["options"]> {
  const base = () => ({ httpOnly: true, sameSite: "lax" as const, path: "/", secure: useSecureCookies });
  return {
    sessionToken: base(),
    callbackUrl: base(),
    csrfToken: base(),
    pkceCodeVerifier: { ...base(), maxAge: FIFTEEN_MINUTES },
    state: { ...base(), maxAge: FIFTEEN_MINUTES },
    nonce: base(),
    webauthnChallenge: { ...base(), maxAge: FIFTEEN_MINUTES },
    linkIntent: { ...base(), maxAge: FIFTEEN_MINUTES },
  };
}

/** The default cookies: with secure cookies every one is `__Host-authjs.*` (host-only, Path=/). */
export function defaultCookies(useSecureCookies: boolean): CookiesOptions {
  return resolveCookies(useSecureCookies, undefined);
}

/**
 * Defaults with the user's `cookies` overrides merged per cookie: options merged, then the name. An explicit
 * `name` is used as given; otherwise the prefix follows the merged options, so an override that adds a
 * `domain` gets `__Secure-` (a `__Host-` cookie with a Domain is refused by browsers).
 */
export function resolveCookies(useSecureCookies: boolean, overrides: AuthConfig["cookies"]): CookiesOptions {
  const defaults = defaultOptions(useSecureCookies);
  const cookies = {} as CookiesOptions;
  for (const key of Object.keys(defaults) as Array<keyof CookiesOptions>) {
    const override = overrides?.[key];
    const options = override?.options ? { ...defaults[key], ...override.options } : defaults[key];
    cookies[key] = { name: override?.name ?? `${prefixFor(useSecureCookies, options)}${BASE_NAMES[key]}`, options };
  }
  return cookies;
}

/** A cookie that tells the browser to drop `name` now. */
export function expiredCookie(name: string, options: CookieOption["options"]): Cookie {
  const { expires: _expires, ...rest } = options;
  return { name, value: "", options: { ...rest, maxAge: 0 } };
}

/** Browsers cap a cookie near 4096 bytes; 160 are left for the name and attributes. */
export const CHUNK_SIZE = 4096 - 160;

/** Names of every cookie that holds `name`, whole or as a chunk `<name>.<n>`. */
function chunkNames(cookies: Record<string, string>, name: string): string[] {
  return Object.keys(cookies).filter((candidate) => candidate === name || isChunkOf(candidate, name));
}

/** Whether `candidate` is a chunk of `name`: `<name>.<digits>`. */
function isChunkOf(candidate: string, name: string): boolean {
  if (candidate.length < name.length + 2 || candidate.charCodeAt(name.length) !== 0x2e) return false;
  if (!candidate.startsWith(name)) return false;
  for (let index = name.length + 1; index < candidate.length; index++) {
    const code = candidate.charCodeAt(index);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}

/**
 * Reads a possibly chunked cookie: chunks `<name>.0`, `<name>.1`, … are joined in index order; a whole
 * cookie is used only when there are no chunks (a write always expires the other form). Every request reads
 * the session cookie this way, most without chunks: one pass over the names, nothing built for none.
 */
export function readChunked(cookies: Record<string, string>, name: string): string | undefined {
  let chunks: Array<{ index: number; value: string }> | undefined;
  for (const candidate of Object.keys(cookies)) {
    if (!isChunkOf(candidate, name)) continue;
    chunks ??= [];
    chunks.push({ index: Number(candidate.slice(name.length + 1)), value: cookies[candidate] ?? "" });
  }
  if (chunks)
    return (
      chunks
        .sort((a, b) => a.index - b.index)
        .map((chunk) => chunk.value)
        .join("") || undefined
    );
  return cookies[name] || undefined;
}

/**
 * Writes `value` as one cookie, or as `<name>.0`, `<name>.1`, … when longer than CHUNK_SIZE, and expires
 * every cookie from a previous write that the new one does not overwrite (a shorter token leaves stale chunks).
 */
export function writeChunked(
  cookies: Record<string, string>,
  name: string,
  value: string,
  options: CookieOption["options"],
): Cookie[] {
  const written: Cookie[] = [];
  if (value.length <= CHUNK_SIZE) {
    written.push({ name, value, options });
  } else {
    for (let index = 0; index * CHUNK_SIZE < value.length; index++) {
      written.push({
        name: `${name}.${index}`,
        value: value.slice(index * CHUNK_SIZE, (index + 1) * CHUNK_SIZE),
        options,
      });
    }
  }
  const names = new Set(written.map((cookie) => cookie.name));
  const stale = chunkNames(cookies, name)
    .filter((candidate) => !names.has(candidate))
    .map((candidate) => expiredCookie(candidate, options));
  return [...stale, ...written];
}

/** Expires every cookie holding `name` (whole and chunks); the whole name is always included. */
export function clearChunked(
  cookies: Record<string, string>,
  name: string,
  options: CookieOption["options"],
): Cookie[] {
  const names = new Set([name, ...chunkNames(cookies, name)]);
  return [...names].map((candidate) => expiredCookie(candidate, options));
}
