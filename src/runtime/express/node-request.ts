/**
 * Express's request as a web Request, and a web Response written back through Express's response. Works
 * on Express 4 and 5 alike: it reads only what both put on `req` (the Node request, `baseUrl`,
 * `originalUrl`, `protocol`, `app`) and writes only through Node's `ServerResponse`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { webStream } from "../core/body.js";
import { setClientAddress } from "../core/limits/client-address.js";
import { forwardedOrigin } from "../core/request.js";
import { connectionOrigin, webHeaders, webRequestInit } from "../core/server/node-message.js";

/** The parts of Express's `req` the integration reads; Express 4's and 5's `Request` both satisfy it. */
export interface ExpressRequest extends IncomingMessage {
  /** Where the current router or middleware is mounted (`/auth` for `app.use("/auth", …)`). */
  baseUrl: string;
  originalUrl: string;
  /** `http` or `https`, from `X-Forwarded-Proto` only when Express's `trust proxy` trusts the peer. */
  protocol: string;
  /** Whatever a body parser that ran before us left (express.json(), express.urlencoded()). */
  body?: unknown;
  /** The client's address under the app's `trust proxy` setting (the socket's peer without it). */
  ip?: string | undefined;
  app: { get(setting: string): unknown };
}

/** Express's `res` is a Node ServerResponse; nothing else of it is needed. */
export type ExpressResponse = ServerResponse;

type TrustFunction = (address: string | undefined, hop: number) => boolean;

/**
 * `<protocol>://<host>` as the client sees it. The forwarded headers count only when the app's `trust proxy`
 * setting trusts the connecting peer (its compiled `trust proxy fn` setting, present since Express 4.0): a
 * header any client can send never decides the origin on its own. Even then they are read by the core's one
 * rule (`forwardedOrigin`): one plain host and http/https, never the first entry of a list, which Express's
 * own `req.hostname`/`req.protocol` would take and which is whatever the client sent (OWASP WSTG-INPV-17).
 */
export function requestOrigin(req: ExpressRequest): string {
  const own = connectionOrigin(req);
  const trust = req.app.get("trust proxy fn") as TrustFunction | undefined;
  if (typeof trust !== "function" || !trust(req.socket?.remoteAddress, 0)) return own;
  let ownUrl: URL;
  try {
    ownUrl = new URL(own);
  } catch {
    return own;
  }
  const forwarded = webHeaders({
    "x-forwarded-host": req.headers["x-forwarded-host"],
    "x-forwarded-proto": req.headers["x-forwarded-proto"],
  });
  return forwardedOrigin(forwarded, ownUrl) ?? own;
}

function headersOf(req: ExpressRequest): Headers {
  const headers = webHeaders(req.headers);
  // The origin is already decided above under Express's trust rules; the core must not re-read these.
  headers.delete("x-forwarded-host");
  headers.delete("x-forwarded-proto");
  return headers;
}

/**
 * The body of a POST: the unread stream (the core's reader bounds it, core/body.ts), else what the app's
 * body parser made of it, re-encoded: the core's limits then apply to that as to any body.
 */
async function bodyOf(
  req: ExpressRequest,
  headers: Headers,
): Promise<ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer> | string | undefined> {
  if (!req.readableEnded) return webStream(req);
  // Re-encoded from the parsed value: the original length and framing no longer apply.
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  const parsed = req.body;
  if (parsed === undefined || parsed === null) return undefined;
  if (typeof parsed === "string") return parsed;
  if (parsed instanceof Uint8Array) return new Uint8Array(parsed);
  if (typeof parsed !== "object") return undefined;
  if (headers.get("content-type")?.toLowerCase().includes("application/json")) return JSON.stringify(parsed);
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(parsed)) if (typeof value === "string") form.append(key, value);
  headers.set("content-type", "application/x-www-form-urlencoded");
  return form.toString();
}

/** Node's translation (core/server/node-message.ts) at the origin Express's trust rules give, with the parsed body. */
export async function toWebRequest(req: ExpressRequest): Promise<Request> {
  const url = new URL(req.originalUrl, requestOrigin(req));
  const headers = headersOf(req);
  const request = new Request(url, await webRequestInit(req, headers, () => bodyOf(req, headers)));
  // The rate limits' client address when the app names no trusted header (core/limits/client-address.ts).
  setClientAddress(request, req.ip ?? req.socket?.remoteAddress);
  return request;
}
