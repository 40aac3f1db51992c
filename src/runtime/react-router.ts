/**
 * React Router integration (React Router 7 framework mode; React Router 8 alike): `ReactRouterAuth(config)`
 * gives the `loader` and `action` of the splat resource route serving the auth actions (`app/routes/auth.$.ts`),
 * the session read (`getSession(request)`, its cookies written back by `middleware` or `sessionHeaders`), the
 * guard `requireSession(request)` (throws a redirect to sign-in for a page, a 401 for a data or API request)
 * and server-side `signIn`/`signOut` for actions. A translation layer only: every auth decision is the core's,
 * and the origin is the core's rule too: AUTH_URL, else the request's Host, X-Forwarded-* only under
 * `trustHost`. Nothing of React Router is imported at run time: it speaks web Requests and Responses.
 */
import { Auth } from "./core/auth.js";
import { wantsPage } from "./core/errors.js";
import { normalizeBasePath } from "./core/request.js";
import { isAuthPath } from "./core/server/action-request.js";
import type { IntegrationConfig } from "./core/server/config.js";
import { mountedConfig, processEnv } from "./core/server/mount-defaults.js";
import { guardRequest, withSetCookies } from "./core/server/route-guard.js";
import { appPath, coreRequest, hostUrl, incomingOf, isDataRequest } from "./react-router/request.js";
import { type ReactRouterMiddleware, sessionStore } from "./react-router/session.js";
import {
  type ReactRouterSignInOptions,
  type ReactRouterSignOutOptions,
  signInResponse,
  signOutResponse,
} from "./react-router/sign-in-sign-out.js";
import type { Session } from "./types.js";

export { AuthError, CredentialsSignin } from "./errors.js";
export type { ReactRouterMiddleware } from "./react-router/session.js";
export {
  FormAlreadyReadError,
  type ReactRouterSignInOptions,
  type ReactRouterSignOutOptions,
} from "./react-router/sign-in-sign-out.js";
export type { Account, DefaultSession, Profile, Session, User } from "./types.js";

/** The configuration accepted by `ReactRouterAuth`: the core's, minus the `raw` marker this layer manages. */
export type ReactRouterAuthConfig = IntegrationConfig;

/** What React Router hands the resource route's `loader` and `action` (the rest of its arguments is not read). */
export interface ReactRouterRouteArgs {
  request: Request;
  params?: Record<string, string | undefined>;
}

export interface ReactRouterAuth {
  /**
   * The auth route's loader: `export const loader = auth.loader;` and `export const action = auth.action;` in
   * `app/routes/auth.$.ts`, one export each (`react-router build` refuses a destructured export).
   */
  loader: (args: ReactRouterRouteArgs) => Promise<Response>;
  /** The auth route's action (POST): sign-in, callbacks, sign-out, session updates. */
  action: (args: ReactRouterRouteArgs) => Promise<Response>;
  /**
   * The session of the request, or `null`: read once per request under `middleware`, else once per loader. A
   * re-issued cookie goes out through `middleware`, else through `sessionHeaders(request)`; a read whose
   * cookie reached neither is logged.
   */
  getSession(request: Request): Promise<Session | null>;
  /**
   * The session of a signed-in user, else throws: a page's navigation is redirected to sign-in (and comes
   * back), a data request (`.data`), a script's `fetch` or an API client gets 401.
   */
  requireSession(request: Request): Promise<Session>;
  /**
   * Root middleware writing the cookies of this request's session reads on its response, whatever the
   * response: `export const middleware = [auth.middleware]` in `app/root.tsx`.
   */
  middleware: ReactRouterMiddleware;
  /** For apps without the middleware: the Set-Cookie headers of the request's reads, for `data(…, { headers })`. */
  sessionHeaders(request: Request): Headers;
  /** Signs in with `providerId` (else the posted `providerId`, else the sign-in page): a 303 with the cookies. */
  signIn(request: Request, providerId?: string, options?: ReactRouterSignInOptions): Promise<Response>;
  /** Ends the session: a 303 to `redirectTo`, else the posted `redirectTo`, else the Referer. */
  signOut(request: Request, options?: ReactRouterSignOutOptions): Promise<Response>;
}

