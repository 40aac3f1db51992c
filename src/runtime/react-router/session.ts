/**
 * The session of a request in React Router: read once per request (by `getSession`, `requireSession`, or both),
 * and the cookies that read set (a re-issued rolling JWT, a cleared cookie) handed back to the browser. A
 * loader cannot set a header on the response React Router makes, so they go out either through the
 * integration's middleware (every response of the request, redirects and errors included), or through
 * `sessionHeaders(request)` passed to `data()` / a Response by the loader itself. A read whose cookies went
 * out neither way is logged (once): a rolling session would otherwise end at its first expiry, silently.
 *
 * React Router hands the middleware and each loader different Request objects for one HTTP request, so the
 * middleware's state reaches the loaders through the async context it runs them in (AsyncLocalStorage: Node,
 * Bun, Deno, Workers with `nodejs_compat`); without one, each Request has its own state.
 */

import { resolveConfig } from "../core/config.js";
import { serializeCookie } from "../core/cookies/header.js";
import type { IntegrationConfig } from "../core/server/config.js";
import { withSetCookies } from "../core/server/route-guard.js";
import { readSession } from "../core/server/session-read.js";
import type { Session } from "../types.js";
import { incomingOf } from "./request.js";

type Env = Record<string, string | undefined>;

/** One request's session read and the Set-Cookie values not yet handed to a response. */
interface RequestState {
  read?: Promise<Session | null>;
  pending: string[];
  /** The integration's middleware runs around this request: it writes the pending cookies. */
  middleware: boolean;
}

/** A React Router middleware, typed structurally so the type holds for React Router 7 and 8 alike. */
export type ReactRouterMiddleware = (args: { request: Request }, next: () => Promise<Response>) => Promise<Response>;

/** How long after a read its cookies must have gone out before the missing write-back is logged. */
const WRITE_BACK_GRACE_MS = 2000;

export const MISSING_WRITE_BACK =
  "A session read re-issued the session cookie, but it reached no response: add `auth.middleware` to your root " +
  "route's `middleware` export (React Router 7 with `future.v8_middleware`, React Router 8), or return " +
  "`data(…, { headers: auth.sessionHeaders(request) })` from the loader. Without it the session ends at its first expiry.";

export interface SessionStore {
  getSession(request: Request): Promise<Session | null>;
  sessionHeaders(request: Request): Headers;
  middleware: ReactRouterMiddleware;
  /** A session the guard read (with its cookies): later reads of the request answer from it. */
  adopt(request: Request, session: Session | null, setCookies: readonly string[]): void;
}

/** What this module uses of AsyncLocalStorage. */
interface RequestStorage {
  run<Result>(state: RequestState, callback: () => Result): Result;
  getStore(): RequestState | undefined;
}

/**
 * AsyncLocalStorage where the runtime has one, found without a static `node:` import (a global on some
 * runtimes, else `process.getBuiltinModule`), so the module still loads where there is none.
 */
function requestStorage(): RequestStorage | undefined {
  type Module = { AsyncLocalStorage?: new () => RequestStorage };
  const scope = globalThis as Module & { process?: { getBuiltinModule?: (id: string) => unknown } };
  try {
    const Storage =
      scope.AsyncLocalStorage ??
      (scope.process?.getBuiltinModule?.("node:async_hooks") as Module | undefined)?.AsyncLocalStorage;
    return Storage ? new Storage() : undefined;
  } catch {
    return undefined;
  }
}

export function sessionStore(config: () => IntegrationConfig, env: () => Env): SessionStore {
  const states = new WeakMap<Request, RequestState>();
  const storage = requestStorage();
  let warned = false;

  function stateOf(request: Request): RequestState {
    const shared = storage?.getStore();
    if (shared) return shared;
    let state = states.get(request);
    if (!state) {
      state = { pending: [], middleware: false };
      states.set(request, state);
    }
    return state;
  }

  /** Outside the middleware, a read's cookies are the loader's to send: check, a little later, that it did. */
  function watch(state: RequestState, cookies: readonly string[]): void {
    if (state.middleware || warned || cookies.length === 0) return;
    const timer = setTimeout(() => {
      if (warned || !cookies.some((cookie) => state.pending.includes(cookie))) return;
      warned = true;
      resolveConfig(config()).static.logger.warn("react-router-session-cookie", MISSING_WRITE_BACK);
    }, WRITE_BACK_GRACE_MS);
    (timer as { unref?: () => void }).unref?.();
  }

  function remember(state: RequestState, cookies: readonly string[]): void {
    state.pending.push(...cookies);
    watch(state, cookies);
  }

  async function read(request: Request, state: RequestState): Promise<Session | null> {
    try {
      const { session, cookies } = await readSession(config(), incomingOf(request, env()));
      remember(state, cookies.map(serializeCookie));
      return session;
    } catch {
      // Fail closed: a configuration that cannot even be prepared reads as no session.
      return null;
    }
  }

  return {
    getSession(request) {
      const state = stateOf(request);
      state.read ??= read(request, state);
      return state.read;
    },
    sessionHeaders(request) {
      const state = stateOf(request);
      const headers = new Headers();
      for (const cookie of state.pending.splice(0)) headers.append("Set-Cookie", cookie);
      return headers;
    },
    async middleware(_args, next) {
      if (!storage) return next();
      const state: RequestState = { pending: [], middleware: true };
      const response = await storage.run(state, next);
      return withSetCookies(response, state.pending.splice(0));
    },
    adopt(request, session, setCookies) {
      const state = stateOf(request);
      state.read = Promise.resolve(session);
      remember(state, setCookies);
    },
  };
}
