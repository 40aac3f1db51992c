/**
 * Turns a web Request into the internal request: the effective URL (deployment URL or trusted proxy
 * headers), the action and provider from the path under the base path, cookies, query and body (read once,
 * under the configured limits, by core/body.ts). What it reads of the config comes resolved (RequestRules,
 * core/config.ts). Anything that is not an auth request is an `UnknownAction`, a body over a limit an
 * `InputTooLarge`; core/errors.ts answers both.
 */
import { InputTooLarge, UnknownAction } from "../errors.js";
import { ACTIONS_WITH_PROVIDER, isAuthAction } from "./actions/paths.js";
import { type BodyLimits, type ReadBody, readRequestBody, repeatedNames } from "./body.js";
import { parseCookieHeader } from "./cookies/header.js";
import type { RequestInternal } from "./internal.js";
import { clientAddressOf, setClientAddress } from "./limits/client-address.js";

/** What parsing reads of the config, resolved once per config object with the rest of it (core/config.ts). */
export interface RequestRules {
  /** The base path in its one form (normalizeBasePath): `/auth`, or `` for the root. */
  basePath: string;
  /** The body limits (core/body.ts bodyLimits): the config's `limits` over the defaults. */
  limits: BodyLimits;
  /** The config's `trustHost` (the environment's default applied by setEnvDefaults). */
  trustHost: boolean | undefined;
  /** `AUTH_URL` as setEnvDefaults recorded it on the config: its origin is authoritative. */
  deploymentUrl: URL | undefined;
}

/**
 * The URL the client sees. With `AUTH_URL` its origin is authoritative; otherwise `X-Forwarded-Host` and
 * `X-Forwarded-Proto` are honoured only when the host is trusted, since any client can send them.
 */
export function effectiveUrl(
  request: Pick<Request, "url" | "headers">,
  rules: Pick<RequestRules, "trustHost" | "deploymentUrl">,
): URL {
  const url = new URL(request.url);
  const deployment = rules.deploymentUrl;
  if (deployment) return new URL(`${url.pathname}${url.search}`, deployment.origin);
  if (rules.trustHost !== true) return url;
  const forwarded = forwardedOrigin(request.headers, url);
  // Rebuilt rather than patched: setting `host` alone would keep the internal port.
  return forwarded ? new URL(`${url.pathname}${url.search}`, forwarded) : url;
}

/** RFC 9110 §7.2 `Host = uri-host [ ":" port ]`: a name or an IP literal, nothing else (no userinfo, path, query). */
const HOST = /^(?:\[[\da-f:.]+\]|[\w-]+(?:\.[\w-]+)*)(?::\d{1,5})?$/i;

/**
 * The origin a trusted proxy reports through `X-Forwarded-Host` / `X-Forwarded-Proto`, or undefined to keep the
 * request's own. Only what a proxy writes is believed: one value per header, a plain host, `http` or `https`.
 * A list means some hop appended to a value it received, so its first entry is whatever the client sent
 * (the web cache and reset-link poisoning of OWASP WSTG-INPV-17), and which entry the trusted proxy wrote
 * depends on the chain: a list, or any other malformed value, is refused rather than guessed at, and then
 * neither header is used. Exported for every other place that reads an origin from forwarded headers.
 */
export function forwardedOrigin(headers: Headers, url: URL): string | undefined {
  const hostHeader = headers.get("x-forwarded-host");
  const protoHeader = headers.get("x-forwarded-proto");
  if (hostHeader === null && protoHeader === null) return undefined;
  const host = hostHeader === null ? url.host : hostHeader.trim();
  const proto = protoHeader === null ? url.protocol.slice(0, -1) : protoHeader.trim().toLowerCase();
  if (!HOST.test(host) || (proto !== "http" && proto !== "https")) return undefined;
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return undefined;
  }
}

/** `/api/auth/` and `/api/auth` are the same base path; `/` is the root. */
export function normalizeBasePath(basePath: string | undefined): string {
  const trimmed = (basePath ?? "/auth").replace(/\/+$/, "");
  return trimmed === "" ? "" : trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
}

/** `base`: the base path in normalizeBasePath's form. */
function parseActionAndProvider(pathname: string, base: string): Pick<RequestInternal, "action" | "providerId"> {
  if (base && pathname !== base && !pathname.startsWith(`${base}/`)) {
    throw new UnknownAction(`The path ${pathname} is outside the base path ${base}.`);
  }
  const rest = pathname.slice(base.length);
  // The common form, `/<action>` alone, without splitting (every session read passes here).
  const single = rest.length > 1 && rest.charCodeAt(0) === 0x2f && rest.indexOf("/", 1) === -1;
  const segments = single ? [rest.slice(1)] : rest.split("/").filter(Boolean);
  if (segments.length !== 1 && segments.length !== 2) {
    throw new UnknownAction(`Cannot parse an action from ${pathname}.`);
  }
  const [action, providerId] = segments as [string, string | undefined];
  if (!isAuthAction(action)) throw new UnknownAction(`Unknown action "${action}" at ${pathname}.`);
  if (providerId !== undefined && !ACTIONS_WITH_PROVIDER.has(action)) {
    throw new UnknownAction(`The action "${action}" does not take a provider (${pathname}).`);
  }
  return providerId === undefined ? { action } : { action, providerId: decodeURIComponent(providerId) };
}

function flatten(body: Record<string, unknown>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const key of Object.keys(body)) {
    const value = body[key];
    if (value === undefined || value === null) continue;
    flat[key] = typeof value === "string" ? value : JSON.stringify(value);
  }
  return flat;
}

