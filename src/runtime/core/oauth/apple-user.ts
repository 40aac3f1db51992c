/**
 * Sign in with Apple never puts the user's name in the ID token. It sends it once, on the user's first
 * authorization of the app, as a `user` parameter of the form_post response holding JSON:
 * `{"name":{"firstName":"…","lastName":"…"},"email":"…"}`. That parameter comes through the browser, so it
 * is read defensively, and only the name is kept: the ID token's `email` (signed by Apple) is the one to use.
 */

/** Apple's issuer; the `user` parameter is read only for a provider with this issuer. */
export const APPLE_ISSUER = "https://appleid.apple.com";

/** The part of Apple's `user` parameter that is kept, as `profile.user`. */
export interface AppleUser {
  name: { firstName?: string; lastName?: string };
}

/** Longer than any real name part; a longer value is dropped rather than stored. */
const MAX_NAME_PART = 256;

/** The name from Apple's `user` parameter, or undefined when it is absent, not JSON, or names nobody. */
export function appleUser(parameters: URLSearchParams): AppleUser | undefined {
  const raw = parameters.get("user");
  if (raw === null) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const name = isRecord(parsed) && isRecord(parsed.name) ? parsed.name : undefined;
  if (!name) return undefined;
  const firstName = namePart(name.firstName);
  const lastName = namePart(name.lastName);
  if (firstName === undefined && lastName === undefined) return undefined;
  return { name: { ...(firstName ? { firstName } : {}), ...(lastName ? { lastName } : {}) } };
}

function namePart(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed !== "" && trimmed.length <= MAX_NAME_PART ? trimmed : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
