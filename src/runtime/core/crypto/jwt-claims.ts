/**
 * The JWT claim checks of a decrypted session (RFC 7519 §4.1), the ones jose's jwtDecrypt makes for our
 * options: the payload is a JSON object; `iat`, `nbf`, `exp` are numbers when present; not before `nbf`, not
 * at or after `exp`, both with the clock tolerance; and `iss`, `sub`, `aud` replicated in the header
 * (RFC 7519 §5.3) equal the claims.
 */
import type { JweHeader } from "./jwe-compact.js";

/** The claims of a decrypted payload, parsed and checked as far as the token alone decides. */
function parseClaims(plaintext: string): Record<string, unknown> {
  let payload: unknown;
  try {
    payload = JSON.parse(plaintext);
  } catch {
    throw new Error("JWT Claims Set must be a top-level JSON object");
  }
  if (payload === null || typeof payload !== "object" || Array.isArray(payload)) {
    throw new Error("JWT Claims Set must be a top-level JSON object");
  }
  const claims = payload as Record<string, unknown>;
  for (const claim of ["iat", "nbf", "exp"] as const) {
    if (claims[claim] !== undefined && typeof claims[claim] !== "number") {
      throw new Error(`"${claim}" claim must be a number`);
    }
  }
  return claims;
}

/** The checks against the clock, which must still hold on every read: run again on each memoised read (jwe.ts). */
export function checkClaimTimes(claims: Record<string, unknown>, clockTolerance: number): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.nbf === "number" && claims.nbf > now + clockTolerance) throw new Error('"nbf" claim check failed');
  if (typeof claims.exp === "number" && claims.exp <= now - clockTolerance) throw new Error('"exp" claim check failed');
  return claims;
}

export function validateClaims(plaintext: string, clockTolerance: number): Record<string, unknown> {
  return checkClaimTimes(parseClaims(plaintext), clockTolerance);
}

/** Whether every claim is a string, number, boolean or null: a shallow copy of such claims is a whole copy. */
export function flatClaims(claims: Record<string, unknown>): boolean {
  for (const value of Object.values(claims)) if (value !== null && typeof value === "object") return false;
  return true;
}

/** RFC 7519 §5.3: a claim the header repeats must be the claim. Fixed per token, so checked once per token. */
export function checkReplicatedClaims(header: JweHeader, claims: Record<string, unknown>): void {
  for (const claim of ["iss", "sub", "aud"] as const) {
    if (header[claim] === undefined) continue;
    const same =
      claim === "aud" ? JSON.stringify(header.aud) === JSON.stringify(claims.aud) : header[claim] === claims[claim];
    if (!same) throw new Error(`replicated "${claim}" claim header parameter mismatch`);
  }
}
