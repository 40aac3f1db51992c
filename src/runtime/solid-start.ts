/**
 * SolidStart integration: `SolidAuth(config)` gives the `GET` and `POST` handlers of one catch-all API route
 * (`src/routes/api/auth/[...solidauth].ts`), and `getSession(request, config)` reads the session in server
 * code (server functions, `query`, API routes). A translation layer only: SolidStart hands us a web-standard
 * Request, so every auth decision is the core's. Works with SolidStart 1 (vinxi) and 2 (vite plugin + nitro),
 * whose API events both carry `request`; nothing here imports SolidStart.
 */
import { Auth, isAuthAction, raw, setEnvDefaults } from "./index.js";
import type { AuthConfig, RawMarker, ResponseInternal, Session } from "./types.js";

/** The configuration accepted by `SolidAuth` and `getSession`: the core's, minus `raw`, plus `prefix`. */
export interface SolidAuthConfig extends Omit<AuthConfig, "raw"> {
  /** Base path of the auth routes: where the catch-all API route lives. Default `/api/auth`. */
  prefix?: string;
}

/**
 * What the handlers read from SolidStart's API event (`APIEvent` in `@solidjs/start/server`): only its
 * Request. Typed structurally so any SolidStart version's event fits without a dependency on it.
 */
export interface SolidAuthEvent {
  request: Request;
}

/** A SolidStart API route handler: a Response for auth paths, `undefined` for anything else (the app's). */
export type SolidAuthHandler = (event: SolidAuthEvent) => Promise<Response | undefined>;

export interface SolidAuthHandlers {
  GET: SolidAuthHandler;
  POST: SolidAuthHandler;
}

const DEFAULT_PREFIX = "/api/auth";

interface Prepared {
  prefix: string;
  /** For the handlers: the core answers with a Response. */
  handler: Omit<AuthConfig, "raw">;
  /** For getSession: the core's internal result, and AuthErrors thrown rather than rendered. */
  server: AuthConfig & { raw: RawMarker };
}

/**
 * The core config for a SolidAuth config, made once per config object: the core caches its resolved
 * options (keys, provider list) per object, so handing it a fresh copy on every request would undo that.
 */
const preparedConfigs = new WeakMap<SolidAuthConfig, Prepared>();

/** `process.env` where there is one (Node, Bun, Deno's compatibility layer); edge runtimes may lack it. */
function environment(): Record<string, string | undefined> {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
}

function prepare(config: SolidAuthConfig): Prepared {
  const known = preparedConfigs.get(config);
  if (known) return known;
  const { prefix: rawPrefix, ...rest } = config;
  const prefix = `/${(rawPrefix ?? DEFAULT_PREFIX).replace(/^\/+|\/+$/g, "")}`.replace(/^\/$/, "");
  const handler: Omit<AuthConfig, "raw"> = { ...rest, basePath: prefix || "/" };
  // `prefix` is where the route is mounted, so it wins over a path in AUTH_URL (no warning about it).
  setEnvDefaults(environment(), handler, true);
  const prepared: Prepared = { prefix, handler, server: { ...handler, raw } };
  preparedConfigs.set(config, prepared);
  return prepared;
}

/** True for `<prefix>/<action>[/…]` with a known action: the requests the auth route answers. */
function isAuthPath(pathname: string, prefix: string): boolean {
  if (!pathname.startsWith(`${prefix}/`)) return false;
  const action = pathname.slice(prefix.length + 1).split("/")[0] ?? "";
  return isAuthAction(action);
}

/**
 * The handlers of the auth API route: `export const { GET, POST } = SolidAuth(authConfig)`. Requests for
 * other paths resolve to `undefined`, so SolidStart carries on with the app's own routes.
 */
export function SolidAuth(config: SolidAuthConfig): SolidAuthHandlers {
  const handle: SolidAuthHandler = async (event) => {
    const { prefix, handler } = prepare(config);
    const { pathname } = new URL(event.request.url);
    if (!isAuthPath(pathname, prefix)) return undefined;
    return Auth(event.request, handler);
  };
  return { GET: handle, POST: handle };
}

/** The session in a `/session` result, or null for anything but a successful, well-formed session. */
function sessionFrom(result: ResponseInternal): Session | null {
  const status = result.status ?? 200;
  if (status < 200 || status > 299) return null;
  const body = result.body as Session | null | undefined;
  return typeof body === "object" && body !== null && typeof body.expires === "string" ? body : null;
}

/**
 * The current session for `request` (its cookies), or `null`. Fails closed: a session that cannot be read
 * (tampered or expired cookie, misconfiguration) is no session; the core has logged the cause. Pass the
 * same config object as `SolidAuth`'s. Read-only: a rolling JWT re-issued here is not sent back, the
 * browser's own `/session` requests renew it.
 */
export async function getSession(request: Request, config: SolidAuthConfig): Promise<Session | null> {
  const { prefix, server } = prepare(config);
  const url = new URL(`${prefix}/session`, request.url);
  const headers = new Headers(request.headers);
  // The caller may be a POST (a server function): its body is not forwarded, so neither is its framing.
  for (const name of ["content-type", "content-length", "transfer-encoding"]) headers.delete(name);
  try {
    return sessionFrom(await Auth(new Request(url, { headers }), server));
  } catch {
    return null;
  }
}
