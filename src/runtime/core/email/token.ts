/**
 * Sign-in link tokens. The link carries a random token; the adapter stores only
 * `sha256hex(token + secret)`, so a leaked verification-token table cannot be replayed as links.
 */
const utf8 = new TextEncoder();

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** 32 random bytes as 64 hex characters (256 bits: not guessable within any link lifetime). */
export function randomVerificationToken(): string {
  return hex(crypto.getRandomValues(new Uint8Array(32)));
}

/** What the adapter stores for `token`. WebCrypto, so it also runs on edge runtimes. */
export async function hashVerificationToken(token: string, secret: string): Promise<string> {
  return hex(new Uint8Array(await crypto.subtle.digest("SHA-256", utf8.encode(`${token}${secret}`))));
}
