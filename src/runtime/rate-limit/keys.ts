/**
 * The keys counters are kept under: one per client network and one per account. An IPv6 client is counted by
 * its /64, the smallest block one subscriber is routinely given (RFC 6177), because a single host can pick any
 * of its 2^64 addresses per request. An account is counted by a keyed hash (HMAC-SHA-256 under the app's
 * secret) of its normalised address: the store (Redis, a shared cache) never holds the addresses people typed,
 * and without the secret its keys cannot be matched to a list of addresses by hashing the list.
 */

import { bytesToHex } from "../core/crypto/hex.js";
import { nodeCrypto } from "../core/crypto/node-crypto.js";
import { normalizeEmailAddress } from "../core/email/normalize.js";
import { RateLimitConfigError } from "./errors.js";
import { ipv6Groups, parseIp } from "./ip-address.js";

/**
 * The key of a client address from client-ip.ts; every client without a trusted address shares one key. The
 * address is read again (it may come from elsewhere), so a spelling variant is the same key and text that is
 * no address joins the shared one.
 */
export function ipKey(address: string | null): string {
  const ip = address === null ? null : parseIp(address);
  if (ip === null) return "ip:unknown";
  if (!ip.includes(":")) return `ip:${ip}`;
  const prefix = ipv6Groups(ip)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":");
  return `ip:${prefix}::/64`;
}

const utf8 = new TextEncoder();
/** An account identifier longer than this is no address (RFC 5321 allows 254 octets); hash only its start. */
const MAX_IDENTIFIER = 1024;

/**
 * The key of the account an identifier (the email typed at sign-in, sign-up or reset) names. Normalised as the
 * core normalises addresses (core/email/normalize.ts), so `Ann@X.test` and `ann@x.test ` share a counter; an
 * identifier that is no valid address still gets a key of its own (NFKC, trimmed, lower-cased), so a malformed
 * one is limited like any other and an unknown account is treated as a known one.
 */
export async function accountKey(identifier: string, secret: string): Promise<string> {
  if (typeof secret !== "string" || secret.length < 16) {
    throw new RateLimitConfigError("accountKey needs the app's secret (at least 16 characters) to key its hash.");
  }
  const text = String(identifier).slice(0, MAX_IDENTIFIER);
  let normalised: string;
  try {
    normalised = normalizeEmailAddress(text);
  } catch {
    normalised = text.normalize("NFKC").trim().toLowerCase();
  }
  return `account:${await hmacHex(secret, `rate-limit-account\n${normalised}`)}`;
}

/**
 * HMAC-SHA-256, the first 128 bits in hex: plenty to keep accounts apart, half of what each key costs in the
 * store. node:crypto where it exists; WebCrypto on edge runtimes (`node` null), which the tests compare.
 */
export async function hmacHex(
  secret: string,
  message: string,
  node: typeof nodeCrypto | null = nodeCrypto,
): Promise<string> {
  if (node) return node.createHmac("sha256", secret).update(message).digest("hex").slice(0, 32);
  const key = await crypto.subtle.importKey("raw", utf8.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, utf8.encode(message)));
  return bytesToHex(mac.subarray(0, 16));
}
