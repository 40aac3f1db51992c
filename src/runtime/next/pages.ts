/**
 * The Pages Router side: Node's request and response (API routes, `getServerSideProps`) to and from web
 * Requests and Responses, through core/server/node-message.ts. What stays here is Next's: the request is a
 * NextRequest for the App Router's handlers, and `auth(req, res)` / `auth(context)` set a re-issued cookie
 * on `res`.
 */
import { NextRequest } from "next/server.js";
import { requestProtocol } from "../core/server/action-request.js";
import type { IntegrationConfig } from "../core/server/config.js";
import {
  appendSetCookies,
  connectionOrigin,
  connectionProtocol,
  webHeaders,
  webRequestInit,
  writeResponse,
} from "../core/server/node-message.js";
import { readSessionResponse } from "../core/server/session-read.js";
import type { Session } from "../types.js";
import type { PagesRequest, PagesResponse } from "./types.js";

/** The request's URL: Node gives only its path; the protocol is the core's rule (requestProtocol), else the socket's. */
function urlOf(req: PagesRequest, headers: Headers): URL {
  return new URL(req.url ?? "/", connectionOrigin(req, requestProtocol(headers, connectionProtocol(req))));
}

/** `auth(req, res)` and `auth(context)`: the session, with any re-issued cookie set on `res`. */
export async function pagesSession(
  config: IntegrationConfig,
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
    const request = new NextRequest(urlOf(req, headers), await webRequestInit(req, headers));
    const response = await (request.method === "POST" ? handlers.POST : handlers.GET)(request);
    // Headers the app set on `res` (next.config.js `headers()`) are there before the route runs: writeResponse
    // keeps its own framing policy over the core's, as Next keeps it for App Router responses (core/response.ts).
    await writeResponse(response, res);
  };
}
