/**
 * `@create-auth/runtime/nuxt/session`: the session of a Nuxt page, framework-free, for the `useSession()`
 * composable and the `auth` route middleware that init writes into the app (docs/nuxt.md). The store works on
 * any `{ value }` box, which Nuxt's `useState` ref is: read once on the server (through the Nitro plugin's
 * `event.context.auth`, nuxt.ts), handed to the browser in Nuxt's payload and not read again on hydration,
 * then refreshed in the browser when the tab comes back into view and when another tab signs in or out. It
 * never imports Vue, Nuxt or h3 (`#imports` would need the app's build to transpile the package), and nothing
 * of the server: the browser's side is the framework-agnostic client (client/actions.ts).
 */
import { type AuthClient, createAuthClient, type SignInOptions, type SignOutOptions } from "../client/actions.js";
import type { AuthorizationParams, SignInResponse } from "../client/outcome.js";
import { onSessionChange } from "../client/session-change.js";
import type { Session } from "../types.js";

export type { SignInOptions, SignOutOptions } from "../client/actions.js";
export type { AuthorizationParams, SignInResponse } from "../client/outcome.js";
export type { Session } from "../types.js";

/** `loading` until the first read; then whether that read found a signed-in user. */
export type SessionStatus = "loading" | "authenticated" | "unauthenticated";

/** What the composable keeps in `useState`: serialisable, so Nuxt's payload carries it to the browser. */
export interface SessionState {
  data: Session | null;
  status: SessionStatus;
}

/** Where the state lives: Nuxt's `useState` ref, or any object with a `value`. */
export interface SessionBox {
  value: SessionState;
}

/** The state before any read. */
export function initialSessionState(): SessionState {
  return { data: null, status: "loading" };
}

export interface SessionStoreOptions {
  /** Where the auth routes are served (`server/routes/auth/[...].ts`): `/auth`. */
  basePath?: string;
  /**
   * The read on the server while a page renders: the Nitro plugin's `event.context.auth.getSession` (nuxt.ts),
   * which reads the request's own cookies and writes a rolled JWT back on the page's response. Without it,
   * the store reads `<basePath>/session` as the browser does.
   */
  read?: (() => Promise<Session | null>) | undefined;
}

export interface SessionStore {
  readonly state: SessionBox;
  /** Reads the session once: nothing when the state already holds a read (the server's, hydrated). */
  load(): Promise<SessionState>;
  /** Reads the session again and sets the state. A read that fails leaves the state signed out. */
  refresh(): Promise<SessionState>;
  /** Sends `data` to the `jwt` (or `session`) callback through `/session`; the state takes the new session. */
  update(data: unknown): Promise<Session | null>;
  /** The client's `signIn` on this base path; with `redirect: false`, the state follows the outcome. */
  signIn(
    provider?: string,
    options?: SignInOptions,
    authorizationParams?: AuthorizationParams,
  ): Promise<SignInResponse | undefined>;
  /** The client's `signOut` on this base path; with `redirect: false`, the state is signed out at once. */
  signOut(options?: SignOutOptions): Promise<{ url: string } | undefined>;
  /**
   * In the browser: reads again when the tab comes back into view, every `refetchInterval` seconds if given,
   * and when another tab signs in or out. Once per state box, however many components call it; returns the
   * function that stops it.
   */
  watch(options?: { refetchOnFocus?: boolean; refetchInterval?: number }): () => void;
}

function stateOf(session: Session | null): SessionState {
  return { data: session, status: session?.user ? "authenticated" : "unauthenticated" };
}

/**
 * The server's read for the store, from Nuxt's `useRequestEvent()`: the Nitro plugin's `event.context.auth`
 * (nuxt.ts). Undefined in the browser (no event), and on a server whose plugin is not installed, where the
 * store then reads `<basePath>/session` itself.
 */
export function serverRead(
  event: { context: Record<string, unknown> } | undefined,
): (() => Promise<Session | null>) | undefined {
  const auth = event?.context.auth as { getSession?: unknown } | undefined;
  const getSession = auth?.getSession;
  return typeof getSession === "function" ? () => (getSession as () => Promise<Session | null>)() : undefined;
}

