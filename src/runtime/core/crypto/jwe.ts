/**
 * The session token codec: `encode`/`decode` of the compact `dir` JWE (RFC 7516, 7518) that sessions are,
 * on one of two ciphers: synchronous node:crypto when the runtime has it (jwe-node.ts), WebCrypto when it
 * does not (jwe-web.ts, edge runtimes). The format rules (jwe-compact.ts) and the claim checks
 * (jwt-claims.ts) are the same on both. Which cipher runs is decided by the `node:crypto` module handed in,
 * so tests run the WebCrypto one on Node too.
 */
import { AuthError, JWTSessionError } from "../../errors.js";
import type { JWT, JWTDecodeParams, JWTEncodeParams } from "../../types.js";
import { copyWith } from "../copy-with.js";
import { requireSecrets } from "../secret.js";
import { type ContentEncryption, encryptionKey } from "./encryption-key.js";
import type { JweCipher } from "./jwe-cipher.js";
import { readCompact, writeCompact } from "./jwe-compact.js";
import { nodeCipher } from "./jwe-node.js";
import { webCipher } from "./jwe-web.js";
import { checkClaimTimes, checkReplicatedClaims, flatClaims, validateClaims } from "./jwt-claims.js";
import type { NodeCryptoModule } from "./node-crypto.js";
import { randomUUID } from "./random.js";

const DEFAULT_MAX_AGE = 30 * 24 * 60 * 60;
/** We read both encryptions; we write the reference's. */
const ENC = "A256CBC-HS512";
/** Tolerated clock skew between the servers that write and read a token (seconds). */
const CLOCK_TOLERANCE = 15;
/** Bounds the decrypted-token memo; the oldest entry goes first. */
const MAX_DECRYPTED = 1024;
/** Bounds the encoded headers (one per key id: per secret and salt). */
const MAX_HEADERS = 64;

export interface JweCodec {
  encode<Payload = JWT>(params: JWTEncodeParams<Payload>): Promise<string>;
  decode<Payload = JWT>(params: JWTDecodeParams): Promise<Payload | null>;
}

type Claims = Record<string, unknown>;

/** A token the codec has decrypted (see `decrypted` below). */
interface Decrypted {
  salt: string;
  secrets: readonly string[];
  plaintext: string;
  /** The claims, parsed, when none of them is an object: never handed out, only copied. */
  flat: Claims | undefined;
}

const utf8 = new TextEncoder();
/** RFC 7519 §7.2 step 10 reads the claims as UTF-8; invalid sequences are an error, as in jose. */
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** The key for a token: the secret whose derived key's `kid` matches, or the first when the token has none. */
async function keyFor(secrets: string[], salt: string, enc: ContentEncryption, kid: string | undefined) {
  for (const candidate of secrets) {
    const derived = await encryptionKey(candidate, salt, enc);
    if (kid === undefined || kid === derived.kid) return derived.key;
  }
  throw new Error("No secret matches the token's key id.");
}

/**
 * The same secrets in the same order. Compared member by member on every memoised read (serialising them per
 * read showed in profiles). Both sides are the server's own configuration, never a visitor's input.
 */
function sameSecrets(known: readonly string[], secrets: readonly string[]): boolean {
  if (known.length !== secrets.length) return false;
  for (let index = 0; index < secrets.length; index++) if (known[index] !== secrets[index]) return false;
  return true;
}

