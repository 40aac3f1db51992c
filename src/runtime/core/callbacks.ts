/**
 * The default callbacks, merged under the user's. The redirect default is the guard against open
 * redirects; the others pass their input through.
 */
import type { CallbacksOptions } from "../types.js";

type Callbacks = Required<Omit<CallbacksOptions, "authorized">>;

/**
 * RFC 9700 §4.11 (open redirection): only same-origin targets are allowed. Relative URLs are resolved
 * against `baseUrl` with the WHATWG URL parser, the same way a browser will resolve the Location header,
 * so protocol-relative (`//evil.com`), backslash (`/\evil.com`) and scheme (`javascript:`) tricks all
 * resolve to another origin (or `null`) and fall back to `baseUrl`.
 */
export function defaultRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    return baseUrl;
  }
  let target: URL;
  try {
    target = new URL(url, base);
  } catch {
    return baseUrl;
  }
  if (target.origin !== base.origin || (target.protocol !== "http:" && target.protocol !== "https:")) return baseUrl;
  return target.href;
}

export function resolveCallbacks(callbacks: CallbacksOptions | undefined): Callbacks {
  return {
    signIn: callbacks?.signIn ?? (() => true),
    redirect: callbacks?.redirect ?? defaultRedirect,
    jwt: callbacks?.jwt ?? (({ token }) => token),
    session: callbacks?.session ?? (({ session }) => session),
  };
}
