/**
 * `@create-auth/runtime/client`: the auth actions from the browser, for any framework (Hono, Fastify,
 * Express pages, Astro's `<script>`s, Vue): read the session, sign in and out without a form, update the
 * session, and hear when another tab signs in or out. The calls reach the actions at `/auth`, where every
 * integration but Next.js mounts them; `createAuthClient({ basePath })` makes the same set for another
 * mount, and any call takes `{ basePath }`.
 */
import { createAuthClient } from "./client/actions.js";

export {
  type AuthClient,
  type BasePath,
  createAuthClient,
  type SignInOptions,
  type SignOutOptions,
} from "./client/actions.js";
export type { AuthorizationParams, ClientProvider, SignInResponse } from "./client/outcome.js";
export { onSessionChange, type SessionChange } from "./client/session-change.js";
export type { Session } from "./types.js";

export const { getSession, getCsrfToken, getProviders, signIn, signOut, updateSession } = createAuthClient({
  basePath: "/auth",
});
