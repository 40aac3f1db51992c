/**
 * The session token codec: `encode`/`decode` of the dir + A256CBC-HS512 JWE, on synchronous node:crypto
 * when it is there and on jose (WebCrypto) when it is not (edge runtimes). Which one runs is decided by
 * the `node:crypto` module handed in, so tests can run the jose fallback on Node too.
 */
import type * as NodeCrypto from "node:crypto";
import { AuthError, JWTSessionError } from "../../errors.js";
import type { JWT, JWTDecodeParams, JWTEncodeParams } from "../../types.js";
import { requireSecrets } from "../secret.js";
import { encryptionKey, isContentEncryption } from "./encryption-key.js";
import { decryptCompact, encryptCbcHs512, fastHeader, validateClaims } from "./jwe-fast.js";

const DEFAULT_MAX_AGE = 30 * 24 * 60 * 60;
const ALG = "dir";
const ENC = "A256CBC-HS512";
/** Tolerated clock skew between the servers that write and read a token (seconds). */
const CLOCK_TOLERANCE = 15;

export interface JweCodec {
  encode<Payload = JWT>(params: JWTEncodeParams<Payload>): Promise<string>;
  decode<Payload = JWT>(params: JWTDecodeParams): Promise<Payload | null>;
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
 * Tokens this process has already authenticated and decrypted, with the key material that did it. A
 * browser sends the same session cookie on every request until it is re-issued, so repeated reads skip
 * the HMAC and AES and only parse and re-check the claims (expiry included) against the clock. A hit
 * needs the same token, salt and secrets: a rotated secret or another cookie name decrypts afresh.
 * Bounded; the oldest entry goes first.
 */
const decrypted = new Map<string, { salt: string; secrets: string; plaintext: string }>();
const MAX_DECRYPTED = 1024;
const utf8Decoder = new TextDecoder();

function remember(token: string, salt: string, secrets: string, plaintext: string): void {
  if (decrypted.size >= MAX_DECRYPTED) decrypted.delete(decrypted.keys().next().value as string);
  decrypted.set(token, { salt, secrets, plaintext });
}

/**
 * jose, imported on first use: on Node the fast path serves every session this runtime writes, so jose (about
 * half the import cost of an auth module) loads only for edge runtimes and for tokens of another shape.
 */
function jose(): Promise<typeof import("jose")> {
  return import("jose");
}

/** A codec on `crypto` (node:crypto), or on jose alone when `crypto` is undefined. */
export function createJweCodec(crypto: typeof NodeCrypto | undefined): JweCodec {
  return {
    async encode<Payload = JWT>(params: JWTEncodeParams<Payload>): Promise<string> {
      const { token = {}, secret, maxAge = DEFAULT_MAX_AGE, salt } = params;
      const { key, kid } = await encryptionKey(requireSecrets(secret)[0]!, salt, ENC);
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        ...(token as Record<string, unknown>),
        iat: now,
        exp: now + maxAge,
        jti: globalThis.crypto.randomUUID(),
      };
      if (crypto) {
        const plaintext = new TextEncoder().encode(JSON.stringify(claims));
        return encryptCbcHs512(crypto, { alg: ALG, enc: ENC, kid }, plaintext, key);
      }
      const { EncryptJWT } = await jose();
      return new EncryptJWT(claims).setProtectedHeader({ alg: ALG, enc: ENC, kid }).encrypt(key);
    },

    async decode<Payload = JWT>(params: JWTDecodeParams): Promise<Payload | null> {
      if (!params.token) return null;
      const secrets = requireSecrets(params.secret);
      try {
        return await decodeWith(secrets, params.token, params.salt);
      } catch (cause) {
        // One error class whichever path refused the token (node:crypto's here, jose's on edge runtimes), so
        // callers match on `JWTSessionError` everywhere; the original stays as the cause.
        if (cause instanceof AuthError) throw cause;
        const reason = cause instanceof Error ? cause.message : String(cause);
        throw new JWTSessionError(`The token was refused (tampered, expired, or another secret): ${reason}`, {
          cause,
        });
      }
    },
  };

  async function decodeWith<Payload>(secrets: string[], token: string, salt: string): Promise<Payload> {
    // Shapes the fast path does not serve (extra header fields, other algorithms) go to jose, which
    // reads or rejects them.
    const header = crypto ? fastHeader(token) : undefined;
    if (crypto && header) {
      const secretsKey = JSON.stringify(secrets);
      const known = decrypted.get(token);
      if (known && known.salt === salt && known.secrets === secretsKey) {
        return validateClaims(known.plaintext, CLOCK_TOLERANCE) as Payload;
      }
      const key = await keyFor(secrets, salt, header.enc, header.kid);
      const plaintext = utf8Decoder.decode(decryptCompact(crypto, token, header.enc, key));
      const claims = validateClaims(plaintext, CLOCK_TOLERANCE) as Payload;
      remember(token, salt, secretsKey, plaintext);
      return claims;
    }
    const { jwtDecrypt } = await jose();
    const { payload } = await jwtDecrypt(token, ({ kid, enc }) => keyFor(secrets, salt, enc, kid), {
      clockTolerance: CLOCK_TOLERANCE,
      keyManagementAlgorithms: [ALG],
      contentEncryptionAlgorithms: [ENC, "A256GCM"],
    });
    return payload as Payload;
  }
}
