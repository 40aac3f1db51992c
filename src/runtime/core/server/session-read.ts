/**
 * The session as the app's own server code reads it (`auth()`, `locals.auth()`, `getSession`) and updates
 * it: through the core's `/session` action, so a server read answers exactly what the browser's would, and
 * the cookies the core set on the way (a rolled expiry, a cleared cookie) go back to the caller.
 */
import type { Cookie, ResponseInternal, Session } from "../../types.js";
import { Auth, authServerGet } from "../auth.js";
import { actionParts, actionRequest, type IncomingRequest } from "./action-request.js";
import { type IntegrationConfig, serverConfig } from "./config.js";

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
 * The session read as the core's server path takes it (authServerGet): the URL and headers the action request
 * would carry, and how to build that request should a callback ask for it. No web Request is built only for
 * the core to parse it back.
 */
function sessionGet(config: IntegrationConfig, incoming: IncomingRequest): [string, Headers, () => Request] {
  const { url, headers } = actionParts(config, "session", incoming);
  return [url.href, headers, () => actionRequest(config, "session", incoming)];
}

/**
 * The session of the incoming request's cookies. Fails closed: a session that cannot be read (a tampered
 * or expired cookie, a broken configuration) is no session; the core has logged the cause.
 */
export async function readSession(config: IntegrationConfig, incoming: IncomingRequest): Promise<SessionRead> {
  try {
    return sessionOf(await authServerGet(...sessionGet(config, incoming), serverConfig(config)));
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
  const response = await authServerGet(...sessionGet(config, incoming), config);
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