/** `request` with `body` as its body: its URL, method and headers, so any server's Request class will do. */
function rebuiltRequest(request: Request, body: Uint8Array<ArrayBuffer>): Request {
  // The headers are copied by the constructor, from any Headers class (it iterates them).
  const rebuilt = new Request(request.url, { method: request.method, headers: request.headers, body });
  // The socket address an integration recorded for the request (the rate limits' client) stays with it.
  setClientAddress(rebuilt, clientAddressOf(request));
  return rebuilt;
}

/**
 * The internal request of a web Request: synchronous for a GET (no body to read), so the session read
 * awaits nothing here; a promise for a POST. Throws (or rejects with) UnknownAction and InputTooLarge.
 */
export function parseRequest(request: Request, rules: RequestRules): RequestInternal | Promise<RequestInternal> {
  const method = request.method.toUpperCase();
  if (method !== "GET" && method !== "POST") throw new UnknownAction(`Only GET and POST are supported, not ${method}.`);
  const url = effectiveUrl(request, rules);
  const path = parseActionAndProvider(url.pathname, rules.basePath);
  if (method === "GET") {
    return withAddress(
      internalOf("GET", url, request.headers, path, undefined, () => request),
      request,
    );
  }
  return withBody(request, rules, url, path);
}

/** `internal` with the client address an integration recorded for `request`, when there is one. */
function withAddress(internal: RequestInternal, request: Request): RequestInternal {
  const address = clientAddressOf(request);
  if (address !== undefined) internal.clientAddress = address;
  return internal;
}

async function withBody(
  request: Request,
  rules: RequestRules,
  url: URL,
  path: Pick<RequestInternal, "action" | "providerId">,
): Promise<RequestInternal> {
  let read: ReadBody | undefined;
  try {
    read = await readRequestBody(request, rules.limits);
  } catch (error) {
    if (error instanceof InputTooLarge) throw error;
    const cause = error instanceof Error ? error : undefined;
    throw new UnknownAction("The request body could not be parsed.", { cause });
  }
  // The bytes already read, as a Request again, made when something asks for it: `authorize(credentials,
  // request)` can read its body, and nothing was copied or read twice to keep it so (a clone would tee the
  // whole stream). Built from the request's parts, not from the request: a server's own Request class (srvx
  // under SolidStart 2 / nitro) is no undici Request, and undici's constructor cannot copy one.
  const bytes = read?.bytes;
  const toRequest = bytes ? () => rebuiltRequest(request, bytes) : () => request;
  return withAddress(internalOf("POST", url, request.headers, path, read?.parsed, toRequest), request);
}

/**
 * The internal request of a GET the app's own server code makes (a session read: `auth()`, `locals.auth()`),
 * from the URL and headers it would put on a web Request: what parseRequest makes of that Request, without
 * building one only for it to be read back. The Request is built only if something asks for it (the
 * `authorized` callback, a rate-limit key), by `toRequest`.
 */
export function parseServerGet(
  url: string,
  headers: Headers,
  rules: RequestRules,
  toRequest: () => Request,
): RequestInternal {
  const effective = effectiveUrl({ url, headers }, rules);
  const path = parseActionAndProvider(effective.pathname, rules.basePath);
  return internalOf("GET", effective, headers, path, undefined, toRequest);
}

/**
 * A parsed request. A class, not an object literal with a getter: such a literal is built through V8's slow
 * path, which cost a microsecond per session read. Its `request` is made on first use (and then kept).
 */
class ParsedRequest implements RequestInternal {
  declare providerId?: string;
  declare body?: Record<string, string>;
  declare rawBody?: Record<string, unknown>;
  declare repeated?: string[];
  declare error?: string;
  declare clientAddress?: string;
  #request: Request | undefined;
  readonly #toRequest: () => Request;

  constructor(
    public method: "GET" | "POST",
    public url: URL,
    public action: RequestInternal["action"],
    public headers: Headers,
    public cookies: Record<string, string>,
    public query: Record<string, string>,
    toRequest: () => Request,
  ) {
    this.#toRequest = toRequest;
  }

  get request(): Request {
    this.#request ??= this.#toRequest();
    return this.#request;
  }
}

/** The internal request from its parsed parts. */
function internalOf(
  method: "GET" | "POST",
  url: URL,
  headers: Headers,
  { action, providerId }: Pick<RequestInternal, "action" | "providerId">,
  parsedBody: ReadBody["parsed"] | undefined,
  toRequest: () => Request,
): RequestInternal {
  // No query, the common case, is answered without making the URL's searchParams.
  const hasQuery = url.search !== "";
  const query = hasQuery ? Object.fromEntries(url.searchParams) : {};
  const cookies = parseCookieHeader(headers.get("cookie"));
  const internal = new ParsedRequest(method, url, action, headers, cookies, query, toRequest);
  if (providerId !== undefined) internal.providerId = providerId;
  const queryRepeated = hasQuery
    ? repeatedNames(url.searchParams, Object.keys(query).length, url.searchParams.size)
    : undefined;
  const bodyRepeated = parsedBody?.repeated;
  if (queryRepeated || bodyRepeated) internal.repeated = [...(queryRepeated ?? []), ...(bodyRepeated ?? [])];
  if (parsedBody) {
    internal.rawBody = parsedBody.body;
    internal.body = flatten(parsedBody.body);
  }
  if (query.error !== undefined) internal.error = query.error;
  return internal;
}
