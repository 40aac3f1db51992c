"use client";
/**
 * `@create-auth/runtime/react`: the session in client components. `SessionProvider` holds it (from the
 * server's initial value or `/session`) and keeps it fresh (interval, window focus, other tabs);
 * `useSession` reads it and updates it; `signIn`/`signOut` run the auth actions from the browser.
 * Written with `createElement` so it needs no JSX build step.
 */
import {
  createContext,
  createElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { signInPageUrl } from "./client/outcome.js";
import { announce, onSessionChange } from "./client/session-change.js";
import { getBasePath, getSession, setBasePath, updateSession } from "./react/client.js";
import type { Session } from "./types.js";

export type { SignInOptions, SignOutOptions } from "./client/actions.js";
export type { AuthorizationParams, ClientProvider, SignInResponse } from "./client/outcome.js";
export type { SessionChange } from "./client/session-change.js";
export { getCsrfToken, getProviders, getSession, signIn, signOut } from "./react/client.js";
export type { Session } from "./types.js";

/** Sends `data` to the jwt callback (`trigger: "update"`) and resolves with the new session (null if refused). */
export type UpdateSession = (data?: unknown) => Promise<Session | null>;

// One member per status, so that ruling out "loading" and "unauthenticated" one check at a time (as the docs'
// useSession example does) leaves `data` typed as the session.
export type SessionContextValue =
  | { data: Session; status: "authenticated"; update: UpdateSession }
  | { data: null; status: "unauthenticated"; update: UpdateSession }
  | { data: null; status: "loading"; update: UpdateSession };

const SessionContext = createContext<SessionContextValue | undefined>(undefined);

export interface SessionProviderProps {
  children?: ReactNode;
  /** The session the server rendered with (`await auth()`): no `/session` fetch on mount. Null = signed out. */
  session?: Session | null;
  /** Where the auth actions are served. Default `/api/auth`. */
  basePath?: string;
  /** Re-read the session every this many seconds. Default 0 (never). */
  refetchInterval?: number;
  /** Re-read the session when the tab becomes visible again. Default true. */
  refetchOnWindowFocus?: boolean;
  /** Also poll while the browser reports being offline. Default false. */
  refetchWhenOffline?: boolean;
}

/** A session with a user is "authenticated"; null (or one without a user) is "unauthenticated". */
function settled(session: Session | null): Pick<SessionContextValue, "data" | "status"> {
  return session?.user ? { data: session, status: "authenticated" } : { data: null, status: "unauthenticated" };
}

export function SessionProvider(props: SessionProviderProps): ReactNode {
  const { children, session: initial, basePath = "/api/auth", refetchInterval = 0 } = props;
  const { refetchOnWindowFocus = true, refetchWhenOffline = false } = props;
  setBasePath(basePath);
  const [state, setState] = useState<Pick<SessionContextValue, "data" | "status">>(() =>
    initial === undefined ? { data: null, status: "loading" } : settled(initial),
  );
  // Reads and updates are numbered as they start, and an answer is applied only if it started after the
  // answer last applied: a slow read never overwrites a newer one, and a refused update (which applies
  // nothing) does not discard a read still in flight, which would leave the status "loading" for good.
  const started = useRef(0);
  const applied = useRef(0);
  const apply = useCallback((ticket: number, session: Session | null) => {
    if (ticket < applied.current) return;
    applied.current = ticket;
    setState(settled(session));
  }, []);
  const refetch = useCallback(async () => {
    const ticket = ++started.current;
    apply(ticket, await getSession({ basePath }));
  }, [basePath, apply]);

  useEffect(() => {
    if (initial === undefined) void refetch();
  }, [initial, refetch]);
  useEffect(() => onSessionChange(() => void refetch()), [refetch]);
  useEffect(() => {
    if (!refetchOnWindowFocus) return;
    const onVisible = () => {
      if (document.visibilityState === "visible") void refetch();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [refetchOnWindowFocus, refetch]);
  useEffect(() => {
    if (!refetchInterval) return;
    const timer = setInterval(() => {
      if (refetchWhenOffline || navigator.onLine !== false) void refetch();
    }, refetchInterval * 1000);
    return () => clearInterval(timer);
  }, [refetchInterval, refetchWhenOffline, refetch]);

  const update = useCallback<UpdateSession>(
    async (data) => {
      const ticket = ++started.current;
      const session = await updateSession(data, { basePath });
      if (session === null) return null;
      apply(ticket, session);
      announce("update", { local: false });
      return session;
    },
    [basePath, apply],
  );
  const value = useMemo(() => ({ ...state, update }) as SessionContextValue, [state, update]);
  return createElement(SessionContext.Provider, { value }, children);
}

export interface UseSessionOptions {
  /** The page needs a session: while there is none, status stays "loading" and the user is sent to sign in. */
  required?: boolean;
  /** With `required`: called instead of going to the sign-in page. */
  onUnauthenticated?: () => void;
}

/** The session, its status, and `update`. Must be rendered inside a `SessionProvider`. */
export function useSession(options: UseSessionOptions = {}): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside a <SessionProvider> (from @create-auth/runtime/react)");
  const { required = false, onUnauthenticated } = options;
  const missing = required && value.status === "unauthenticated";
  useEffect(() => {
    if (!missing) return;
    if (onUnauthenticated) onUnauthenticated();
    else window.location.href = signInPageUrl(getBasePath(), window.location.href, "SessionRequired");
  }, [missing, onUnauthenticated]);
  return missing ? { data: null, status: "loading", update: value.update } : value;
}
