/**
 * WebAuthn's JSON carries binary values as base64url; the adapter contract stores credential ids and public
 * keys as standard base64 (as the reference does, so authenticators stored by it keep working here).
 * Written on atob/btoa (crypto/base64.ts) rather than Buffer so the core stays free of Node-only globals.
 */
import { base64ToBytes, bytesToBase64, bytesToBase64url } from "../crypto/base64.js";

export function base64UrlToBase64(value: string): string {
  return bytesToBase64(base64ToBytes(value));
}

export function base64ToBase64Url(value: string): string {
  return bytesToBase64url(base64ToBytes(value));
}

/** The adapter keeps transports as one comma-separated string. */
export function transportsToString(transports: string[] | undefined): string | undefined {
  return transports && transports.length > 0 ? transports.join(",") : undefined;
}

export function stringToTransports(transports: string | null | undefined): string[] | undefined {
  return transports ? transports.split(",").filter(Boolean) : undefined;
}
