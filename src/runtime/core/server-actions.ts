/**
 * The auth actions as an app's own server code calls them, shared by every framework integration: the
 * session read behind `auth()`, `locals.auth()` and `getSession`; the sign-in and sign-out helpers behind
 * server actions and form actions; which request paths belong to the core. An integration keeps only the
 * translation: from its request to an `IncomingRequest`, and from the outcome to its own cookie jar and
 * redirect. Its environment defaults are core/mount-defaults.ts's. Web-standard only: Next's middleware
 * loads this on the edge.
 */
import { InputTooLarge } from "../errors.js";
import type {
  AuthAction,
  AuthConfig,
  Cookie,
  RawMarker,
  ResponseInternal,
  Session,
  SkipCSRFCheckMarker,
} from "../types.js";
import { isAuthAction } from "./actions/paths.js";
import { Auth } from "./auth.js";
import { bodyLimits, readRequestBody } from "./body.js";
import { configLogger } from "./config.js";
import { encodeCookieValue } from "./cookie-header.js";
import { requestErrorResponse } from "./errors.js";
import { raw, skipCSRFCheck } from "./markers.js";
import { helperRedirect } from "./redirect.js";
import { normalizeBasePath } from "./request.js";
import { toResponse } from "./response.js";
import { createActionURL } from "./server/action-url.js";
import { signInAction as actionForType } from "./sign-in-action.js";

type Env = Record<string, string | undefined>;

/** A configuration as the integrations accept it: the `raw` marker is theirs to set, not the app's. */
export type IntegrationConfig = Omit<AuthConfig, "raw">;

/** The configuration of a server-side call: the core's internal result, no CSRF token (see serverConfig). */
export type ServerConfig = AuthConfig & { raw: RawMarker; skipCSRFCheck: SkipCSRFCheckMarker };

/** Query parameters added to the provider's authorization request. */
export type AuthorizationParams = string | Record<string, string> | URLSearchParams | Array<[string, string]>;

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

const serverConfigs = new WeakMap<IntegrationConfig, ServerConfig>();

/**
 * The configuration for calls made by the app's own server code, not posted by a browser to the auth
 * routes. `raw`: the core answers with its internal result (cookies to set, where to redirect) and throws a
 * rejected sign-in (an AuthError with its safe `code`) to the caller. `skipCSRFCheck`: the double-submit
 * token is the framework's to replace, and each one does before a helper runs: Next rejects a server action
 * whose Origin does not match its Host, SvelteKit and Qwik City a cross-site form POST (`checkOrigin`).
 * Made once per config object, so the core's per-object cache (resolved options, keys) keeps working.
 */
export function serverConfig(config: IntegrationConfig): ServerConfig {
  let server = serverConfigs.get(config);
  if (!server) {
    server = { ...config, raw, skipCSRFCheck };
    serverConfigs.set(config, server);
  }
  return server;
}

/**
 * The protocol of a request that arrives without one (Next's `headers()`, Node's request line): X-Forwarded-Proto
 * only as a proxy writes it, one `http` or `https` (the core's rule, core/request.ts forwardedOrigin), else the
 * connection's own. The first entry of a list is whatever the client sent.
 */
export function requestProtocol(headers: Headers, own: "http" | "https"): "http" | "https" {
  const forwarded = headers.get("x-forwarded-proto")?.trim().toLowerCase();
  return forwarded === "http" || forwarded === "https" ? forwarded : own;
}

/**
 * A Cookie request header from a jar's decoded values (Next's `cookies().getAll()`), each value encoded as
 * the core's own Set-Cookie encodes it (core/cookie-header.ts), so the core reads it back unchanged.
 */
