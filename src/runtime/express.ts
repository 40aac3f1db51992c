/**
 * Express integration (Express 4 and 5): `ExpressAuth(config)` is a middleware serving the auth actions
 * under wherever it is mounted, and `getSession(req, config)` reads the session in any route. A translation
 * layer only: every auth decision is the core's. Mount it with a plain path prefix,
 * `app.use("/auth", ExpressAuth(config))`, which both majors accept (Express 5 rejects an unnamed `*`).
 * Behind a reverse proxy, set Express's `trust proxy`: the origin (and so secure cookies) follows it.
 */

import { Auth } from "./core/auth.js";
import { isAuthPath } from "./core/server/action-request.js";
import type { IntegrationConfig } from "./core/server/config.js";
import { mountedConfig } from "./core/server/mount-defaults.js";
import { writeResponse } from "./core/server/node-message.js";
import { readSession } from "./core/server/session-read.js";
import { type ExpressRequest, type ExpressResponse, requestOrigin, toWebRequest } from "./express/node-request.js";
import type { Session } from "./types.js";

export type { ExpressRequest, ExpressResponse } from "./express/node-request.js";

/** The configuration accepted by `ExpressAuth` and `getSession`: the core's, minus the `raw` marker. */
export type ExpressAuthConfig = IntegrationConfig;

export type ExpressNextFunction = (error?: unknown) => void;

/** A standard Express middleware; errors reach the app's error handler through `next` on Express 4 too. */
export type ExpressAuthMiddleware = (
  req: ExpressRequest,
  res: ExpressResponse,
  next: ExpressNextFunction,
) => Promise<void>;

/**
 * Serves sign-in, callbacks, session, CSRF and sign-out under its mount point, which is its base path:
 * `app.use("/auth", ExpressAuth(config))` serves `/auth/signin`, `/auth/callback/<provider>`, …
 * Other paths and methods under the mount are passed on to the app's own routes.
 */
export function ExpressAuth(config: ExpressAuthConfig): ExpressAuthMiddleware {
  return async (req, res, next) => {
    const method = req.method?.toUpperCase();
    // Express strips the mount point from `req.url`: the path is relative to the base path.
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    if ((method !== "GET" && method !== "POST") || !isAuthPath(path, "/")) {
      next();
      return;
    }
    try {
      // Where the app mounted the middleware is its base path (core/server/mount-defaults.ts).
      const prepared = mountedConfig(config, req.baseUrl, process.env);
      await writeResponse(await Auth(await toWebRequest(req), prepared), res);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The session of the request's user, or `null` when there is none or it cannot be read (fail closed).
 * Reads the cookies of `req` only: a rolling session's refreshed cookie is issued by `/auth/session`.
 */
export async function getSession(req: ExpressRequest, config: ExpressAuthConfig): Promise<Session | null> {
  try {
    const prepared = mountedConfig(config, undefined, process.env);
    // Only the cookies (and the user agent): the route's own request, and its body, stay untouched. The
    // origin is the one Express sees under its `trust proxy` rule, as for the auth routes.
    const headers = new Headers();
    for (const name of ["cookie", "user-agent"] as const) {
      const value = req.headers[name];
      if (typeof value === "string") headers.set(name, value);
    }
    return (await readSession(prepared, { headers, origin: requestOrigin(req) })).session;
  } catch {
    // A configuration that cannot even be prepared reads as no session too (fail closed).
    return null;
  }
}
