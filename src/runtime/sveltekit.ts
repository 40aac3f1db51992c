/**
 * `@create-auth/runtime/sveltekit`: `SvelteKitAuth(config | (event) => config)` → `{ handle, signIn, signOut }`.
 * This entry only binds the integration to SvelteKit's private environment (`$env/dynamic/private`, which
 * holds `.env` in development and the process environment in production); the translation lives in
 * `./sveltekit/auth.ts`. SvelteKit compiles this package with the app (it is linked, and exports `svelte`
 * components), so the virtual module resolves.
 */
import { env } from "$env/dynamic/private";
import { createSvelteKitAuth, type SvelteKitAuthInit, type SvelteKitAuthResult } from "./sveltekit/auth.js";

export { AuthError, CredentialsSignin } from "./errors.js";
export type { SvelteKitAuthConfig, SvelteKitAuthInit, SvelteKitAuthResult } from "./sveltekit/auth.js";
export type { Account, DefaultSession, Profile, Session, User } from "./types.js";

export function SvelteKitAuth(init: SvelteKitAuthInit): SvelteKitAuthResult {
  return createSvelteKitAuth(init, () => env);
}
