/**
 * Express's request as a web Request, and a web Response written back through Express's response. Works
 * on Express 4 and 5 alike: it reads only what both put on `req` (the Node request, `baseUrl`,
 * `originalUrl`, `protocol`, `app`) and writes only through Node's `ServerResponse`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { firstValue } from "../core/auth-actions.js";
import { readBody, webHeaders } from "../core/node-message.js";

/** The parts of Express's `req` the integration reads; Express 4's and 5's `Request` both satisfy it. */
export interface ExpressRequest extends IncomingMessage {
  /** Where the current router or middleware is mounted (`/auth` for `app.use("/auth", …)`). */
  baseUrl: string;
  originalUrl: string;
  /** `http` or `https`, from `X-Forwarded-Proto` only when Express's `trust proxy` trusts the peer. */
  protocol: string;
  /** Whatever a body parser that ran before us left (express.json(), express.urlencoded()). */
  body?: unknown;
  app: { get(setting: string): unknown };
}

/** Express's `res` is a Node ServerResponse; nothing else of it is needed. */
export type ExpressResponse = ServerResponse;

type TrustFunction = (address: string | undefined, hop: number) => boolean;

/**
 * `<protocol>://<host>` as Express sees the client. `X-Forwarded-Host` counts only when the app's
 * `trust proxy` setting trusts the connecting peer, exactly the rule Express applies to `req.protocol`
 * (its compiled `trust proxy fn` setting, present since Express 4.0): a header any client can send never
 * decides the origin on its own.
 */
export function requestOrigin(req: ExpressRequest): string {
  const trust = req.app.get("trust proxy fn") as TrustFunction | undefined;
  const trusted = typeof trust === "function" && trust(req.socket?.remoteAddress, 0);
  const host = (trusted ? firstValue(req.headers["x-forwarded-host"]) : undefined) ?? req.headers.host ?? "localhost";
  const protocol = req.protocol === "https" ? "https" : "http";
  return `${protocol}://${host}`;
}

function headersOf(req: ExpressRequest): Headers {
  const headers = webHeaders(req.headers);
  // The origin is already decided above under Express's trust rules; the core must not re-read these.
  headers.delete("x-forwarded-host");
  headers.delete("x-forwarded-proto");
  return headers;
}

/** The body of a POST: the raw bytes if nobody read them, else what the app's body parser made of them. */
async function bodyOf(req: ExpressRequest, headers: Headers): Promise<Uint8Array<ArrayBuffer> | string | undefined> {
  if (!req.readableEnded) return readBody(req);
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

export async function toWebRequest(req: ExpressRequest): Promise<Request> {
  const url = new URL(req.originalUrl, requestOrigin(req));
  const headers = headersOf(req);
  const method = (req.method ?? "GET").toUpperCase();
  if (method !== "POST") return new Request(url, { method, headers });
  const body = await bodyOf(req, headers);
  return new Request(url, { method, headers, ...(body === undefined ? {} : { body }) });
}
