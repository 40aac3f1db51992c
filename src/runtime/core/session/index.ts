/**
 * Picks the session store for the configured strategy, so actions never branch on it.
 */
import { UnsupportedStrategy } from "../../errors.js";
import type { InternalOptions, RequestInternal } from "../internal.js";
import { createJwtSessionStore } from "./jwt.js";
import type { SessionStore } from "./store.js";

export type { SessionCreate, SessionEnded, SessionRead, SessionStore } from "./store.js";

export function createSessionStore(request: RequestInternal, options: InternalOptions): SessionStore {
  if (options.session.strategy === "jwt") return createJwtSessionStore(request, options);
  // assertConfig rejects this first; kept so a new strategy cannot be half-wired silently.
  throw new UnsupportedStrategy(`The "${options.session.strategy}" session strategy is not available yet.`);
}
