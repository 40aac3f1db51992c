/**
 * Which ceremony an options request gets (AUTHJS-FACTS §8). Someone signed in may add a passkey to their
 * own user; signed out, a new address registers, a known address authenticates, and no address at all is
 * a discoverable-credential sign-in. Registering a known address while signed out would let anyone attach
 * a passkey to someone else's user, so that (and registering nothing) is refused.
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
      // Signed in: the session's own user (exists). Signed out: only an address nobody owns yet.
      return info && signedIn === info.exists ? "register" : null;
    case undefined:
    case "":
      if (signedIn) return null;
      if (!info) return "authenticate";
      return info.exists ? "authenticate" : "register";
    default:
      return null;
  }
}
