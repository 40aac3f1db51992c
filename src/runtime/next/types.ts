/**
 * The public types of the Next.js integration: what `NextAuth` takes and returns, and every form of `auth`.
 * Next's own because its calls are: server actions take a `FormData` or `redirect: false`, and `auth` is
 * called bare, with a Pages Router context, with Node's `req`/`res`, with a handler, or as middleware. The
 * configuration and the authorization parameters are the core's (core/server/config.ts,
 * core/sign-in-request.ts), named here as the integration's API names them.
 */
import type { NextFetchEvent, NextRequest } from "next/server.js";
import type { IntegrationConfig } from "../core/server/config.js";
import type { NodeRequest, NodeResponse } from "../core/server/node-message.js";
import type { AuthorizationParams } from "../core/sign-in-request.js";
import type { Awaitable, Session, User } from "../types.js";

export type { AuthorizationParams } from "../core/sign-in-request.js";

/** The configuration accepted by `NextAuth`: the core's, minus the `raw` marker this layer manages. */
export type NextAuthConfig = IntegrationConfig;

/** The request a wrapped handler receives: Next's, plus the session (`null` when signed out). */
export interface NextAuthRequest extends NextRequest {
  auth: Session | null;
}

/** A route handler or middleware wrapped by `auth(handler)`. Returning nothing lets the request through. */
export type NextAuthHandler<Context> = (
  request: NextAuthRequest,
  context: Context,
) => Awaitable<Response | null | undefined>;

/**
 * What the runtime reads of Node's request (`NextApiRequest`, `IncomingMessage`): typed structurally, so the
 * runtime's declarations depend neither on `@types/node` nor on Next's own (both are assignable to these).
 */
export type PagesRequest = NodeRequest;

/** What the runtime writes on Node's response (`NextApiResponse`, `ServerResponse`). */
export type PagesResponse = NodeResponse;

/** `getServerSideProps`' context, of which only `req` and `res` are used. */
export interface PagesContext {
  req: PagesRequest;
  res: PagesResponse;
}

export interface SignInOptions<Redirect extends boolean = true> {
  /** Default `true`: redirect the user. `false`: resolve with the URL instead. */
  redirect?: Redirect;
  /** Where to land after sign-in (a relative path). Default: the page the action was called from. */
  redirectTo?: string;
  /**
   * Link: add this provider's account to the user signed in now (docs/linking.md). Needs a sign-in within
   * `linking.maxAuthAge`; otherwise the action throws `AccountLinkRefused` (`code` `signin` or
   * `reauthenticate`). In a form: a field `link` with the value `true`.
   */
  link?: boolean;
  /** Other keys are sent to the provider, e.g. the credentials a credentials provider reads. */
  [field: string]: unknown;
}

export interface SignOutOptions<Redirect extends boolean = true> {
  redirect?: Redirect;
  redirectTo?: string;
}

/**
 * `auth`, by how it is called. Every form answers `null` for a signed-out visitor or a session that cannot
 * be read (fail closed).
 */
export interface NextAuthFunction {
  /** The current session in server components, route handlers and server actions (App Router). */
  (): Promise<Session | null>;
  /** Pages Router: `getServerSideProps(context)`. A re-issued session cookie is set on `context.res`. */
  (context: PagesContext): Promise<Session | null>;
  /** Pages Router API routes: `auth(req, res)`. */
  (req: PagesRequest, res: PagesResponse): Promise<Session | null>;
  /**
   * Wraps a route handler or middleware: `request.auth` is the session. An `authorized` callback in the
   * config still runs first (its Response wins; a falsy answer redirects to sign-in).
   */
  <Context>(handler: NextAuthHandler<Context>): (request: NextRequest, context: Context) => Promise<Response>;
  /**
   * As middleware / proxy (`export { auth as middleware }`, `export { auth as proxy }`): the `authorized`
   * callback decides; by default a signed-in user passes and anyone else goes to the sign-in page.
   */
  (request: NextRequest, event: NextFetchEvent): Promise<Response>;
}

export interface NextAuthResult {
  /** Export as `GET` and `POST` from `app/api/auth/[...nextauth]/route.ts` (Pages Router: `pagesApiRoute`). */
  handlers: { GET: (request: NextRequest) => Promise<Response>; POST: (request: NextRequest) => Promise<Response> };
  auth: NextAuthFunction;
  /** Server action. Without a provider the user goes to the sign-in page. */
  signIn: <Redirect extends boolean = true>(
    provider?: string,
    options?: FormData | SignInOptions<Redirect>,
    authorizationParams?: AuthorizationParams,
  ) => Promise<Redirect extends false ? string : never>;
  /** Server action. Ends the session, then redirects (or, with `redirect: false`, returns the URL). */
  signOut: <Redirect extends boolean = true>(
    options?: SignOutOptions<Redirect>,
  ) => Promise<Redirect extends false ? string : never>;
  /** Sends `data` to the `jwt` callback (`trigger: "update"`) or the `session` callback; returns the new session. */
  unstable_update: (data: Partial<Session | { user: Partial<User> }>) => Promise<Session | null>;
}
