/**
 * `@create-auth/runtime/sveltekit/client`: sign in and out from the browser without a form: the
 * framework-free client (client/actions.ts) on `${base}/auth`, below the app's `paths.base` read at each
 * call (in the browser, where SvelteKit's base path is absolute). `signIn(provider, { link: true })` asks to
 * link the provider's account to the signed-in user (docs/linking.md).
 */
import { createAuthClient } from "../client/actions.js";
import type { SignInResponse } from "../client/outcome.js";
import { appBase } from "./app-base.js";

export type { SignInOptions, SignOutOptions } from "../client/actions.js";
export type { AuthorizationParams, ClientProvider } from "../client/outcome.js";
export { onSessionChange, type SessionChange } from "../client/session-change.js";

/** What `signIn(…, { redirect: false })` resolves with (the error and code the core answered, or ok). */
export type SignInResult = SignInResponse;

export const { signIn, signOut, getSession, getCsrfToken, getProviders, updateSession } = createAuthClient({
  basePath: () => `${appBase()}/auth`,
});
