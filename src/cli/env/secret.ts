/**
 * AUTH_SECRET generation. 32 random bytes from the OS CSPRNG, base64url-encoded (43 characters): above
 * the 32-character minimum the runtime expects, and safe unquoted in any dotenv file or shell.
 */
import { randomBytes } from "node:crypto";

export function generateSecret(): string {
  return randomBytes(32).toString("base64url");
}
