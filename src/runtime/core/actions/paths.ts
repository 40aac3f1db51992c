/**
 * The actions served under the base path, by name (the path segment after it), and the URL of one under the
 * resolved base URL. Import-free but for types: the request parser, the pages and the server layer read it.
 */
import type { AuthAction } from "../../types.js";

/** The password provider's actions (core/password/, docs/passwords.md): each takes the provider's segment. */
const PASSWORD_ACTIONS: readonly AuthAction[] = [
  "signup",
  "forgot-password",
  "reset-password",
  "change-password",
  "verify-email",
];

export const AUTH_ACTIONS: readonly AuthAction[] = [
  "callback",
  "csrf",
  "error",
  "providers",
  "session",
  "signin",
  "signout",
  "verify-request",
  "webauthn-options",
  ...PASSWORD_ACTIONS,
];

/** Only these actions take a provider segment (`/signin/github`). */
export const ACTIONS_WITH_PROVIDER: ReadonlySet<AuthAction> = new Set([
  "signin",
  "callback",
  "webauthn-options",
  ...PASSWORD_ACTIONS,
]);

export function isAuthAction(action: string): action is AuthAction {
  return (AUTH_ACTIONS as readonly string[]).includes(action);
}

/** `<origin><basePath>/<action>` from the resolved base URL (whose href may end in `/` when basePath is `/`). */
export function actionHref(base: URL, action: string): string {
  return `${base.href.replace(/\/$/, "")}/${action}`;
}
