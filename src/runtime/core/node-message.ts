/**
 * Node's HTTP messages (`IncomingMessage`, `ServerResponse`) to and from web Requests and Responses, for the
 * integrations that are handed Node's objects: Express, and Next's Pages Router. Typed structurally and
 * written with web-standard APIs only, so no declaration depends on `@types/node` and Next's edge bundle,
 * which loads the Pages Router module with the rest of `next.ts`, can carry it.
 */
import { yieldFrameHeaders } from "./response.js";

/** Node's request headers: one string per name, an array for the names Node keeps repeated. */
export type NodeHeaders = Record<string, string | string[] | undefined>;

/** What is written on Node's response (`ServerResponse`, Express's `res`, `NextApiResponse`). */
export interface NodeResponse {
  statusCode: number;
  getHeader(name: string): number | string | string[] | undefined;
  setHeader(name: string, value: number | string | readonly string[]): unknown;
  end(chunk?: Uint8Array | string): unknown;
}

export function webHeaders(raw: NodeHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/** The whole body of a request nobody has read yet (Node streams strings or byte chunks). */
export async function readBody(stream: AsyncIterable<unknown>): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) {
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
  const written = yieldFrameHeaders(response, (name) => res.getHeader(name) !== undefined);
  for (const [name, value] of written.headers) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  appendSetCookies(res, written.headers.getSetCookie());
  res.end(new Uint8Array(await written.arrayBuffer()));
}
