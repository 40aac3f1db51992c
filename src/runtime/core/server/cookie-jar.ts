/**
 * The core's cookies and a framework's cookie jar, both ways: a Cookie request header rebuilt from a jar's
 * values, and the cookies the core set handed to a jar, each encoded as the core's own Set-Cookie encodes it
 * (core/cookies/header.ts), so what one side writes the other reads back unchanged.
 */
import type { Cookie } from "../../types.js";
import { encodeCookieValue } from "../cookies/header.js";

/**
 * A Cookie request header from a jar's decoded values (Next's `cookies().getAll()`), each value encoded as
 * the core's own Set-Cookie encodes it, so the core reads it back unchanged.
 */
export function cookieHeader(cookies: Iterable<{ name: string; value: string }>): string {
  return Array.from(cookies, ({ name, value }) => `${name}=${encodeCookieValue(value)}`).join("; ");
}

/** A cookie as a framework's jar receives it: always with its path (SvelteKit's jar requires one). */
export type JarCookie = Cookie & { options: Cookie["options"] & { path: string } };

/**
 * Hands the core's cookies to a framework's jar, in order. A cookie without a path is at `/`, as the core's
 * own Set-Cookie writes it (core/cookies/header.ts): a jar left to its own default would scope it to the
 * page's directory. A jar that refuses one (Next's read-only cookies in a server component, SvelteKit's
 * once the response has started) refuses the rest too: the write ends there, and the page renders with
 * what the request carried.
 */
export function writeCookies(cookies: readonly Cookie[], set: (cookie: JarCookie) => void): void {
  for (const cookie of cookies) {
    try {
      set({ ...cookie, options: { ...cookie.options, path: cookie.options.path ?? "/" } });
    } catch {
      return;
    }
  }
}
