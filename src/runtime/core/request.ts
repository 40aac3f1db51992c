/**
 * Turns a web Request into the internal request: the effective URL (deployment URL or trusted proxy
 * headers), the action and provider from the path under the base path, cookies, query and body.
 * Anything that is not an auth request is an `UnknownAction`, which the caller answers with 400.
 */
import { UnknownAction } from "../errors.js";
import type { AuthConfig } from "../types.js";
import { ACTIONS_WITH_PROVIDER, firstValue, isAuthAction } from "./auth-actions.js";
import { parseCookieHeader } from "./cookie-header.js";
import { type ConfigWithEnv, deploymentUrl } from "./env.js";
import type { RequestInternal } from "./internal.js";

/**
 * The URL the client sees. With `AUTH_URL` its origin is authoritative; otherwise `X-Forwarded-Host` and
 * `X-Forwarded-Proto` are honoured only when the host is trusted, since any client can send them.
 */
export function effectiveUrl(request: Request, config: AuthConfig): URL {
  const url = new URL(request.url);
  const path = `${url.pathname}${url.search}`;
  const deployment = (config as ConfigWithEnv)[deploymentUrl];
  if (deployment) return new URL(path, deployment.origin);
  if (config.trustHost === true) {
    const host = firstValue(request.headers.get("x-forwarded-host"));
    const proto = firstValue(request.headers.get("x-forwarded-proto"));
    if (host === undefined && proto === undefined) return url;
    const protocol = proto === "http" || proto === "https" ? `${proto}:` : url.protocol;
    try {
      // Rebuilt rather than patched: setting `host` alone would keep the internal port.
      return new URL(path, `${protocol}//${host ?? url.host}`);
    } catch {
      return url;
    }
  }
  return url;
}

/** `/api/auth/` and `/api/auth` are the same base path; `/` is the root. */
export function normalizeBasePath(basePath: string | undefined): string {
  const trimmed = (basePath ?? "/auth").replace(/\/+$/, "");
  return trimmed === "" ? "" : trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
}

function parseActionAndProvider(pathname: string, basePath: string): Pick<RequestInternal, "action" | "providerId"> {
  const base = normalizeBasePath(basePath);
  if (base && pathname !== base && !pathname.startsWith(`${base}/`)) {
    throw new UnknownAction(`The path ${pathname} is outside the base path ${base}.`);
  }
  const segments = pathname.slice(base.length).split("/").filter(Boolean);
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

/** The names that occur more than once, or undefined (the common case, found without a second pass). */
function repeatedNames(entries: Iterable<[string, unknown]>, distinct: number, total: number): string[] | undefined {
  if (distinct === total) return undefined;
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const [name] of entries) (seen.has(name) ? repeated : seen).add(name);
  return [...repeated];
}

interface ParsedBody {
  body: Record<string, unknown>;
  repeated?: string[] | undefined;
}

async function parseBody(request: Request): Promise<ParsedBody | undefined> {
  if (!request.body) return undefined;
  const contentType = request.headers.get("content-type")?.toLowerCase() ?? "";
  if (contentType.includes("application/json")) {
    const parsed: unknown = await request.json();
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
      throw new UnknownAction("A JSON body must be an object.");
    }
    return { body: parsed as Record<string, unknown> };
  }
  if (contentType.includes("application/x-www-form-urlencoded")) {
    const form = new URLSearchParams(await request.text());
    const body = Object.fromEntries(form);
    return { body, repeated: repeatedNames(form, Object.keys(body).length, form.size) };
  }
  if (contentType.includes("multipart/form-data")) {
    const form = await request.formData();
    const body: Record<string, unknown> = {};
    let total = 0;
    for (const [key, value] of form) {
      total++;
      if (typeof value === "string") body[key] = value;
    }
    return { body, repeated: repeatedNames(form, new Set(form.keys()).size, total) };
  }
  return undefined;
}

function flatten(body: Record<string, unknown>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    flat[key] = typeof value === "string" ? value : JSON.stringify(value);
  }
  return flat;
}

export async function parseRequest(request: Request, config: AuthConfig): Promise<RequestInternal> {
  const method = request.method.toUpperCase();
  if (method !== "GET" && method !== "POST") throw new UnknownAction(`Only GET and POST are supported, not ${method}.`);
  const url = effectiveUrl(request, config);
  const { action, providerId } = parseActionAndProvider(url.pathname, config.basePath ?? "/auth");
  let parsedBody: ParsedBody | undefined;
  if (method === "POST") {
    try {
      // A clone, so the original Request stays readable for `authorize(credentials, request)`.
      parsedBody = await parseBody(request.clone());
    } catch (error) {
      throw error instanceof UnknownAction ? error : new UnknownAction("The request body could not be parsed.");
    }
  }
  const query = Object.fromEntries(url.searchParams);
  const internal: RequestInternal = {
    url,
    method,
    action,
    headers: request.headers,
    cookies: parseCookieHeader(request.headers.get("cookie")),
    query,
    request,
  };
  if (providerId !== undefined) internal.providerId = providerId;
  const queryRepeated = repeatedNames(url.searchParams, Object.keys(query).length, url.searchParams.size);
  const bodyRepeated = parsedBody?.repeated;
  if (queryRepeated || bodyRepeated) internal.repeated = [...(queryRepeated ?? []), ...(bodyRepeated ?? [])];
  if (parsedBody) {
    internal.rawBody = parsedBody.body;
    internal.body = flatten(parsedBody.body);
  }
  if (query.error !== undefined) internal.error = query.error;
  return internal;
}
