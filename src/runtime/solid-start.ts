/**
 * SolidStart integration: `SolidAuth(config)` gives the `GET` and `POST` handlers of one catch-all API route
 * (`src/routes/api/auth/[...solidauth].ts`), and `getSession(request, config)` reads the session in server
 * code (server functions, `query`, API routes). A translation layer only: SolidStart hands us a web-standard
 * Request, so every auth decision is the core's. Works with SolidStart 1 (vinxi) and 2 (vite plugin + nitro),
 * whose API events both carry `request`; nothing here imports SolidStart.
 */
import { Auth } from "./core/auth.js";
import { isAuthPath } from "./core/server/action-request.js";
import type { IntegrationConfig } from "./core/server/config.js";
import { mountedConfig, processEnv } from "./core/server/mount-defaults.js";
import { readSession } from "./core/server/session-read.js";
import type { Session } from "./types.js";

/** The configuration accepted by `SolidAuth` and `getSession`: the core's, minus `raw`, plus `prefix`. */
export interface SolidAuthConfig extends IntegrationConfig {
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

/** The core config for a SolidAuth config: mounted at `prefix`, made once per config object (core/server/mount-defaults.ts). */
function prepare(config: SolidAuthConfig): IntegrationConfig {
  const { prefix: rawPrefix, ...rest } = config;
  const prefix = `/${(rawPrefix ?? DEFAULT_PREFIX).replace(/^\/+|\/+$/g, "")}`.replace(/^\/$/, "");
  return mountedConfig(rest, prefix || "/", processEnv(), config);
}

/**
 * The handlers of the auth API route: `export const { GET, POST } = SolidAuth(authConfig)`. Requests for
 * other paths resolve to `undefined`, so SolidStart carries on with the app's own routes.
 */
export function SolidAuth(config: SolidAuthConfig): SolidAuthHandlers {
  const handle: SolidAuthHandler = async (event) => {
    const prepared = prepare(config);
    if (!isAuthPath(new URL(event.request.url).pathname, prepared.basePath)) return undefined;
    return Auth(event.request, prepared);
  };
  return { GET: handle, POST: handle };
}

/**
 * The current session for `request` (its cookies), or `null`. Fails closed: a session that cannot be read
 * (tampered or expired cookie, misconfiguration) is no session; the core has logged the cause. Pass the
 * same config object as `SolidAuth`'s. Read-only: a rolling JWT re-issued here is not sent back, the
 * browser's own `/session` requests renew it.
 */
export async function getSession(request: Request, config: SolidAuthConfig): Promise<Session | null> {
  const prepared = prepare(config);
  // The route is mounted at `prefix` on the request's own origin, whatever AUTH_URL's path says.
  const origin = new URL(request.url).origin;
  return (await readSession(prepared, { headers: request.headers, origin })).session;
}
