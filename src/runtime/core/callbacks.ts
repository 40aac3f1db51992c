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

export function resolveCallbacks(callbacks: CallbacksOptions | undefined): Callbacks {
  return {
    signIn: callbacks?.signIn ?? (() => true),
    redirect: callbacks?.redirect ?? defaultRedirect,
    jwt: callbacks?.jwt ?? (({ token }) => token),
    session: callbacks?.session ?? (({ session }) => session),
  };
}
