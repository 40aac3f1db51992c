/**
 * `@create-auth/runtime/astro/client`: sign in and out, read and update the session from an Astro `<script>`:
 * the framework-free client (client/actions.ts) on `${base}/auth`, below the app's `base` (astro.config's
 * `base`, which Vite hands the page's scripts as `import.meta.env.BASE_URL`). For another mount,
 * `createAuthClient({ basePath })`, or `{ basePath }` on any call.
 */
import { createAuthClient } from "../client/actions.js";

export {
  type AuthClient,
  createAuthClient,
  type SignInOptions,
  type SignOutOptions,
} from "../client/actions.js";
export type { AuthorizationParams, ClientProvider, SignInResponse } from "../client/outcome.js";
export { onSessionChange, type SessionChange } from "../client/session-change.js";
export type { Session } from "../types.js";

/**
 * The app's base path without its trailing slash ("" at the root). Vite replaces `import.meta.env` in the
 * scripts it bundles; anywhere else (a test, another bundler) there is none, and the app is at the root.
 */
function astroBase(): string {
  const env = (import.meta as ImportMeta & { env?: { BASE_URL?: string } }).env;
  return (env?.BASE_URL ?? "/").replace(/\/+$/, "");
}

export const { getSession, getCsrfToken, getProviders, signIn, signOut, updateSession } = createAuthClient({
  basePath: () => `${astroBase()}/auth`,
});