/** A codec on `crypto` (node:crypto), or on WebCrypto when `crypto` is undefined. */
export function createJweCodec(crypto: NodeCryptoModule | undefined): JweCodec {
  const cipher: JweCipher = crypto ? nodeCipher(crypto) : webCipher();
  /**
   * Tokens this codec has already authenticated and decrypted, with the key material that did it. A browser
   * sends the same session cookie on every request until it is re-issued, so repeated reads skip parsing,
   * the MAC and AES, and only re-check the claims (expiry included) against the clock. A hit needs the same
   * token, salt and secrets: a rotated secret or another cookie name decrypts afresh. Every read hands out
   * claims of its own (a `jwt` callback may change them in place): flat claims, kept parsed, are copied
   * (a fraction of JSON.parse's time); claims with objects inside are parsed again from the plaintext.
   */
  const decrypted = new Map<string, Decrypted>();

  function remember(token: string, salt: string, secrets: readonly string[], plaintext: string, claims: Claims): void {
    if (decrypted.size >= MAX_DECRYPTED) decrypted.delete(decrypted.keys().next().value as string);
    const kept = flatClaims(claims) ? { ...claims } : undefined;
    decrypted.set(token, { salt, secrets: [...secrets], plaintext, flat: kept });
  }

  function claimsOf(known: Decrypted): Claims {
    return known.flat
      ? checkClaimTimes({ ...known.flat }, CLOCK_TOLERANCE)
      : validateClaims(known.plaintext, CLOCK_TOLERANCE);
  }

  async function decodeWith<Payload>(secrets: string[], token: string, salt: string): Promise<Payload> {
    const known = decrypted.get(token);
    if (known && known.salt === salt && sameSecrets(known.secrets, secrets)) return claimsOf(known) as Payload;
    const jwe = readCompact(token, cipher);
    const key = await keyFor(secrets, salt, jwe.header.enc, jwe.header.kid);
    const plaintext = strictUtf8.decode(
      await cipher.open(jwe.header.enc, key, jwe.aad, jwe.iv, jwe.ciphertext, jwe.tag),
    );
    const claims = validateClaims(plaintext, CLOCK_TOLERANCE);
    checkReplicatedClaims(jwe.header, claims);
    remember(token, salt, secrets, plaintext, claims);
    return claims as Payload;
  }

  /**
   * The protected header of each key id, encoded, and its ASCII bytes (the AAD): the same for every token
   * under one key, so it is written once rather than serialised and encoded per token. Bounded like the keys.
   */
  const headers = new Map<string, { encoded: string; aad: Uint8Array }>();

  function headerFor(kid: string): { encoded: string; aad: Uint8Array } {
    let header = headers.get(kid);
    if (header === undefined) {
      // The header jose writes for these options, member for member, so the AAD matches it byte for byte.
      const encoded = cipher.toBase64url(utf8.encode(JSON.stringify({ alg: "dir", enc: ENC, kid })));
      header = { encoded, aad: utf8.encode(encoded) };
      if (headers.size >= MAX_HEADERS) headers.delete(headers.keys().next().value as string);
      headers.set(kid, header);
    }
    return header;
  }

  return {
    async encode<Payload = JWT>(params: JWTEncodeParams<Payload>): Promise<string> {
      const { token = {}, secret, maxAge = DEFAULT_MAX_AGE, salt } = params;
      const { key, kid } = await encryptionKey(requireSecrets(secret)[0]!, salt, ENC);
      const now = Math.floor(Date.now() / 1000);
      const claims = copyWith(token as Record<string, unknown>, {
        iat: now,
        exp: now + maxAge,
        jti: randomUUID(),
      });
      const header = headerFor(kid);
      const sealed = await cipher.sealCbcHs512(key, header.aad, utf8.encode(JSON.stringify(claims)));
      return writeCompact(header.encoded, sealed, cipher);
    },

    async decode<Payload = JWT>(params: JWTDecodeParams): Promise<Payload | null> {
      if (!params.token) return null;
      const secrets = requireSecrets(params.secret);
      try {
        return await decodeWith<Payload>(secrets, params.token, params.salt);
      } catch (cause) {
        // One error class whichever check refused the token and whichever cipher ran, so callers match on
        // `JWTSessionError` on every runtime; the original stays as the cause.
        if (cause instanceof AuthError) throw cause;
        const reason = cause instanceof Error ? cause.message : String(cause);
        throw new JWTSessionError(`The token was refused (tampered, expired, or another secret): ${reason}`, {
          cause,
        });
      }
    },
  };
}
