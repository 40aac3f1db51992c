/**
 * The public types of the Qwik City integration: what `QwikAuth$` takes and returns. Qwik's own because its
 * hooks are: a route loader and two global actions whose input a validator checks and whose refusals take
 * the spec's shape. The configuration is the core's (core/server/config.ts), named as the spec names it.
 */
import type { Action, Loader, RequestEventCommon } from "@builder.io/qwik-city";
import type { IntegrationConfig } from "../core/server/config.js";
import type { Cookie, Session } from "../types.js";

/** The configuration `QwikAuth$` returns: the core's, minus the `raw` marker this layer manages. */
export type QwikAuthConfig = IntegrationConfig;

/** The session of a request and the cookies the core re-issued while reading it (the spec's Qwik type). */
export type GetSessionResult = Promise<{ cookie: Cookie[]; data: Session | null }>;

/**
 * Query parameters added to the provider's authorization request: what the sign-in action's validator
 * (auth.qwik.ts) accepts, the core's forms but a list of pairs.
 */
export type AuthorizationParams = string | Record<string, string> | URLSearchParams;

/** The sign-in action's input, as its validator accepts it. */
export interface SignInInput {
  providerId?: string | undefined;
  redirectTo?: string | undefined;
  /**
   * `redirectTo`, `link` and the fields posted to the provider. `link: true` (or `"true"` from a form) adds the
   * provider's account to the user signed in now (docs/linking.md); a refusal lands on the sign-in page with
   * `error=AccountLinkRefused`.
   */
  options?:
    | ({ redirectTo?: string | undefined; link?: boolean | "true" | undefined } & Record<string, unknown>)
    | undefined;
  authorizationParams?: AuthorizationParams | undefined;
}

/** A validation failure, as the spec's Qwik actions report it: zod's flattened errors plus `failed: true`. */
export interface ValidationFailure<Field extends string> {
  failed: true;
  /** Per input field, the messages of what was wrong with it. */
  fieldErrors: { [K in Field]?: string[] };
  /** Messages about the input as a whole. */
  formErrors: string[];
}

/** What an action's `value` holds after it ran without redirecting: nothing, or why the input was refused. */
export type ActionResult<Field extends string> =
  | ValidationFailure<Field>
  | { failed?: undefined; fieldErrors?: undefined; formErrors?: undefined };

export type SignInField = "providerId" | "redirectTo" | "options" | "authorizationParams";
export type SignOutField = "redirectTo";

export interface QwikAuthResult {
  /** Export from `src/routes/plugin@auth.ts`: serves `<basePath>/*` and puts the session in `sharedMap.get("session")`. */
  onRequest: (event: RequestEventCommon) => Promise<void>;
  /** A route loader: the current session, or null. */
  useSession: Loader<Session | null>;
  /** A global action: signs in with `providerId`, then redirects (`options.redirectTo`, `redirectTo`, or back). */
  useSignIn: Action<ActionResult<SignInField>, SignInInput, false>;
  /** A global action: ends the session, then redirects (`redirectTo`, or back). */
  useSignOut: Action<ActionResult<SignOutField>, { redirectTo?: string | undefined }, false>;
}
