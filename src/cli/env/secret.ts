/**
 * AUTH_SECRET generation. 32 random bytes from the OS CSPRNG, base64url-encoded (43 characters): above
 * the 32-character minimum the runtime expects, and safe unquoted in any dotenv file or shell.
 */
import { randomBytes } from "node:crypto";

/**
 * The comment `auth secret` writes above an AUTH_SECRET it adds: remove knows the value under it for
 * create-auth's, as the one under init's header (commands/remove/env.ts).
 */
export const SECRET_HEADER = "Auth: AUTH_SECRET encrypts sessions; keep it secret, one per environment.";

export function generateSecret(): string {
  return randomBytes(32).toString("base64url");
}
