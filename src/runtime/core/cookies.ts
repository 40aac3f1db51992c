/**
 * Cookie names and attributes, and the chunking of values too large for one cookie. Names match the
 * reference's byte for byte, so people migrating keep their sessions.
 */
import type { AuthConfig, Cookie, CookieOption, CookiesOptions } from "../types.js";

/** Browsers cap a cookie near 4096 bytes; 160 are left for the name and attributes. */
export const CHUNK_SIZE = 4096 - 160;

const FIFTEEN_MINUTES = 15 * 60;

/**
 * The default cookies. With secure cookies, `__Secure-` asks browsers to accept them only over https and
 * `__Host-` (csrf) additionally pins them to this host and `/` (RFC 6265bis §4.1.3).
 */
export function defaultCookies(useSecureCookies: boolean): CookiesOptions {
  const prefix = useSecureCookies ? "__Secure-" : "";
  const base = () => ({ httpOnly: true, sameSite: "lax" as const, path: "/", secure: useSecureCookies });
  return {
    sessionToken: { name: `${prefix}authjs.session-token`, options: base() },
    callbackUrl: { name: `${prefix}authjs.callback-url`, options: base() },
    csrfToken: { name: `${useSecureCookies ? "__Host-" : ""}authjs.csrf-token`, options: base() },
    pkceCodeVerifier: { name: `${prefix}authjs.pkce.code_verifier`, options: { ...base(), maxAge: FIFTEEN_MINUTES } },
    state: { name: `${prefix}authjs.state`, options: { ...base(), maxAge: FIFTEEN_MINUTES } },
    nonce: { name: `${prefix}authjs.nonce`, options: base() },
    webauthnChallenge: { name: `${prefix}authjs.challenge`, options: { ...base(), maxAge: FIFTEEN_MINUTES } },
    linkIntent: { name: `${prefix}authjs.link-intent`, options: { ...base(), maxAge: FIFTEEN_MINUTES } },
  };
}

/** Defaults with the user's `cookies` overrides merged per cookie (name replaced, options merged). */
export function resolveCookies(useSecureCookies: boolean, overrides: AuthConfig["cookies"]): CookiesOptions {
  const cookies = defaultCookies(useSecureCookies);
  if (!overrides) return cookies;
  for (const key of Object.keys(cookies) as Array<keyof CookiesOptions>) {
    const override = overrides[key];
    if (!override) continue;
    cookies[key] = {
      name: override.name ?? cookies[key].name,
      options: { ...cookies[key].options, ...override.options },
    };
  }
  return cookies;
}

/** A cookie that tells the browser to drop `name` now. */
export function expiredCookie(name: string, options: CookieOption["options"]): Cookie {
  const { expires: _expires, ...rest } = options;
  return { name, value: "", options: { ...rest, maxAge: 0 } };
}

const CHUNK_NAME = /^(.*)\.(\d+)$/;

/** Names of every cookie that holds `name`, whole or as a chunk `<name>.<n>`. */
function chunkNames(cookies: Record<string, string>, name: string): string[] {
  return Object.keys(cookies).filter((candidate) => {
    if (candidate === name) return true;
    const match = CHUNK_NAME.exec(candidate);
    return match !== null && match[1] === name;
  });
}

/**
 * Reads a possibly chunked cookie: chunks `<name>.0`, `<name>.1`, … are joined in index order; a whole
 * cookie is used only when there are no chunks (a write always expires the other form).
 */
export function readChunked(cookies: Record<string, string>, name: string): string | undefined {
  const chunks = chunkNames(cookies, name)
    .filter((candidate) => candidate !== name)
    .map((candidate) => ({ index: Number(CHUNK_NAME.exec(candidate)![2]), value: cookies[candidate] ?? "" }))
    .sort((a, b) => a.index - b.index);
  if (chunks.length > 0) return chunks.map((chunk) => chunk.value).join("") || undefined;
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
