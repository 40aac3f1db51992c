/**
 * WebAuthn's JSON carries binary values as base64url; the adapter contract stores credential ids and public
 * keys as standard base64 (as the reference does, so authenticators stored by it keep working here).
 * Written on atob/btoa rather than Buffer so the core stays free of Node-only globals.
 */

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Decodes base64 or base64url (padding optional); throws on any other character. */
export function base64ToBytes(value: string): Uint8Array {
  const standard = value.replace(/-/g, "+").replace(/_/g, "/");
  const padded = standard.padEnd(standard.length + ((4 - (standard.length % 4)) % 4), "=");
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export function base64UrlToBase64(value: string): string {
  return bytesToBase64(base64ToBytes(value));
}

export function base64ToBase64Url(value: string): string {
  return bytesToBase64(base64ToBytes(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The adapter keeps transports as one comma-separated string. */
export function transportsToString(transports: string[] | undefined): string | undefined {
  return transports && transports.length > 0 ? transports.join(",") : undefined;
}

export function stringToTransports(transports: string | null | undefined): string[] | undefined {
  return transports ? transports.split(",").filter(Boolean) : undefined;
}
