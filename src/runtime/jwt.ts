/**
 * The session token of the `jwt` strategy: a JWE (RFC 7516) with `alg: "dir"` and `enc: "A256CBC-HS512"`,
 * keyed by HKDF from the secret and salted with the cookie name. Same format as the reference, so tokens
 * written by it are read here and the other way round (over https under its own cookie name, which differs:
 * core/cookies/legacy-session.ts).
 */

import { parseCookieHeader } from "./core/cookies/header.js";
import { LEGACY_SESSION_COOKIE, madeByThisRuntime, SESSION_COOKIE } from "./core/cookies/legacy-session.js";
import { defaultCookies, readChunked } from "./core/cookies/names.js";
import { createJweCodec } from "./core/crypto/jwe.js";
import { nodeCrypto } from "./core/crypto/node-crypto.js";
import { requireSecrets } from "./core/secret.js";
import type { JWT, JWTDecodeParams, JWTEncodeParams } from "./types.js";

export type { JWT, JWTDecodeParams, JWTEncodeParams } from "./types.js";

/** On Node (and Bun, Deno) the synchronous node:crypto path; on edge runtimes WebCrypto. */
const codec = createJweCodec(nodeCrypto);

/** Encrypts `token` with the first secret; adds `iat`, `exp` (now + maxAge, default 30 days) and a random `jti`. */
export function encode<Payload = JWT>(params: JWTEncodeParams<Payload>): Promise<string> {
  return codec.encode(params);
}

/**
 * Decrypts and validates a token. Returns null for an empty token. Anything tampered, expired, malformed or
 * written with a secret we do not hold throws `JWTSessionError` (the refusal as its `cause.err`), on every
 * runtime; no secret at all throws `MissingSecret`. With several secrets, the one whose key `kid` matches the
 * header decrypts (the first when the token has no `kid`), which makes rotation free.
 */
export function decode<Payload = JWT>(params: JWTDecodeParams): Promise<Payload | null> {
  return codec.decode<Payload>(params);
}

export interface GetTokenParams<R extends boolean = false> {
  /** A web Request, or anything with its headers (and optionally its URL). */
  req: { headers: Headers | Record<string, string | string[] | undefined>; url?: string };
  secret: string | string[];
  /** Defaults to the cookie name. */
  salt?: string;
  /**
   * Defaults to the session cookie name for `secureCookie`. With the default name on https, a request without
   * that cookie is read through the reference's `__Secure-authjs.session-token` when it holds a session the
   * reference made (core/cookies/legacy-session.ts); never with `raw`.
   */
  cookieName?: string;
  /** Whether the secure (`__Host-`) cookie name is used. Defaults to whether `req.url` is https. */
  secureCookie?: boolean;
  /** Return the encrypted token as it was sent instead of decoding it. */
  raw?: R;
}

function toHeaders(headers: GetTokenParams["req"]["headers"]): Headers {
  if (headers instanceof Headers) return headers;
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) result.append(name, item);
  }
  return result;
}

/**
 * Reads the session token from the (chunked) session cookie or an `Authorization: Bearer` header. Any
 * malformed, tampered or expired value reads as null: this never throws for bad input.
 */
export async function getToken(params: GetTokenParams<false>): Promise<JWT | null>;
export async function getToken(params: GetTokenParams<true>): Promise<string | null>;
export async function getToken(params: GetTokenParams<boolean>): Promise<JWT | string | null> {
  const { req, secret, raw } = params;
  if (!req?.headers) throw new TypeError("getToken needs `req` (a Request or an object with its headers).");
  const secureCookie = params.secureCookie ?? (typeof req.url === "string" && req.url.startsWith("https:"));
  const cookieName = params.cookieName ?? defaultCookies(secureCookie).sessionToken.name;
  const headers = toHeaders(req.headers);
  const cookies = parseCookieHeader(headers.get("cookie"));
  let token = readChunked(cookies, cookieName);
  const authorization = headers.get("authorization");
  if (!token && authorization) {
    const [scheme, value] = authorization.split(" ");
    if (scheme === "Bearer" && value) {
      try {
        token = decodeURIComponent(value);
      } catch {
        return null;
      }
    }
  }
  if (!token) {
    const legacy = cookieName === SESSION_COOKIE && !raw && params.salt === undefined;
    return legacy ? legacyToken(cookies, requireSecrets(secret)) : null;
  }
  if (raw) return token;
  const secrets = requireSecrets(secret);
  try {
    return await decode<JWT>({ token, secret: secrets, salt: params.salt ?? cookieName });
  } catch {
    return null;
  }
}

/** A session the reference made under its own name; null for anything else (one of ours planted there too). */
async function legacyToken(cookies: Record<string, string>, secrets: string[]): Promise<JWT | null> {
  const token = readChunked(cookies, LEGACY_SESSION_COOKIE);
  if (!token) return null;
  try {
    const decoded = await decode<JWT>({ token, secret: secrets, salt: LEGACY_SESSION_COOKIE });
    return decoded && !madeByThisRuntime(decoded) ? decoded : null;
  } catch {
    return null;
  }
}
