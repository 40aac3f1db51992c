/**
 * The session for an incoming request's cookies, read through the core's `/session` action exactly as a
 * browser would read it, together with the `Set-Cookie` values the core re-issued (rolling expiry, or a
 * cleared cookie it could not read). Shared by the middleware, `auth(handler)` and the Pages Router.
 */
import { Auth, createActionURL } from "../index.js";
import type { AuthConfig, Session } from "../types.js";

export interface SessionRead {
  session: Session | null;
  /** `Set-Cookie` header values to send back with whatever response the caller makes. */
  setCookies: string[];
}

/** Only what identifies the caller is forwarded: the body and its framing belong to the original request. */
const DROPPED_HEADERS = ["content-type", "content-length", "transfer-encoding", "connection"];

/** The incoming request's headers, with `Host` taken from its URL when a caller built it without one. */
export function requestHeaders(incoming: Headers, url: URL): Headers {
  const headers = new Headers(incoming);
  if (!headers.has("host")) headers.set("host", url.host);
  return headers;
}

/** `url` is the incoming request's own URL: where its protocol (and a missing Host) come from. */
export async function readSession(config: Omit<AuthConfig, "raw">, incoming: Headers, url: URL): Promise<SessionRead> {
  const headers = requestHeaders(incoming, url);
  for (const name of DROPPED_HEADERS) headers.delete(name);
  const action = createActionURL("session", url.protocol.replace(/:$/, ""), headers, process.env, config);
  const response = await Auth(new Request(action, { headers }), config);
  const setCookies = response.headers.getSetCookie();
  // Fail closed: anything but a successful JSON session is no session.
  if (!response.ok) return { session: null, setCookies };
  const body: unknown = await response.json().catch(() => null);
  const session =
    typeof body === "object" && body !== null && typeof (body as Session).expires === "string"
      ? (body as Session)
      : null;
  return { session, setCookies };
}
