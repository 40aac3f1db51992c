/**
 * SHA-256 of a string as hex: the one digest of the CSRF cookie, spent values (core/spent-ledger.ts) and link
 * intents. Synchronous node:crypto where it exists (the CSRF check runs on every request that carries its
 * cookie), WebCrypto on edge runtimes.
 */

import { bytesToHex } from "./hex.js";
import { nodeCrypto } from "./node-crypto.js";

const utf8 = new TextEncoder();

export async function sha256Hex(input: string): Promise<string> {
  if (nodeCrypto) return nodeCrypto.createHash("sha256").update(input).digest("hex");
  const digest = await crypto.subtle.digest("SHA-256", utf8.encode(input));
  return bytesToHex(new Uint8Array(digest));
}
