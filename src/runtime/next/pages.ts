/**
 * The Pages Router side: Node's `IncomingMessage`/`ServerResponse` (API routes, `getServerSideProps`)
 * translated to and from web Requests and Responses. Typed structurally, so the runtime's declarations do
 * not depend on `@types/node` or on Next's `NextApiRequest` (both of which are assignable to these).
 * Node's messages are read and written through core/node-message.ts; what stays here is Next's: the
 * request is a NextRequest for the App Router's handlers, and `auth(req, res)` / `auth(context)`.
 */
import { NextRequest } from "next/server.js";
import { appendSetCookies, readBody, webHeaders, writeResponse } from "../core/node-message.js";
import { readSessionResponse, requestProtocol } from "../core/server-actions.js";
import type { AuthConfig, Session } from "../types.js";

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

/** The request's URL: Node gives only its path; the protocol is the core's rule (requestProtocol), else the socket's. */
function urlOf(req: PagesRequest, headers: Headers): URL {
  const encrypted = (req.socket as { encrypted?: boolean } | null | undefined)?.encrypted;
  const protocol = requestProtocol(headers, encrypted ? "https" : "http");
  return new URL(req.url ?? "/", `${protocol}://${headers.get("host") ?? "localhost"}`);
}

/** `auth(req, res)` and `auth(context)`: the session, with any re-issued cookie set on `res`. */
export async function pagesSession(
  config: Omit<AuthConfig, "raw">,
  req: PagesRequest,
  res: PagesResponse,
): Promise<Session | null> {
  const headers = webHeaders(req.headers);
  const incoming = { headers, url: urlOf(req, headers), env: process.env };
  const { session, setCookies } = await readSessionResponse(config, incoming);
  appendSetCookies(res, setCookies);
  return session;
}

type Handler = (request: NextRequest) => Promise<Response>;

/**
 * The default export of `pages/api/auth/[...nextauth].ts`: the route handlers behind Node's request and
 * response. The route must also export `config = { api: { bodyParser: false } }`, so the raw form body
 * (with its CSRF token) reaches the core unparsed.
 */
export function pagesApiRoute(handlers: { GET: Handler; POST: Handler }) {
  return async (req: PagesRequest, res: PagesResponse): Promise<void> => {
    const headers = webHeaders(req.headers);
    const method = (req.method ?? "GET").toUpperCase();
    const hasBody = method !== "GET" && method !== "HEAD";
    const request = new NextRequest(urlOf(req, headers), {
      method,
      headers,
      ...(hasBody ? { body: await readBody(req) } : {}),
    });
    const response = await (method === "POST" ? handlers.POST : handlers.GET)(request);
    // Headers the app set on `res` (next.config.js `headers()`) are there before the route runs: writeResponse
    // keeps its own framing policy over the core's, as Next keeps it for App Router responses (core/response.ts).
    await writeResponse(response, res);
  };
}
