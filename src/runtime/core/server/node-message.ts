/**
 * Node's HTTP messages (`IncomingMessage`, `ServerResponse`) to and from web Requests and Responses, for the
 * integrations that are handed Node's objects: Express, and Next's Pages Router. Typed structurally and
 * written with web-standard APIs only, so no declaration depends on `@types/node` and Next's edge bundle,
 * which loads the Pages Router module with the rest of `next.ts`, can carry it.
 */
import { webStream } from "../body.js";
import { yieldFrameHeaders } from "../response.js";

/** Node's request headers: one string per name, an array for the names Node keeps repeated. */
export type NodeHeaders = Record<string, string | string[] | undefined>;

/** What is written on Node's response (`ServerResponse`, Express's `res`, `NextApiResponse`). */
export interface NodeResponse {
  statusCode: number;
  getHeader(name: string): number | string | string[] | undefined;
  setHeader(name: string, value: number | string | readonly string[]): unknown;
  end(chunk?: Uint8Array | string): unknown;
}

/** What the integrations read of Node's request (`IncomingMessage`, Express's `req`, `NextApiRequest`). */
export interface NodeRequest extends AsyncIterable<unknown> {
  headers: NodeHeaders;
  method?: string | undefined;
  /** The path and query: Node gives no origin. */
  url?: string | undefined;
  /** A TLS socket has `encrypted: true`. */
  socket?: object | null;
}

/** `https` when the connection itself is TLS, else `http`: what the socket says, no header read. */
export function connectionProtocol(req: NodeRequest): "http" | "https" {
  return (req.socket as { encrypted?: boolean } | null | undefined)?.encrypted ? "https" : "http";
}

/**
 * `<protocol>://<Host>` (`localhost` without a Host header): the origin as the connection states it. Whether a
 * proxy's forwarded headers may change it is each integration's rule (Express's `trust proxy`, the core's
 * `trustHost`), so none is read here.
 */
export function connectionOrigin(req: NodeRequest, protocol: "http" | "https" = connectionProtocol(req)): string {
  const host = req.headers.host;
  return `${protocol}://${typeof host === "string" ? host : "localhost"}`;
}

/**
 * The URL a request arrived at on this connection: its origin (connectionOrigin) and the request target,
 * which must be a path (origin-form, RFC 9112 §3.2.1): an absolute-form target (`GET
 * http://evil.test/auth/signin`) would otherwise name its own origin. Joined as text, so a target like
 * `//evil.test/x` stays a path on this host. Null when they make no URL (a bad Host header, another form).
 */
export function connectionUrl(req: NodeRequest, target: string = req.url ?? "/"): URL | null {
  const text = `${connectionOrigin(req)}${target}`;
  return target.startsWith("/") && URL.canParse(text) ? new URL(text) : null;
}

/** A web Request's init as Node's request gives it; `duplex` is the Fetch option a stream body needs. */
export interface WebRequestInit {
  method: string;
  headers: Headers;
  body?: BodyInit;
  duplex?: "half";
}

/**
 * The method, headers and body of the web Request Node's request makes (its URL is the integration's to
 * decide): the method upper-cased, and a body for every method but GET and HEAD (which a web Request refuses
 * one; RFC 9110 §9.3.1: a GET body has no defined meaning). The body is Node's unread stream, pulled only as
 * the core's reader asks, so the core's limits (core/body.ts) bound what is read from the socket; or `body()`
 * where the integration knows better (Express, when the app's body parser read the stream first).
 */
export async function webRequestInit(
  req: NodeRequest,
  headers: Headers,
  body: () => Promise<BodyInit | undefined> = async () => webStream(req),
): Promise<WebRequestInit> {
  const method = (req.method ?? "GET").toUpperCase();
  if (method === "GET" || method === "HEAD") return { method, headers };
  const content = await body();
  if (content === undefined) return { method, headers };
  // A stream body needs `duplex: "half"` (Fetch: the request body is sent before the response is read).
  return content instanceof ReadableStream
    ? { method, headers, body: content, duplex: "half" }
    : { method, headers, body: content };
}

export function webHeaders(raw: NodeHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/** Appends `Set-Cookie` values after the ones the app or route has already set, each kept apart. */
export function appendSetCookies(res: NodeResponse, setCookies: string[]): void {
  if (setCookies.length === 0) return;
  const existing = res.getHeader("set-cookie");
  const before = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  res.setHeader("Set-Cookie", [...before, ...setCookies]);
}

/**
 * Status, headers, every Set-Cookie (after any set earlier) and the body. A framing policy the app already set
 * on `res` (helmet's CSP, its own X-Frame-Options) is kept over the pages' default one.
 */
export async function writeResponse(response: Response, res: NodeResponse): Promise<void> {
  res.statusCode = response.status;
  // A body refused as too large is left partly unread: Node would keep the connection waiting on the rest
  // (or read it all to reuse the connection). RFC 9110 §15.5.14 lets the server close it instead.
  if (response.status === 413) res.setHeader("Connection", "close");
  const written = yieldFrameHeaders(response, (name) => res.getHeader(name) !== undefined);
  for (const [name, value] of written.headers) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  appendSetCookies(res, written.headers.getSetCookie());
  res.end(new Uint8Array(await written.arrayBuffer()));
}