/** The auth route reached at a path that is not the base path the reads and helpers build URLs on. */
export class ReactRouterAuthMountError extends Error {
  readonly code = "REACT_ROUTER_AUTH_MOUNT";
  override name = "ReactRouterAuthMountError";
}

type Env = Record<string, string | undefined>;

/** `/api/auth/signin` with the splat `signin` → `/api/auth`; undefined when the path does not end with the splat. */
function mountOf(pathname: string, splat: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(pathname).replace(/\/+$/, "");
  } catch {
    return undefined;
  }
  const rest = splat.replace(/\/+$/, "");
  if (!rest) return path;
  return path.endsWith(`/${rest}`) ? path.slice(0, -rest.length - 1) : undefined;
}

function unauthorized(): Response {
  return Response.json({ message: "Sign in to use this resource." }, { status: 401 });
}

export function ReactRouterAuth(config: ReactRouterAuthConfig): ReactRouterAuth {
  let env: Env | undefined;
  // Read on the first request (the server has loaded its env file by then), then kept.
  const envOf = (): Env => {
    env ??= processEnv();
    return env;
  };
  // Made once per config object, never mutating the app's (core/server/mount-defaults.ts).
  const prepared = () => mountedConfig(config, undefined, envOf());
  const sessions = sessionStore(prepared, envOf);

  async function serve({ request, params }: ReactRouterRouteArgs): Promise<Response> {
    const current = prepared();
    const basePath = normalizeBasePath(current.basePath);
    const url = hostUrl(request);
    const splat = params?.["*"];
    const mount = splat === undefined ? undefined : mountOf(url.pathname, splat);
    if (mount !== undefined && mount !== basePath) {
      throw new ReactRouterAuthMountError(
        `The auth route serves ${mount || "/"}/* but its base path is ${basePath || "/"}: set \`basePath: "${mount}"\` in the auth config (or AUTH_URL's path), or move the route to ${basePath}/*.`,
      );
    }
    // The route owns the whole base path; only the core's actions are served there.
    if (!isAuthPath(url.pathname, current.basePath)) return new Response("Not Found", { status: 404 });
    return Auth(coreRequest(request), current);
  }

  /**
   * The core serves GET and POST. React Router calls the loader for HEAD and OPTIONS too: a HEAD is not run as
   * a GET, since some GETs change state (an OAuth callback consumes its state cookie) and HEAD must be safe.
   */
  const only =
    (method: "GET" | "POST") =>
    async (args: ReactRouterRouteArgs): Promise<Response> =>
      args.request.method === method
        ? serve(args)
        : new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET, POST" } });

  async function requireSession(request: Request): Promise<Session> {
    const current = prepared();
    const url = hostUrl(request);
    const { path, search } = appPath(url);
    const guarded = { request, url, path, search, env: envOf() };
    const outcome = await guardRequest(current, guarded, false);
    if ("through" in outcome && outcome.session?.user) {
      sessions.adopt(request, outcome.session, outcome.setCookies);
      return outcome.session;
    }
    if ("respond" in outcome) throw withSetCookies(outcome.respond, outcome.setCookies);
    // A page's navigation goes to sign-in and comes back; a script (React Router's own data requests
    // included) or an API client gets a status it can act on. Let through without a user (the `authorized`
    // callback's choice, or the sign-in page itself), there is no session to return: 401, never a loop.
    const page = "signIn" in outcome && !isDataRequest(url) && wantsPage(request);
    const refused = page
      ? new Response(null, { status: 302, headers: { Location: outcome.signIn.href } })
      : unauthorized();
    throw withSetCookies(refused, outcome.setCookies);
  }

  const call = (request: Request) => ({ request, config: prepared(), incoming: incomingOf(request, envOf()) });
  return {
    loader: only("GET"),
    action: only("POST"),
    getSession: sessions.getSession,
    requireSession,
    middleware: sessions.middleware,
    sessionHeaders: sessions.sessionHeaders,
    signIn: (request, providerId, options) => signInResponse(call(request), providerId, options),
    signOut: (request, options) => signOutResponse(call(request), options),
  };
}