export function cookieHeader(cookies: Iterable<{ name: string; value: string }>): string {
  return Array.from(cookies, ({ name, value }) => `${name}=${encodeCookieValue(value)}`).join("; ");
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

function actionUrl(config: IntegrationConfig, action: AuthAction, incoming: IncomingRequest, headers: Headers): URL {
  if ("origin" in incoming) return new URL(`${normalizeBasePath(config.basePath)}/${action}`, incoming.origin);
  if (!headers.has("host") && incoming.url.host) headers.set("host", incoming.url.host);
  return createActionURL(action, incoming.url.protocol, headers, incoming.env, config);
}

/** A Request to `<origin><basePath>/<action>[/<provider>]` carrying the incoming request's headers and cookies. */
export function actionRequest(
  config: IntegrationConfig,
  action: AuthAction,
  incoming: IncomingRequest,
  init: ActionRequestInit = {},
): Request {
  const headers = new Headers(incoming.headers);
  const url = actionUrl(config, action, incoming, headers);
  if (init.providerId) url.pathname += `/${encodeURIComponent(init.providerId)}`;
  for (const [key, value] of new URLSearchParams(init.search)) url.searchParams.append(key, value);
  for (const name of NOT_FORWARDED) headers.delete(name);
  if (init.body === undefined) return new Request(url, { headers });
  headers.set("content-type", typeof init.body === "string" ? "application/json" : "application/x-www-form-urlencoded");
  if (init.errorRedirect) headers.set("x-auth-return-redirect", "1");
  return new Request(url, { method: "POST", headers, body: init.body });
}

/** The session as read, and the cookies the core set while reading it (a rolled expiry, a cleared cookie). */
export interface SessionRead {
  session: Session | null;
  cookies: Cookie[];
}

function noSession(): SessionRead {
  return { session: null, cookies: [] };
}

/** A `/session` body that is a session: an object with its `expires`. Anything else is none (fail closed). */
export function isSession(body: unknown): body is Session {
  return typeof body === "object" && body !== null && typeof (body as Session).expires === "string";
}

/**
 * The session in a `/session` result: a session only from a 2xx with a session body; a failed (non-2xx)
 * result yields no cookies either.
 */
export function sessionOf(result: ResponseInternal): SessionRead {
  const status = result.status ?? 200;
  if (status < 200 || status > 299) return noSession();
  return { session: isSession(result.body) ? result.body : null, cookies: result.cookies ?? [] };
}

/**
 * The session of the incoming request's cookies. Fails closed: a session that cannot be read (a tampered
 * or expired cookie, a broken configuration) is no session; the core has logged the cause.
 */
export async function readSession(config: IntegrationConfig, incoming: IncomingRequest): Promise<SessionRead> {
  try {
    return sessionOf(await Auth(actionRequest(config, "session", incoming), serverConfig(config)));
  } catch {
    return noSession();
  }
}

/** The session as read, and the `Set-Cookie` values to send back with whatever response the caller makes. */
export interface SessionResponseRead {
  session: Session | null;
  setCookies: string[];
}

/**
 * The session read exactly as a browser's own `/session` request reads it, for an integration that sends a
 * Response of its own (Next's middleware, the Pages Router): the core's Response, whose Set-Cookie values
 * (a rolled expiry, a cleared cookie, the CSRF cookie a browser's read would get) go out as they are. Fails
 * closed: anything but a successful JSON session is no session.
 */
export async function readSessionResponse(
  config: IntegrationConfig,
  incoming: IncomingRequest,
): Promise<SessionResponseRead> {
  const response = await Auth(actionRequest(config, "session", incoming), config);
  const setCookies = response.headers.getSetCookie();
  if (!response.ok) return { session: null, setCookies };
  const body: unknown = await response.json().catch(() => null);
  return { session: isSession(body) ? body : null, setCookies };
}

/**
 * Sends `data` to the `jwt` callback (`trigger: "update"`) or the `session` callback through `/session`
 * (a POST, as the browser's `update()` makes it): the new session and the cookies to set.
 */
export async function helperUpdateSession(
  config: IntegrationConfig,
  incoming: IncomingRequest,
  data: unknown,
): Promise<SessionRead> {
  const request = actionRequest(config, "session", incoming, { body: JSON.stringify({ data }) });
  return sessionOf(await Auth(request, serverConfig(config)));
}

/** A cookie as a framework's jar receives it: always with its path (SvelteKit's jar requires one). */
export type JarCookie = Cookie & { options: Cookie["options"] & { path: string } };

/**
 * Hands the core's cookies to a framework's jar, in order. A cookie without a path is at `/`, as the core's
 * own Set-Cookie writes it (core/cookie-header.ts): a jar left to its own default would scope it to the
 * page's directory. A jar that refuses one (Next's read-only cookies in a server component, SvelteKit's
 * once the response has started) refuses the rest too: the write ends there, and the page renders with
 * what the request carried.
 */
export function writeCookies(cookies: readonly Cookie[], set: (cookie: JarCookie) => void): void {
  for (const cookie of cookies) {
    try {
      set({ ...cookie, options: { ...cookie.options, path: cookie.options.path ?? "/" } });
    } catch {
      return;
    }
  }
}

/** Where a sign-in or sign-out helper sends the browser, and the cookies to set on the way. */
export interface HelperOutcome {
  redirect: string;
  cookies: Cookie[];
}

/**
 * The action a helper posts a sign-in to: the configured provider's type and the fields posted decide
 * (sign-in-action.ts).
 */
export function signInAction(
  config: IntegrationConfig,
  providerId: string,
  fields: Iterable<string>,
): "callback" | "signin" {
  const provider = config.providers
    .map((entry) => (typeof entry === "function" ? entry() : entry))
    .find((candidate) => candidate.id === providerId);
  return actionForType(provider?.type, fields);
}

/** The built-in sign-in page, coming back to `callbackUrl`: a sign-in helper called without a provider. */
export function signInPage(config: IntegrationConfig, incoming: IncomingRequest, callbackUrl: string): URL {
  const url = actionUrl(config, "signin", incoming, new Headers(incoming.headers));
  url.searchParams.set("callbackUrl", callbackUrl);
  return url;
}

export interface HelperSignIn {
  providerId: string;
  /** Where to land afterwards; the core's `redirect` callback and redirect rule judge it. */
  callbackUrl: string;
  /**
   * Posted besides `callbackUrl` (credentials read them). The integration has left out its framework's own
   * fields; the helpers' own names (HELPER_FIELDS) are left out here, and each value is posted as fieldText
   * says.
   */
  fields?: Iterable<readonly [string, unknown]> | undefined;
  authorizationParams?: AuthorizationParams | undefined;
  errorRedirect?: boolean | undefined;
}

/**
 * The sign-in helpers' own inputs (the spec's `signIn(providerId, { redirectTo }, authorizationParams)` and
 * the form fields named after them), never a provider's: a posted `callbackUrl` must not replace the one the
 * helper chose, and a `csrfToken` means nothing to a server-side call (serverConfig).
 */
const HELPER_FIELDS = new Set(["providerId", "redirectTo", "callbackUrl", "authorizationParams", "csrfToken"]);

/**
 * A field's value as posted: text as it is, any other value (a number, a boolean, an object in Qwik's
 * validated input) as JSON text; nothing for an absent value or an uploaded file, whose bytes no provider
 * reads from a sign-in form.
 */
function fieldText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (value === undefined || value === null || value instanceof Blob) return undefined;
  return JSON.stringify(value);
}

