/**
 * The React bindings' client: the framework-free client (client/actions.ts) on a default base path the
 * `SessionProvider` sets from its `basePath` (`/api/auth` until one does: Next.js's mount).
 */
import { createAuthClient } from "../client/actions.js";

let defaultBasePath = "/api/auth";

/** Where the actions are served when a call names none; `SessionProvider` sets it from its `basePath`. */
export function setBasePath(basePath: string): void {
  defaultBasePath = basePath.replace(/\/+$/, "");
}

export function getBasePath(): string {
  return defaultBasePath;
}

export const { getSession, getCsrfToken, getProviders, signIn, signOut, updateSession } = createAuthClient({
  basePath: getBasePath,
});
