/**
 * The Pages Router side: Node's `IncomingMessage`/`ServerResponse` (API routes, `getServerSideProps`)
 * translated to and from web Requests and Responses. Typed structurally, so the runtime's declarations do
 * not depend on `@types/node` or on Next's `NextApiRequest` (both of which are assignable to these).
 */
import { NextRequest } from "next/server.js";
import type { AuthConfig, Session } from "../types.js";
import { readSession } from "./session.js";

/** What the runtime reads of Node's request (`NextApiRequest`, `IncomingMessage`). */
export interface PagesRequest extends AsyncIterable<unknown> {
  headers: Record<string, string | string[] | undefined>;
  method?: string | undefined;
  url?: string | undefined;
  /** A TLS socket has `encrypted: true`. */
  socket?: object | null;
}

/** What the runtime writes on Node's response (`NextApiResponse`, `ServerResponse`). */
export interface PagesResponse {
  statusCode: number;
  getHeader(name: string): number | string | string[] | undefined;
  setHeader(name: string, value: number | string | readonly string[]): unknown;
  end(chunk?: Uint8Array | string): unknown;
}

/** `getServerSideProps`' context, of which only `req` and `res` are used. */
export interface PagesContext {
  req: PagesRequest;
  res: PagesResponse;
}

function toHeaders(raw: PagesRequest["headers"]): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

function protocolOf(req: PagesRequest, headers: Headers): string {
  const forwarded = headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  if (forwarded === "http" || forwarded === "https") return forwarded;
  return (req.socket as { encrypted?: boolean } | null | undefined)?.encrypted ? "https" : "http";
}

/** Appends `Set-Cookie` values to the ones the page or route has already set. */
function appendSetCookies(res: PagesResponse, setCookies: string[]): void {
  if (setCookies.length === 0) return;
  const existing = res.getHeader("set-cookie");
  const before = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  res.setHeader("Set-Cookie", [...before, ...setCookies]);
}

/** `auth(req, res)` and `auth(context)`: the session, with any re-issued cookie set on `res`. */
export async function pagesSession(
  config: Omit<AuthConfig, "raw">,
  req: PagesRequest,
  res: PagesResponse,
): Promise<Session | null> {
  const headers = toHeaders(req.headers);
  const url = new URL(req.url ?? "/", `${protocolOf(req, headers)}://${headers.get("host") ?? "localhost"}`);
  const { session, setCookies } = await readSession(config, headers, url);
  appendSetCookies(res, setCookies);
  return session;
}

async function bodyOf(req: PagesRequest): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of req) {
    chunks.push(typeof chunk === "string" ? new TextEncoder().encode(chunk) : (chunk as Uint8Array));
  }
  const body = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

type Handler = (request: NextRequest) => Promise<Response>;

/**
 * The default export of `pages/api/auth/[...nextauth].ts`: the route handlers behind Node's request and
 * response. The route must also export `config = { api: { bodyParser: false } }`, so the raw form body
 * (with its CSRF token) reaches the core unparsed.
 */
export function pagesApiRoute(handlers: { GET: Handler; POST: Handler }) {
  return async (req: PagesRequest, res: PagesResponse): Promise<void> => {
    const headers = toHeaders(req.headers);
    const method = (req.method ?? "GET").toUpperCase();
    const url = new URL(req.url ?? "/", `${protocolOf(req, headers)}://${headers.get("host") ?? "localhost"}`);
    const hasBody = method !== "GET" && method !== "HEAD";
    const request = new NextRequest(url, { method, headers, ...(hasBody ? { body: await bodyOf(req) } : {}) });
    const response = await (method === "POST" ? handlers.POST : handlers.GET)(request);
    res.statusCode = response.status;
    for (const [name, value] of response.headers) {
      if (name !== "set-cookie") res.setHeader(name, value);
    }
    appendSetCookies(res, response.headers.getSetCookie());
    res.end(new Uint8Array(await response.arrayBuffer()));
  };
}