/**
 * RFC 9700 §4.11 (no open redirect): the browser goes only where the core decided (helperRedirect), never
 * to the caller's own input.
 */
function outcome(request: Request, result: ResponseInternal): HelperOutcome {
  return { redirect: helperRedirect(result, request), cookies: result.cookies ?? [] };
}

/**
 * Signs in with a provider: an OAuth provider answers with its authorization URL; credentials, and a passkey's
 * signed credential (the `action` and `data` fields), with the session.
 */
export async function helperSignIn(
  config: IntegrationConfig,
  incoming: IncomingRequest,
  input: HelperSignIn,
): Promise<HelperOutcome> {
  const body = new URLSearchParams({ callbackUrl: input.callbackUrl });
  for (const [key, value] of input.fields ?? []) {
    const text = HELPER_FIELDS.has(key) ? undefined : fieldText(value);
    if (text !== undefined) body.set(key, text);
  }
  const request = actionRequest(config, signInAction(config, input.providerId, body.keys()), incoming, {
    providerId: input.providerId,
    search: input.authorizationParams,
    body,
    errorRedirect: input.errorRedirect,
  });
  return outcome(request, await Auth(request, serverConfig(config)));
}

/** Ends the session (the core clears its cookies) and lands on `callbackUrl` as the core judged it. */
export async function helperSignOut(
  config: IntegrationConfig,
  incoming: IncomingRequest,
  callbackUrl: string,
  options: { errorRedirect?: boolean | undefined } = {},
): Promise<HelperOutcome> {
  const body = new URLSearchParams({ callbackUrl });
  const request = actionRequest(config, "signout", incoming, { body, errorRedirect: options.errorRedirect });
  return outcome(request, await Auth(request, serverConfig(config)));
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

/**
 * The core's answer to a body over the limits (core/body.ts), for a framework that parses a form itself before
 * any code of ours runs (Qwik City reads an action's body before the action): a clone is read under the limits,
 * so no more than they allow is buffered for the framework's own read. Undefined when the body is within them,
 * or malformed in some other way (the framework's to answer). The answer is core/errors.ts's: 413 or 400, or
 * the error page for a browser's form.
 */
export async function oversizedBodyResponse(
  request: Request,
  config: IntegrationConfig,
): Promise<Response | undefined> {
  try {
    await readRequestBody(request.clone(), bodyLimits(config.limits));
    return undefined;
  } catch (error) {
    if (!(error instanceof InputTooLarge)) return undefined;
    return toResponse(requestErrorResponse(error, { request, config, logger: configLogger(config) }));
  }
}
