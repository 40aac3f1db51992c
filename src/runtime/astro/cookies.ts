/**
 * The core's cookies handed to Astro's cookie jar (`context.cookies`, the same `AstroCookies` in middleware, an
 * endpoint and a page). Astro merges that jar into whatever Response the route returns, one Set-Cookie per name,
 * the last write winning: a refreshed session cookie written by the middleware and a cleared one written by
 * `signOut` in the route can never both reach the browser, as two raw Set-Cookie headers could.
 */
import type { AstroCookies } from "astro";
import { encodeCookieValue } from "../core/cookies/header.js";
import { writeCookies } from "../core/server/cookie-jar.js";
import type { Cookie } from "../types.js";

/**
 * Sets each cookie on Astro's jar, encoded as the core's own Set-Cookie encodes it (core/cookies/header.ts), so
 * the core reads it back unchanged. A jar whose response has already been sent (a component rendered while the
 * page streams) throws: the write ends there, and the page renders with what the request carried.
 */
export function setAstroCookies(jar: AstroCookies, cookies: readonly Cookie[]): void {
  writeCookies(cookies, ({ name, value, options }) => {
    const { maxAge, expires, ...rest } = options;
    jar.set(name, value, {
      ...rest,
      ...(maxAge === undefined ? {} : { maxAge: Math.max(0, Math.floor(maxAge)) }),
      // A cleared cookie (Max-Age=0) also gets an Expires in the past, for clients that read only Expires.
      ...(maxAge === 0 ? { expires: new Date(0) } : expires ? { expires } : {}),
      encode: encodeCookieValue,
    });
  });
}

/**
 * A Set-Cookie value as the core writes it (core/cookies/header.ts serializeCookie: `name=value` then
 * `Max-Age`, `Expires`, `Domain`, `Path`, `HttpOnly`, `Secure`, `SameSite`) back into a cookie, for the
 * session read the guard makes through the core's own Response (core/server/route-guard.ts).
 */
export function cookieOfSetCookie(header: string): Cookie | undefined {
  const [pair, ...attributes] = header.split(";").map((part) => part.trim());
  const separator = pair?.indexOf("=") ?? -1;
  if (!pair || separator <= 0) return undefined;
  let value: string;
  try {
    value = decodeURIComponent(pair.slice(separator + 1));
  } catch {
    return undefined;
  }
  const options: Cookie["options"] = {};
  for (const attribute of attributes) {
    const [key = "", ...rest] = attribute.split("=");
    const text = rest.join("=");
    switch (key.toLowerCase()) {
      case "max-age":
        options.maxAge = Number(text);
        break;
      case "expires":
        options.expires = new Date(text);
        break;
      case "domain":
        options.domain = text;
        break;
      case "path":
        options.path = text;
        break;
      case "httponly":
        options.httpOnly = true;
        break;
      case "secure":
        options.secure = true;
        break;
      case "samesite":
        options.sameSite = text.toLowerCase() as "lax" | "strict" | "none";
        break;
    }
  }
  return { name: pair.slice(0, separator), value, options };
}

/** The guard's Set-Cookie values, set on Astro's jar (above). */
export function setAstroSetCookies(jar: AstroCookies, headers: readonly string[]): void {
  const cookies = headers.map(cookieOfSetCookie).filter((cookie): cookie is Cookie => cookie !== undefined);
  setAstroCookies(jar, cookies);
}
