/**
 * The action request: the web Request an integration hands the core for the app's own server code (`auth()`,
 * `signIn()`, `signOut()`), built from the framework's request it is serving: `<origin><basePath>/<action>`
 * with that request's headers and cookies. Also which request paths belong to the core at all.
 */
import type { AuthAction } from "../../types.js";
import { isAuthAction } from "../actions/paths.js";
import { normalizeBasePath } from "../request.js";
import type { AuthorizationParams } from "../sign-in-request.js";
import { createActionURL } from "./action-url.js";
import type { IntegrationConfig } from "./config.js";

type Env = Record<string, string | undefined>;

/**
 * The request an integration is serving, as far as an action request needs it: its headers (the caller's
 * cookies go on to the core) and where the action URL's origin comes from.
 */
export type IncomingRequest = { headers: HeadersInit } & (
  | {
      /**
       * createActionURL's rule: AUTH_URL (read from `env`) when set, else the headers' X-Forwarded-Host or
       * Host and X-Forwarded-Proto, else `url`'s protocol. `url.host` stands in for a missing Host header
       * (a Request built in code has none).
       */
      env: Env;
      url: { protocol: string; host?: string | undefined };
    }
  | {
      /**
       * The client-facing origin as the integration itself decided it (Express under its `trust proxy`
       * rule; SolidStart from its route's own URL, its `prefix` winning over AUTH_URL's path): used as is.
       */
      origin: string;
    }
);

/**
 * The protocol of a request that arrives without one (Next's `headers()`, Node's request line): X-Forwarded-Proto
 * only as a proxy writes it, one `http` or `https` (the core's rule, core/request.ts forwardedOrigin), else the
 * connection's own. The first entry of a list is whatever the client sent.
 */
export function requestProtocol(headers: Headers, own: "http" | "https"): "http" | "https" {
  const forwarded = headers.get("x-forwarded-proto")?.trim().toLowerCase();
  return forwarded === "http" || forwarded === "https" ? forwarded : own;
}

/** What the action request itself carries besides the caller's headers. */
export interface ActionRequestInit {
  providerId?: string | undefined;
  search?: AuthorizationParams | undefined;
  /** A form (URL-encoded) or a JSON text; without one, the request is a GET. */
  body?: URLSearchParams | string | undefined;
  /**
   * Answer a rejected action with the redirect to the error page instead of throwing it: for helpers a
   * browser form posts without a script, where the browser has to land somewhere (Qwik City's actions).
   */
  errorRedirect?: boolean | undefined;
}

/**
 * The incoming message's own framing: its body (a server action's form, a page's POST) is not forwarded, and
 * Connection is hop-by-hop.
 */
const NOT_FORWARDED = ["content-type", "content-length", "transfer-encoding", "connection"];

/** `<origin><basePath>/<action>` for the incoming request; a missing Host is set on `headers` from its URL. */
export function actionUrl(
  config: IntegrationConfig,
  action: AuthAction,
  incoming: IncomingRequest,
  headers: Headers,
): URL {
  if ("origin" in incoming) return new URL(`${normalizeBasePath(config.basePath)}/${action}`, incoming.origin);
  if (!headers.has("host") && incoming.url.host) headers.set("host", incoming.url.host);
  return createActionURL(action, incoming.url.protocol, headers, incoming.env, config);
}

/** The URL and headers of the action request (below), for a core call that needs no web Request built. */
export function actionParts(
  config: IntegrationConfig,
  action: AuthAction,
  incoming: IncomingRequest,
  init: Pick<ActionRequestInit, "providerId" | "search"> = {},
): { url: URL; headers: Headers } {
  const headers = new Headers(incoming.headers);
  const url = actionUrl(config, action, incoming, headers);
  if (init.providerId) url.pathname += `/${encodeURIComponent(init.providerId)}`;
  for (const [key, value] of new URLSearchParams(init.search)) url.searchParams.append(key, value);
  for (const name of NOT_FORWARDED) headers.delete(name);
  return { url, headers };
}

/** A Request to `<origin><basePath>/<action>[/<provider>]` carrying the incoming request's headers and cookies. */
export function actionRequest(
  config: IntegrationConfig,
  action: AuthAction,
  incoming: IncomingRequest,
  init: ActionRequestInit = {},
): Request {
  const { url, headers } = actionParts(config, action, incoming, init);
  if (init.body === undefined) return new Request(url, { headers });
  headers.set("content-type", typeof init.body === "string" ? "application/json" : "application/x-www-form-urlencoded");
  if (init.errorRedirect) headers.set("x-auth-return-redirect", "1");
  return new Request(url, { method: "POST", headers, body: init.body });
}

/**
 * True for `<basePath>/<action>[/…]` with a known action: the requests an integration hands to the core;
 * every other path is the app's. The path is read as the core reads it (core/request.ts).
 */
export function isAuthPath(pathname: string, basePath: string | undefined): boolean {
  const base = normalizeBasePath(basePath);
  if (base && !pathname.startsWith(`${base}/`)) return false;
  const action = pathname.slice(base.length).split("/").filter(Boolean)[0];
  return action !== undefined && isAuthAction(action);
}
