/**
 * The one redirect rule. Every destination the core sends a browser to after it acted — the `callbackUrl`
 * of a request (query, body, cookie), the `redirect` callback's answer, every `pages.*` entry, the redirect
 * proxy's target — passes through `redirectTarget`, and the integrations redirect only to what the core
 * returned. RFC 9700 §4.11 (open redirection) and the OWASP Unvalidated Redirects cheat sheet; the class of
 * CVE-2022-24858 / GHSA-f9wg-5f46-cjmw.
 */

import type { CallbacksOptions } from "../types.js";

/** Whether the destination may be on another origin: only when the app itself chose it (never a request). */
export interface RedirectPolicy {
  /**
   * `true` for destinations the app chose (its `redirect` callback, `pages.*`, the redirect proxy's state):
   * an absolute `http(s)://` URL may name another origin. A relative value must still resolve to the base
   * origin, because a browser resolves it against the page, and a request could have put it there.
   */
  otherOrigins: boolean;
}

/**
 * Text a browser would silently drop or reinterpret when it reads a Location header (WHATWG URL: tabs and
 * newlines are removed anywhere, C0 controls and spaces trimmed at the ends, `\` read as `/` in http(s)), so a
 * check on the raw text and the browser's reading could disagree. A destination holding any of it is refused
 * rather than repaired.
 */
const AMBIGUOUS = /[\p{Cc}\\]|^\s|\s$/u;

/** A scheme at the start (`https:`, `javascript:`): the value is absolute, not resolved against the base. */
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

/**
 * A path beginning with `//`. Followed as an absolute URL it stays on this origin, but written as a path
 * (what a client-side router, Qwik City's redirect, or an app keeping `pathname + search` does) it is a
 * network-path reference to another host (RFC 3986 §4.2). WHATWG URL produces one from harmless-looking
 * input by removing dot segments, percent-encoded ones too: `/.//evil`, `/%2e%2e//evil`, `/a/..//evil`.
 */
const NETWORK_PATH = /^\/\//;

/** Longer than any destination an app needs; a bound on what a cookie and a header carry. */
const MAX_LENGTH = 4096;

/**
 * The destination as a browser will follow it (the WHATWG parser's serialisation, so what was checked is
 * exactly what is sent), or `undefined` when it is refused:
 * 1. a non-empty string without ambiguous characters (see AMBIGUOUS), at most 4096 characters;
 * 2. parsed against `baseUrl` the way a browser resolves a Location header;
 * 3. `http:` or `https:` only (no `javascript:`, `data:`, `file:` …), and no userinfo (`https://app@evil`);
 * 4. a path that does not begin with `//` (see NETWORK_PATH);
 * 5. on the origin of `baseUrl`, unless the policy allows other origins and the value is an absolute URL.
 */
export function redirectTarget(value: unknown, baseUrl: string, policy: RedirectPolicy): string | undefined {
  if (typeof value !== "string" || value === "" || value.length > MAX_LENGTH || AMBIGUOUS.test(value)) {
    return undefined;
  }
  let base: URL;
  let target: URL;
  try {
    base = new URL(baseUrl);
    target = new URL(value, base);
  } catch {
    return undefined;
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") return undefined;
  if (target.username !== "" || target.password !== "") return undefined;
  if (NETWORK_PATH.test(target.pathname)) return undefined;
  if (target.origin !== base.origin && !(policy.otherOrigins && HAS_SCHEME.test(value))) return undefined;
  return target.href;
}

/** Same origin only: what a destination asked for by a request may be on its own. */
export const SAME_ORIGIN: RedirectPolicy = { otherOrigins: false };
/** What the app chose (its `redirect` callback, `pages.*`): another origin when written as an absolute URL. */
export const APP_CHOSEN: RedirectPolicy = { otherOrigins: true };

/**
 * Asks the app's `redirect` callback about a destination and holds its answer to the rule: the base URL when
 * the rule refuses it. The one way the callback's answer is used (a request's callbackUrl, a string from the
 * `signIn` callback).
 */
export async function askRedirectCallback(
  redirect: NonNullable<CallbacksOptions["redirect"]>,
  url: string,
  baseUrl: string,
): Promise<string> {
  const answer = await redirect({ url, baseUrl });
  // The base URL itself is sent as given (no trailing slash), as the reference sends it.
  if (answer === baseUrl) return baseUrl;
  return redirectTarget(answer, baseUrl, APP_CHOSEN) ?? baseUrl;
}

/**
 * Where a framework's server-side sign-in or sign-out helper sends the browser once the core has acted: the
 * destination the core returned, or, when it returned none (a configuration error), the base URL of the
 * action request. Never the caller's own input: the core is the one that judged it.
 */
export function helperRedirect(result: { redirect?: string | undefined }, actionRequest: Request): string {
  return result.redirect ?? new URL(actionRequest.url).origin;
}
