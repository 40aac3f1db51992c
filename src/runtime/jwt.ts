/**
 * The session token of the `jwt` strategy: a JWE (RFC 7516) with `alg: "dir"` and `enc: "A256CBC-HS512"`,
 * keyed by HKDF from the secret and salted with the cookie name. Same format as the reference, so tokens
 * written by it are read here and the other way round.
 */
import { EncryptJWT, jwtDecrypt } from "jose";
import { parseCookieHeader } from "./core/cookie-header.js";
import { defaultCookies, readChunked } from "./core/cookies.js";
import { encryptionKey, isContentEncryption } from "./core/encryption-key.js";
import { decryptCompact, encryptCbcHs512, fastHeader, nodeCrypto, validateClaims } from "./core/jwe-fast.js";
import { MissingSecret } from "./errors.js";
import type { JWT, JWTDecodeParams, JWTEncodeParams } from "./types.js";

export type { JWT, JWTDecodeParams, JWTEncodeParams } from "./types.js";

const DEFAULT_MAX_AGE = 30 * 24 * 60 * 60;
const ALG = "dir";
const ENC = "A256CBC-HS512";
/** Tolerated clock skew between the servers that write and read a token (seconds). */
const CLOCK_TOLERANCE = 15;

function secretList(secret: string | string[]): string[] {
  const secrets = (Array.isArray(secret) ? secret : [secret]).filter((value) => typeof value === "string" && value);
  if (secrets.length === 0) throw new MissingSecret("A secret is required to encode or decode a JWT.");
  return secrets;
}

/** Encrypts `token` with the first secret; adds `iat`, `exp` (now + maxAge) and a random `jti`. */
export async function encode<Payload = JWT>(params: JWTEncodeParams<Payload>): Promise<string> {
  const { token = {}, secret, maxAge = DEFAULT_MAX_AGE, salt } = params;
  const { key, kid } = await encryptionKey(secretList(secret)[0]!, salt, ENC);
  const now = Math.floor(Date.now() / 1000);
  const claims = { ...(token as Record<string, unknown>), iat: now, exp: now + maxAge, jti: crypto.randomUUID() };
  if (nodeCrypto) {
    return encryptCbcHs512(
      nodeCrypto,
      { alg: ALG, enc: ENC, kid },
      new TextEncoder().encode(JSON.stringify(claims)),
      key,
    );
  }
  return new EncryptJWT(claims).setProtectedHeader({ alg: ALG, enc: ENC, kid }).encrypt(key);
}

/** The key for a token: the secret whose derived key's `kid` matches, or the first when the token has none. */
async function keyFor(secrets: string[], salt: string, enc: unknown, kid: string | undefined): Promise<Uint8Array> {
  if (!isContentEncryption(enc)) throw new Error(`Unsupported JWE content encryption: ${String(enc)}`);
  for (const candidate of secrets) {
    const derived = await encryptionKey(candidate, salt, enc);
    if (kid === undefined || kid === derived.kid) return derived.key;
  }
  throw new Error("No secret matches the token's key id.");
}

/**
 * Decrypts and validates a token. Returns null for an empty token; throws for anything tampered, expired,
 * malformed or written with a secret we do not hold. With several secrets, the one whose key `kid`
 * matches the header decrypts (the first when the token has no `kid`), which makes rotation free.
 */
export async function decode<Payload = JWT>(params: JWTDecodeParams): Promise<Payload | null> {
  const { token, secret, salt } = params;
  if (!token) return null;
  const secrets = secretList(secret);
  const header = nodeCrypto ? fastHeader(token) : undefined;
  if (nodeCrypto && header) {
    const key = await keyFor(secrets, salt, header.enc, header.kid);
    return validateClaims(decryptCompact(nodeCrypto, token, header.enc, key), CLOCK_TOLERANCE) as Payload;
  }
  const { payload } = await jwtDecrypt(token, ({ kid, enc }) => keyFor(secrets, salt, enc, kid), {
    clockTolerance: CLOCK_TOLERANCE,
    keyManagementAlgorithms: [ALG],
    contentEncryptionAlgorithms: [ENC, "A256GCM"],
  });
  return payload as Payload;
}

export interface GetTokenParams<R extends boolean = false> {
  /** A web Request, or anything with its headers (and optionally its URL). */
  req: { headers: Headers | Record<string, string | string[] | undefined>; url?: string };
  secret: string | string[];
  /** Defaults to the cookie name. */
  salt?: string;
  /** Defaults to the session cookie name for `secureCookie`. */
  cookieName?: string;
  /** Whether the `__Secure-` cookie name is used. Defaults to whether `req.url` is https. */
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
  let token = readChunked(parseCookieHeader(headers.get("cookie")), cookieName);
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
  if (!token) return null;
  if (raw) return token;
  const secrets = secretList(secret);
  try {
    return await decode<JWT>({ token, secret: secrets, salt: params.salt ?? cookieName });
  } catch {
    return null;
  }
}
