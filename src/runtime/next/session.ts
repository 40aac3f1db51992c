/**
 * The session for an incoming request's cookies, read through the core's `/session` action exactly as a
 * browser would read it, together with the `Set-Cookie` values the core re-issued (rolling expiry, or a
 * cleared cookie it could not read). Shared by the middleware, `auth(handler)` and the Pages Router. Unlike
 * the server-side read (core/server-actions.ts), this one asks for the Response: its Set-Cookie headers go
 * out as they are on whatever Response Next sends, the CSRF cookie a browser's read would get included.
 */
import { Auth } from "../core/auth.js";
import { actionRequest, isSession } from "../core/server-actions.js";
import type { AuthConfig, Session } from "../types.js";

export interface SessionRead {
  session: Session | null;
  /** `Set-Cookie` header values to send back with whatever response the caller makes. */
  setCookies: string[];
}

/** `url` is the incoming request's own URL: where its protocol (and a missing Host) come from. */
export async function readSession(config: Omit<AuthConfig, "raw">, incoming: Headers, url: URL): Promise<SessionRead> {
  const request = actionRequest(config, "session", { headers: incoming, url, env: process.env });
  const response = await Auth(request, config);
  const setCookies = response.headers.getSetCookie();
  // Fail closed: anything but a successful JSON session is no session.
  if (!response.ok) return { session: null, setCookies };
  const body: unknown = await response.json().catch(() => null);
  return { session: isSession(body) ? body : null, setCookies };
}
