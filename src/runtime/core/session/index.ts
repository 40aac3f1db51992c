/**
 * Picks the session store for the configured strategy, so actions never branch on it.
 */
import type { InternalOptions, RequestInternal } from "../internal.js";
import { createDatabaseSessionStore } from "./database.js";
import { createJwtSessionStore } from "./jwt.js";
import type { SessionStore } from "./store.js";

export type { PresentedSession, SessionCreate, SessionEnded, SessionRead, SessionStore } from "./store.js";

export function createSessionStore(request: RequestInternal, options: InternalOptions): SessionStore {
  return options.session.strategy === "database"
    ? createDatabaseSessionStore(request, options)
    : createJwtSessionStore(request, options);
}
