/**
 * Nuxt's server event (an h3 1 `H3Event`, as Nitro 2 hands it to `server/routes`, `server/api` and
 * `server/middleware`) as the core's request, and the core's answers written back through it. Typed
 * structurally and never importing h3 at run time: under pnpm the app's runtime package cannot always resolve
 * it. The origin is the connection's own (its Host, TLS or not); the forwarded headers go on to the core
 * untouched, which believes them only on a trusted host (core/request.ts effectiveUrl, AUTH_URL first).
 */
import { webStream } from "../core/body.js";
import { serializeCookie } from "../core/cookies/header.js";
import { setClientAddress } from "../core/limits/client-address.js";
import {
  appendSetCookies,
  connectionUrl as connectionUrlOf,
  type NodeRequest,
  type NodeResponse,
  webHeaders,
  webRequestInit,
} from "../core/server/node-message.js";
import type { Cookie } from "../types.js";
import { MalformedRequest } from "./http-error.js";

/** What the integration reads of h3's event: Nuxt's `H3Event` satisfies it. */
export interface NuxtEvent {
  node: {
    req: NodeRequest & {
      /** The path as the client sent it: h3 sets it before a prefix mount strips `url`. */
      originalUrl?: string | undefined;
      socket?: { remoteAddress?: string | undefined } | null;
    };
    res: NodeResponse & { headersSent?: boolean; writableEnded?: boolean };
  };
  /** h3's per-request context: the router's `params`, and whatever the app's middleware put there. */
  context: Record<string, unknown>;
  /** h3's web request, on a runtime that hands one over (h3's web adapters). */
  web?: { request?: Request | undefined } | undefined;
}

/**
 * The URL the request arrived at on this connection (core/server/node-message.ts), with h3's `originalUrl`
 * as its target (before a mount stripped a prefix, Nuxt's `app.baseURL` included); a 400 when it makes none.
 */
export function connectionUrl(event: NuxtEvent): URL {
  const { req } = event.node;
  const url = connectionUrlOf(req, req.originalUrl || req.url || "/");
  if (!url) throw new MalformedRequest("The request's Host header or target is not a valid URL.");
  return url;
}

/** The request as the server-side read, guard and helpers take it (core/server/action-request.ts IncomingRequest). */
export interface Incoming {
  headers: Headers;
  url: URL;
  env: Record<string, string | undefined>;
}

export function incomingOf(event: NuxtEvent, env: Record<string, string | undefined>): Incoming {
  return { headers: webHeaders(event.node.req.headers), url: connectionUrl(event), env };
}

/** h3 1's cache of a body it has read (`readBody`, `readRawBody`): the stream can be read only once. */
const H3_RAW_BODY = Symbol.for("h3RawBody");

/** A body h3 or the platform already holds, as a web body; undefined for a value that is not one. */
async function heldBody(held: unknown): Promise<BodyInit | undefined> {
  const value = await held;
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string" || value instanceof ReadableStream || value instanceof URLSearchParams) return value;
  if (value instanceof Uint8Array) return new Uint8Array(value);
  if (value instanceof FormData || value instanceof Blob) return value;
  if (typeof value === "object" && Symbol.asyncIterator in value) return webStream(value as AsyncIterable<unknown>);
  // A body a platform parsed to JSON, as h3's own readRawBody re-encodes it.
  if (typeof value === "object") return JSON.stringify(value);
  return undefined;
}

/**
 * The body, read once: h3's web body where a web runtime gave one; else what h3 cached when the app's middleware
 * read it first, or what the platform put on the request (Nitro's edge presets); else Node's unread stream,
 * pulled only as the core's reader asks, so the core's limits (core/body.ts) bound what is read from the socket.
 */
async function bodyOf(event: NuxtEvent, headers: Headers): Promise<BodyInit | undefined> {
  const fromWeb = event.web?.request?.body;
  if (fromWeb) return fromWeb;
  const req = event.node.req as NuxtEvent["node"]["req"] & Record<string | symbol, unknown>;
  const held = req[H3_RAW_BODY] ?? req.rawBody ?? req.body;
  if (held === undefined || held === null) return webStream(req);
  // Re-encoded from what was held: the original length and framing may no longer apply.
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  return heldBody(held);
}

/** The web Request the core serves, with the connection's peer address for the rate limits. */
export async function toWebRequest(event: NuxtEvent): Promise<Request> {
  const url = connectionUrl(event);
  const headers = webHeaders(event.node.req.headers);
  const request = new Request(url, await webRequestInit(event.node.req, headers, () => bodyOf(event, headers)));
  setClientAddress(request, event.node.req.socket?.remoteAddress);
  return request;
}

/** The core's cookies (a rolled session, a cleared one) on the event's response, while it is still open. */
export function setCookies(event: NuxtEvent, cookies: readonly Cookie[]): void {
  appendCookieHeaders(event, cookies.map(serializeCookie));
}

/** Set-Cookie values after any the app has set; nothing once the response has gone out. */
export function appendCookieHeaders(event: NuxtEvent, values: readonly string[]): void {
  if (event.node.res.headersSent) return;
  appendSetCookies(event.node.res, [...values]);
}

/** A redirect written on the event's response (303: the browser follows with a GET). */
export function sendRedirect(event: NuxtEvent, location: string): void {
  const { res } = event.node;
  res.statusCode = 303;
  res.setHeader("Location", location);
  res.end();
}

/** A JSON answer written on the event's response. */
export function sendJson(event: NuxtEvent, status: number, body: unknown): void {
  const { res } = event.node;
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json");
  res.end(JSON.stringify(body));
}
