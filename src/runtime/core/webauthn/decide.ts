/**
 * Which ceremony an options request gets (AUTHJS-FACTS §8). `signedIn` is true only while the signed-in user
 * holds a passkey link they started (core/account/link-target.ts): then a passkey is added to their own user
 * unless the request names "authenticate". Otherwise a new address registers, a known address authenticates,
 * and no address at all is a discoverable-credential sign-in. Registering a known address while signed out
 * would let anyone attach a passkey to someone else's user, so that (and registering nothing) is refused.
 */
import type { WebAuthnUserInfo } from "../../types-webauthn.js";
import type { WebAuthnAction } from "./challenge.js";

export function decideAction(
  requested: string | undefined,
  signedIn: boolean,
  info: WebAuthnUserInfo | null,
): WebAuthnAction | null {
  switch (requested) {
    case "authenticate":
      return "authenticate";
    case "register":
      // Linking: the signed-in user's own (exists). Signed out: only an address nobody owns yet.
      return info && signedIn === info.exists ? "register" : null;
    case undefined:
    case "":
      // Signed in here means a passkey link this user started: the one ceremony it can be.
      if (signedIn) return "register";
      if (!info) return "authenticate";
      return info.exists ? "authenticate" : "register";
    default:
      return null;
  }
}
