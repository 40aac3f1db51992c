/**
 * The default callbacks, merged under the user's. The redirect default is the guard against open
 * redirects; the others pass their input through.
 */
import type { CallbacksOptions } from "../types.js";
import { redirectTarget, SAME_ORIGIN } from "./redirect.js";

type Callbacks = Required<Omit<CallbacksOptions, "authorized">>;

/**
 * The default `redirect` callback: same-origin destinations only (core/redirect.ts has the rule: relative
 * values resolved the way a browser resolves a Location header, so `//evil.com`, `/\\evil.com` and
 * `javascript:` all fall back to `baseUrl`).
 */
export function defaultRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  return redirectTarget(url, baseUrl, SAME_ORIGIN) ?? baseUrl;
}

/**
 * The default `jwt` and `session` callbacks: what they are given, unchanged. The session stores know them by
 * identity and skip what only another callback could need (the token's copy to notice a change, a promise).
 */
export const passTokenThrough: Callbacks["jwt"] = ({ token }) => token;
export const passSessionThrough: Callbacks["session"] = ({ session }) => session;

export function resolveCallbacks(callbacks: CallbacksOptions | undefined): Callbacks {
  return {
    signIn: callbacks?.signIn ?? (() => true),
    redirect: callbacks?.redirect ?? defaultRedirect,
    jwt: callbacks?.jwt ?? passTokenThrough,
    session: callbacks?.session ?? passSessionThrough,
  };
}
