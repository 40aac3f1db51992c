/**
 * SHA-256 of a string as hex: the one digest of the CSRF cookie, spent values (core/spent-ledger.ts) and link
 * intents. Synchronous node:crypto where it exists (the CSRF check runs on every request that carries its
 * cookie, and mints one for every request that does not), WebCrypto on edge runtimes.
 */

import { bytesToHex } from "./hex.js";
import { nodeCrypto } from "./node-crypto.js";

const utf8 = new TextEncoder();

/**
 * The digest computed now, where node:crypto can (undefined on edge runtimes): one-shot `crypto.hash`
 * (Node ≥ 20.12, no Hash object to build and collect), else a Hash.
 */
export const sha256HexNow: ((input: string) => string) | undefined = nodeDigest(nodeCrypto);

function nodeDigest(node: typeof nodeCrypto): ((input: string) => string) | undefined {
  if (!node) return undefined;
  if (typeof node.hash === "function") return (input) => node.hash("sha256", input, "hex");
  return (input) => node.createHash("sha256").update(input).digest("hex");
}

export async function sha256Hex(input: string): Promise<string> {
  if (sha256HexNow) return sha256HexNow(input);
  const digest = await crypto.subtle.digest("SHA-256", utf8.encode(input));
  return bytesToHex(new Uint8Array(digest));
}
