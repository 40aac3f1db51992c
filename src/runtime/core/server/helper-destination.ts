/**
 * Where the sign-in and sign-out helpers send the browser, besides what the core decided: the `callbackUrl`
 * a helper asks the core for, and the form a framework's redirect needs (a path on the caller's own origin).
 * The destination after an action is always the core's (core/redirect.ts helperRedirect); these only shape
 * what goes in and how the core's answer is handed to the framework.
 */
import type { IncomingRequest } from "./action-request.js";
import type { IntegrationConfig } from "./config.js";
import { signInPage } from "./sign-in-sign-out.js";

/**
 * The `callbackUrl` of a helper call: what the caller asked for (a non-empty string), else the page it was
 * called from (the Referer, Qwik's current page), else the root. The core's `redirect` callback and redirect
 * rule judge it either way.
 */
export function helperCallbackUrl(asked: unknown, from: string | null | undefined): string {
  return typeof asked === "string" && asked ? asked : (from ?? "/");
}

/**
 * The built-in sign-in page (a helper called without a provider) as a path: the framework redirects there
 * on the origin the browser is already on (Next's `redirect`, SvelteKit's `redirect`).
 */
export function signInPagePath(config: IntegrationConfig, incoming: IncomingRequest, callbackUrl: string): string {
  const page = signInPage(config, incoming, callbackUrl);
  return `${page.pathname}${page.search}`;
}

/**
 * `url` as a path when it is on `base`'s origin (or already relative); otherwise unchanged: for a framework
 * whose client navigates only to paths (Qwik City's `<Form>`). A path beginning with `//` stays a full URL:
 * written as a path it would be a network-path reference to another host (RFC 3986 §4.2). The core's
 * redirect rule (core/redirect.ts) never returns one; this is defence in depth.
 */
export function sameOriginPath(url: string, base: URL): string {
  if (!URL.canParse(url, base)) return url;
  const target = new URL(url, base);
  if (target.origin !== base.origin) return target.href;
  // Step 1 — no network-path reference (RFC 3986 §4.2): `//evil.test` as a Location leaves the site.
  if (target.pathname.startsWith("//")) return target.href;
  return `${target.pathname}${target.search}${target.hash}`;
}
