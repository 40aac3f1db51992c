/**
 * Cookies the core asks for, written through Qwik City's response cookie jar. Qwik's own because its
 * node-server adapter emits Set-Cookie only from that jar (any `Set-Cookie` put on `ev.headers` is
 * overwritten), so this is the one way out, and the jar takes its own options shape and writes the value
 * as given. Values and Max-Age follow the core's own Set-Cookie rules (core/cookies/header.ts), so the core
 * reads them back unchanged on the next request.
 */
import type { CookieOptions } from "@builder.io/qwik-city/middleware/request-handler";
import { encodeCookieValue, maxAgeSeconds } from "../core/cookies/header.js";
import { writeCookies } from "../core/server/cookie-jar.js";
import type { Cookie } from "../types.js";

/** The part of Qwik's `ev.cookie` used here. */
interface CookieJar {
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
    if (options.maxAge !== undefined) qwikOptions.maxAge = maxAgeSeconds(options.maxAge);
    else if (options.expires) qwikOptions.expires = options.expires;
    jar.set(name, encodeCookieValue(value), qwikOptions);
  });
}
