/**
 * `@create-auth/runtime/sveltekit`: `SvelteKitAuth(config | (event) => config)` → `{ handle, signIn, signOut }`.
 * This entry only binds the integration to SvelteKit's private environment (`$env/dynamic/private`, which
 * holds `.env` in development and the process environment in production); the translation lives in
 * `./sveltekit/auth.ts`. It also reads the app's base path (`$app/paths`) for the default auth base path
 * `${base}/auth`. SvelteKit compiles this package with the app (it is linked, and exports `svelte`
 * components), so the virtual modules resolve.
 */
import type { RequestEvent } from "@sveltejs/kit";
import { env } from "$env/dynamic/private";
import { processEnv } from "./core/server/mount-defaults.js";
import { appRoot } from "./sveltekit/app-base.js";
import { createSvelteKitAuth, type SvelteKitAuthInit, type SvelteKitAuthResult } from "./sveltekit/auth.js";

export { AuthError, CredentialsSignin } from "./errors.js";
export type { SvelteKitAuthConfig, SvelteKitAuthInit, SvelteKitAuthResult } from "./sveltekit/auth.js";
export type { Account, DefaultSession, Profile, Session, User } from "./types.js";

/**
 * SvelteKit 2 puts every private variable in `$env/dynamic/private`; SvelteKit 3 only those declared in
 * `src/env.ts` (which `init` writes). The process environment underneath covers a server started with
 * `node --env-file=.env build` either way; the app's own view wins where both have a value.
 */
let merged: Record<string, string | undefined> | undefined;
function authEnv(): Record<string, string | undefined> {
  // Read on the first request (SvelteKit sets its env before serving), then kept.
  merged ??= { ...processEnv(), ...env };
  return merged;
}

/**
 * The app's base path for the default auth base path `${base}/auth`. Looked up when `SvelteKitAuth` is
 * called: from `src/auth.ts`, loaded with the hooks before any request is served, when SvelteKit 3's
 * `resolve("/")` is absolute. Should it be called during a request, its relative answer is resolved
 * against that request's URL.
 */
function baseOf(root: string | undefined): (event: RequestEvent) => string {
  return (event) => {
    const absolute = !root ? "/" : root.startsWith("/") ? root : new URL(root, event.url).pathname;
    return absolute.replace(/\/+$/, "");
  };
}

export function SvelteKitAuth(init: SvelteKitAuthInit): SvelteKitAuthResult {
  return createSvelteKitAuth(init, authEnv, baseOf(appRoot()));
}
