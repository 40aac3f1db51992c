/**
 * Fastify's request as a web Request (and as the incoming request of a server-side read or helper), and a web
 * Response written through Fastify's reply. The origin is the connection's own (its Host, TLS or not): the
 * forwarded headers go on to the core untouched, which believes them only on a trusted host (core/request.ts
 * effectiveUrl, AUTH_URL first), exactly as it does for every other integration.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { webStream } from "../core/body.js";
import { serializeCookie } from "../core/cookies/header.js";
import { setClientAddress } from "../core/limits/client-address.js";
import { yieldFrameHeaders } from "../core/response.js";
import { connectionUrl, webHeaders, webRequestInit } from "../core/server/node-message.js";
import type { Cookie } from "../types.js";

/**
 * A request whose Host or request target makes no URL, refused before the core sees it: `statusCode` is how
 * Fastify's error handler (the app's own, or the default one) knows to answer 400, wherever it was thrown.
 */
export class MalformedRequest extends Error {
  readonly type = "MalformedRequest";
  readonly statusCode = 400;
}

/** The URL the request arrived at on this connection (core/server/node-message.ts), or a 400. */
export function connectionUrlOf(request: FastifyRequest): URL {
  const url = connectionUrl(request.raw);
  if (!url) throw new MalformedRequest("The request's Host header or target is not a valid URL.");
  return url;
}

/** The request as the server-side read, guard and helpers take it (core/server/action-request.ts IncomingRequest). */
export interface Incoming {
  headers: Headers;
  /** The connection's URL: AUTH_URL, or a trusted host's forwarded headers, replace its origin in the core. */
  url: URL;
  env: Record<string, string | undefined>;
}

export function incomingOf(request: FastifyRequest): Incoming {
  return { headers: webHeaders(request.headers), url: connectionUrlOf(request), env: process.env };
}

/**
 * The body the auth routes' own content-type parser left unread (fastify.ts): the payload stream, after any
 * `preParsing` hook of the app (a decompression, say), pulled only as the core's reader asks, so the core's
 * limits bound what is read from the socket (core/body.ts).
 */
function bodyOf(request: FastifyRequest): ReadableStream<Uint8Array> | undefined {
  const body: unknown = request.body;
  const streamed = typeof body === "object" && body !== null && Symbol.asyncIterator in body;
  return streamed ? webStream(body as AsyncIterable<unknown>) : undefined;
}

/** The web Request the core serves, with the client's address (Fastify's, under its `trustProxy`) for the rate limits. */
export async function toWebRequest(request: FastifyRequest): Promise<Request> {
  const url = connectionUrlOf(request);
  const headers = webHeaders(request.headers);
  const web = new Request(url, await webRequestInit(request.raw, headers, async () => bodyOf(request)));
  setClientAddress(web, request.ip);
  return web;
}

/** Appends Set-Cookie values after any the app has set; nothing once the reply has gone out. */
export function appendSetCookies(reply: FastifyReply, setCookies: readonly string[]): void {
  if (setCookies.length === 0 || reply.sent) return;
  reply.header("set-cookie", [...setCookies]);
}

/** The core's cookies (a rolled session, a cleared one) on the reply, as its own Set-Cookie writes them. */
export function setCookies(reply: FastifyReply, cookies: readonly Cookie[]): void {
  appendSetCookies(reply, cookies.map(serializeCookie));
}

/**
 * Status, headers, every Set-Cookie (after any set earlier) and the body. A framing policy the app already set
 * on the reply (@fastify/helmet's CSP, its own X-Frame-Options) is kept over the built-in pages' default one.
 */
export async function sendResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  // A body refused as too large is left partly unread: RFC 9110 §15.5.14 lets the server close the connection.
  if (response.status === 413) reply.header("connection", "close");
  const written = yieldFrameHeaders(response, (name) => reply.hasHeader(name));
  for (const [name, value] of written.headers) {
    if (name !== "set-cookie") reply.header(name, value);
  }
  appendSetCookies(reply, written.headers.getSetCookie());
  return reply.send(new Uint8Array(await written.arrayBuffer()));
}
