/**
 * The last stage: the internal result becomes a web Response. Cookies become Set-Cookie headers here and
 * nowhere else; JSON bodies are serialized; a redirect is a 302, or with `X-Auth-Return-Redirect` a 200
 * JSON `{url}` for client-side sign-in/out (which cannot read a 302's Location from fetch).
 */
import type { ResponseInternal } from "../types.js";
import { serializeCookie } from "./cookie-header.js";

export const NO_CACHE_HEADERS = {
  "Cache-Control": "private, no-cache, no-store",
  Expires: "0",
  Pragma: "no-cache",
} as const;

export function json(body: unknown, status = 200, extra: Partial<ResponseInternal> = {}): ResponseInternal {
  return { status, headers: { "Content-Type": "application/json" }, body, ...extra };
}

export function html(body: string, status = 200, extra: Partial<ResponseInternal> = {}): ResponseInternal {
  return { status, headers: { "Content-Type": "text/html; charset=utf-8" }, body, ...extra };
}

export function toResponse(internal: ResponseInternal, returnRedirect = false): Response {
  const headers = new Headers(internal.headers);
  for (const cookie of internal.cookies ?? []) headers.append("Set-Cookie", serializeCookie(cookie));
  if (internal.redirect) {
    if (returnRedirect) {
      headers.set("Content-Type", "application/json");
      return new Response(JSON.stringify({ url: internal.redirect }), { status: 200, headers });
    }
    headers.set("Location", internal.redirect);
    return new Response(null, { status: 302, headers });
  }
  let body: BodyInit | null = null;
  if (headers.get("Content-Type")?.startsWith("application/json")) body = JSON.stringify(internal.body ?? null);
  else if (typeof internal.body === "string") body = internal.body;
  return new Response(body, { status: internal.status ?? 200, headers });
}
