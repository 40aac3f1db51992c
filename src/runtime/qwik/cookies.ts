/**
 * Cookies the core asks for, written through Qwik City's response cookie jar. The node-server adapter
 * emits Set-Cookie only from that jar (any `Set-Cookie` put on `ev.headers` is overwritten), so this is
 * the one way out. Values are URL-encoded exactly as the core's own Set-Cookie serializer does, so the
 * core reads them back unchanged on the next request.
 */
import type { CookieOptions } from "@builder.io/qwik-city/middleware/request-handler";
import { writeCookies } from "../core/server-actions.js";
import type { Cookie } from "../types.js";

/** The part of Qwik's `ev.cookie` used here. */
export interface CookieJar {
  set(name: string, value: string, options?: CookieOptions): void;
}

export function applyCookies(jar: CookieJar, cookies: readonly Cookie[] | undefined): void {
  writeCookies(cookies ?? [], ({ name, value, options }) => {
    const qwikOptions: CookieOptions = { path: options.path };
    if (options.domain) qwikOptions.domain = options.domain;
    if (options.httpOnly) qwikOptions.httpOnly = true;
    if (options.secure) qwikOptions.secure = true;
    if (options.sameSite) qwikOptions.sameSite = options.sameSite;
    // Qwik writes Max-Age when given, else Expires: a cleared cookie (maxAge 0) must keep its Max-Age=0.
    if (options.maxAge !== undefined) qwikOptions.maxAge = Math.max(0, Math.floor(options.maxAge));
    else if (options.expires) qwikOptions.expires = options.expires;
    jar.set(name, encodeURIComponent(value), qwikOptions);
  });
}