/** The boxes being watched, so that every `useSession()` of a page shares one set of listeners. */
const watched = new WeakMap<SessionBox, () => void>();

export function sessionStore(state: SessionBox, options: SessionStoreOptions = {}): SessionStore {
  const basePath = (options.basePath ?? "/auth").replace(/\/+$/, "");
  const client: AuthClient = createAuthClient({ basePath });
  let pending: Promise<SessionState> | undefined;

  function refresh(): Promise<SessionState> {
    // Reads that overlap (focus and another tab at once) share one request.
    pending ??= (options.read ?? (() => client.getSession()))()
      .catch(() => null)
      .then((session) => {
        state.value = stateOf(session);
        return state.value;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  }

  async function load(): Promise<SessionState> {
    return state.value.status === "loading" ? refresh() : state.value;
  }

  async function update(data: unknown): Promise<Session | null> {
    const session = await client.updateSession(data);
    if (session) state.value = stateOf(session);
    return session;
  }

  async function signIn(
    provider?: string,
    signInOptions: SignInOptions = {},
    authorizationParams?: AuthorizationParams,
  ): Promise<SignInResponse | undefined> {
    const result = await client.signIn(provider, signInOptions, authorizationParams);
    if (result?.ok) await refresh();
    return result;
  }

  async function signOut(signOutOptions: SignOutOptions = {}): Promise<{ url: string } | undefined> {
    const result = await client.signOut(signOutOptions);
    if (result) state.value = stateOf(null);
    return result;
  }

  function watch(watchOptions: { refetchOnFocus?: boolean; refetchInterval?: number } = {}): () => void {
    const running = watched.get(state);
    if (running) return running;
    const stops: Array<() => void> = [onSessionChange(() => void refresh())];
    const page = (globalThis as { document?: Document }).document;
    if (page && watchOptions.refetchOnFocus !== false) {
      const onVisible = () => {
        if (page.visibilityState === "visible") void refresh();
      };
      page.addEventListener("visibilitychange", onVisible);
      stops.push(() => page.removeEventListener("visibilitychange", onVisible));
    }
    if (watchOptions.refetchInterval && watchOptions.refetchInterval > 0) {
      const timer = setInterval(() => void refresh(), watchOptions.refetchInterval * 1000);
      stops.push(() => clearInterval(timer));
    }
    const stop = () => {
      for (const each of stops) each();
      watched.delete(state);
    };
    watched.set(state, stop);
    return stop;
  }

  return { state, load, refresh, update, signIn, signOut, watch };
}

export interface SignInRedirectOptions {
  /** Where the auth routes are served: `/auth`. */
  basePath?: string;
  /** The app's own sign-in page (the config's `pages.signIn`), a path on this app. */
  signInPage?: string;
}

/** `path` without its query and hash and trailing slashes; `/` for the root. */
function pathOf(target: string): string {
  return target.split(/[?#]/)[0]?.replace(/\/+$/, "") || "/";
}

/**
 * The route middleware's part (`definePageMeta({ middleware: "auth" })`): where a signed-out visitor of `to`
 * (the route's `fullPath`) goes, or undefined to let the navigation through. The sign-in page comes back to
 * `to` after signing in. Never a loop: the sign-in page itself, and everything under the base path, are let
 * through. The target is a path on this app; Nuxt navigates there with `{ external: true }`, since the
 * built-in sign-in page is a server route, not a page of the Vue router.
 */
export function signInRedirect(
  session: Session | null,
  to: string,
  options: SignInRedirectOptions = {},
): string | undefined {
  if (session?.user) return undefined;
  const basePath = pathOf(options.basePath ?? "/auth");
  const path = pathOf(to);
  const page = options.signInPage ?? `${basePath === "/" ? "" : basePath}/signin`;
  if (path === pathOf(page) || path === basePath || path.startsWith(`${basePath}/`)) return undefined;
  const [pagePath, pageQuery = ""] = page.split("?");
  const search = new URLSearchParams(pageQuery);
  search.set("callbackUrl", to);
  return `${pagePath}?${search}`;
}
