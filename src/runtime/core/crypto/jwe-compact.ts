/**
 * The compact serialization of the one JWE shape sessions use (RFC 7516 §7.1): five base64url parts,
 * `alg: "dir"` (so the encrypted-key part is empty) and `enc` A256CBC-HS512 or A256GCM. Reading is strict and
 * the same on every runtime, so which tokens reach a cipher never depends on where the app runs. The header
 * rules are jose's for our options (`dir`; the two `enc`; a string `kid`; `typ`, `cty` and other
 * non-critical members ignored), except that `zip` is refused too: neither this runtime nor the reference
 * ever compresses a session, and inflating an attacker's bytes is work we need not offer.
 */
import type { ContentEncryption } from "./encryption-key.js";
import { type JweCipher, LENGTHS } from "./jwe-cipher.js";

export interface JweHeader {
  alg: "dir";
  enc: ContentEncryption;
  kid?: string;
  /** Other members (`typ`, `cty`, …) are protected by the tag and otherwise ignored. */
  [member: string]: unknown;
}

export interface CompactJwe {
  header: JweHeader;
  /** The ASCII bytes of the encoded protected header: the AAD (RFC 7516 §5.1 step 14). */
  aad: Uint8Array;
  iv: Uint8Array;
  ciphertext: Uint8Array;
  tag: Uint8Array;
}

/** Thrown for a token that is not one of our JWEs at all; the codec turns it into JWTSessionError. */
export class MalformedJwe extends Error {}

const BASE64URL = /^[A-Za-z0-9_-]*$/;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const ascii = new TextEncoder();
/** RFC 7515 §5.2 step 2: the header is UTF-8; invalid sequences are an error, not U+FFFD. */
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Base64url without padding (RFC 7515 §2), canonical: no character outside the alphabet (decoders skip
 * those), no impossible length, and no set bit after the last whole byte (RFC 4648 §3.5), so each token has
 * exactly one spelling and a changed character is a changed token.
 */
export function isCanonicalBase64url(value: string): boolean {
  if (!BASE64URL.test(value)) return false;
  const remainder = value.length % 4;
  if (remainder === 1) return false;
  if (remainder === 0) return true;
  const last = ALPHABET.indexOf(value[value.length - 1]!);
  return (last & (remainder === 2 ? 0b1111 : 0b11)) === 0;
}

function part(value: string, name: string, cipher: JweCipher): Uint8Array {
  if (!isCanonicalBase64url(value)) throw new MalformedJwe(`The JWE ${name} is not base64url.`);
  return cipher.fromBase64url(value);
}

/** The protected header, held to the rules above (RFC 7516 §4.1, §9). */
function readHeader(encoded: string, cipher: JweCipher): JweHeader {
  let header: unknown;
  try {
    header = JSON.parse(strictUtf8.decode(part(encoded, "protected header", cipher)));
  } catch (cause) {
    if (cause instanceof MalformedJwe) throw cause;
    throw new MalformedJwe("The JWE protected header is not a JSON object.");
  }
  if (header === null || typeof header !== "object" || Array.isArray(header)) {
    throw new MalformedJwe("The JWE protected header is not a JSON object.");
  }
  const members = header as Record<string, unknown>;
  // RFC 7516 §4.1.13: a recipient must refuse a critical extension it does not understand; we understand none.
  if (Object.hasOwn(members, "crit"))
    throw new MalformedJwe('The JWE header\'s "crit" names an unsupported extension.');
  if (Object.hasOwn(members, "zip")) throw new MalformedJwe('The JWE header\'s "zip" (compression) is not supported.');
  if (members.alg !== "dir") throw new MalformedJwe(`Unsupported JWE algorithm: ${String(members.alg)}`);
  if (members.enc !== "A256CBC-HS512" && members.enc !== "A256GCM") {
    throw new MalformedJwe(`Unsupported JWE content encryption: ${String(members.enc)}`);
  }
  if (members.kid !== undefined && typeof members.kid !== "string")
    throw new MalformedJwe('The JWE "kid" is not a string.');
  return members as JweHeader;
}

/** Splits and checks a compact JWE: every part decoded, every length the one RFC 7518 fixes for its `enc`. */
export function readCompact(token: string, cipher: JweCipher): CompactJwe {
  const parts = token.split(".");
  if (parts.length !== 5) throw new MalformedJwe("A compact JWE has five parts.");
  const [encodedHeader, encryptedKey, encodedIv, encodedCiphertext, encodedTag] = parts as [
    string,
    string,
    string,
    string,
    string,
  ];
  const header = readHeader(encodedHeader, cipher);
  // RFC 7518 §4.5: with direct encryption the encrypted key is the empty octet sequence.
  if (encryptedKey !== "") throw new MalformedJwe('A "dir" JWE has an empty encrypted key.');
  const lengths = LENGTHS[header.enc];
  const iv = part(encodedIv, "initialization vector", cipher);
  const ciphertext = part(encodedCiphertext, "ciphertext", cipher);
  const tag = part(encodedTag, "authentication tag", cipher);
  if (iv.length !== lengths.iv)
    throw new MalformedJwe(`The ${header.enc} initialization vector is not ${lengths.iv} bytes.`);
  if (tag.length !== lengths.tag)
    throw new MalformedJwe(`The ${header.enc} authentication tag is not ${lengths.tag} bytes.`);
  return { header, aad: ascii.encode(encodedHeader), iv, ciphertext, tag };
}

/** The compact serialization of a `dir` JWE (RFC 7516 §7.1): the encrypted-key part stays empty. */
export function writeCompact(
  encodedHeader: string,
  sealed: { iv: Uint8Array; ciphertext: Uint8Array; tag: Uint8Array },
  cipher: JweCipher,
): string {
  const { iv, ciphertext, tag } = sealed;
  return `${encodedHeader}..${cipher.toBase64url(iv)}.${cipher.toBase64url(ciphertext)}.${cipher.toBase64url(tag)}`;
}
