/**
 * The last stage: the internal result becomes a web Response. Cookies become Set-Cookie headers here and
 * nowhere else; JSON bodies are serialized; a redirect is a 302, or with `X-Auth-Return-Redirect` a 200
 * JSON `{url}` for client-side sign-in/out (which cannot read a 302's Location from fetch).
 */
import type { ResponseInternal } from "../types.js";
import { serializeCookie } from "./cookies/header.js";

export const NO_CACHE_HEADERS = {
  "Cache-Control": "private, no-cache, no-store",
  Expires: "0",
  Pragma: "no-cache",
} as const;

export function json(body: unknown, status = 200, extra: Partial<ResponseInternal> = {}): ResponseInternal {
  return { status, headers: { "Content-Type": "application/json" }, body, ...extra };
}

/**
 * Clickjacking (OWASP Clickjacking Defense cheat sheet): no built-in page may be framed, by another site or
 * by this one. They have no reason to be, and the sign-out page is a single button a frame could trick a
 * click on. CSP `frame-ancestors 'none'` (CSP Level 3 §6.4.2) is the control browsers apply first;
 * `X-Frame-Options: DENY` (RFC 7034) covers those without it. An app's own header of either name wins over
 * these where an integration writes the core's Response onto one the app has already set (FRAME_HEADER_NAMES).
 */
export const FRAME_HEADERS = {
  "Content-Security-Policy": "frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
} as const;

/** The names of FRAME_HEADERS, as a framework's header store reports them. */
export const FRAME_HEADER_NAMES: readonly string[] = Object.keys(FRAME_HEADERS).map((name) => name.toLowerCase());

/**
 * Leaves out of `response` each framing header the app has set itself on the framework's response
 * (`appHas(name)`), so the app's own policy is the one sent, as Next's App Router keeps an app's header
 * of the same name. A second CSP would be enforced alongside the app's (CSP3 enforces every policy sent), but
 * two different X-Frame-Options values make a browser refuse every frame (HTML, X-Frame-Options processing):
 * the app's choice is kept whole instead.
 */
export function yieldFrameHeaders(response: Response, appHas: (name: string) => boolean): Response {
  for (const name of FRAME_HEADER_NAMES) if (appHas(name)) response.headers.delete(name);
  return response;
}

export function html(body: string, status = 200, extra: Partial<ResponseInternal> = {}): ResponseInternal {
  return { status, headers: { "Content-Type": "text/html; charset=utf-8", ...FRAME_HEADERS }, body, ...extra };
}

/** Header pairs for the Response: plain pairs are the cheapest init undici accepts (this runs per session read). */
function headerPairs(internal: ResponseInternal): Array<[string, string]> {
  const given = internal.headers;
  const pairs: Array<[string, string]> = given instanceof Headers ? [...given] : Object.entries(given ?? {});
  for (const cookie of internal.cookies ?? []) pairs.push(["Set-Cookie", serializeCookie(cookie)]);
  return pairs;
}

function contentType(pairs: Array<[string, string]>): string | undefined {
  return pairs.find(([name]) => name.toLowerCase() === "content-type")?.[1];
}

export function toResponse(internal: ResponseInternal, returnRedirect = false): Response {
  const pairs = headerPairs(internal);
  if (internal.redirect) {
    const others = pairs.filter(([name]) => name.toLowerCase() !== "content-type");
    if (returnRedirect) {
      others.push(["Content-Type", "application/json"]);
      return new Response(JSON.stringify({ url: internal.redirect }), { status: 200, headers: others });
    }
    pairs.push(["Location", internal.redirect]);
    return new Response(null, { status: 302, headers: pairs });
  }
  let body: BodyInit | null = null;
  if (contentType(pairs)?.startsWith("application/json")) body = JSON.stringify(internal.body ?? null);
  else if (typeof internal.body === "string") body = internal.body;
  return new Response(body, { status: internal.status ?? 200, headers: pairs });
}
