/**
 * The server side of the Qwik City integration, free of Qwik runtime imports: which requests are auth
 * endpoints, the session of a request, and what signing in or out asks of the core. `auth.qwik.ts` wires
 * these into Qwik's `onRequest`, `routeLoader$` and `globalAction$`; every auth decision stays the core's
 * (core/server-actions.ts, core/helper-destination.ts). What is left here is Qwik's own: its client-data
 * URLs (`/q-data.json`, `?qaction=`), its env getter, and the shape of its actions' validated input.
 */
import type { EnvGetter } from "@builder.io/qwik-city/middleware/request-handler";
import { helperCallbackUrl, sameOriginPath } from "../core/helper-destination.js";
import {
  helperSignIn,
  helperSignOut,
  type IncomingRequest,
  type IntegrationConfig,
  isAuthPath,
  readSession,
  signInPage,
} from "../core/server-actions.js";
import type { Cookie, Session } from "../types.js";
import { envRecord } from "./env.js";

/** The configuration `QwikAuth$` returns: the core's, minus the `raw` marker this layer manages. */
export type QwikAuthConfig = IntegrationConfig;

/** The session of a request and the cookies the core re-issued while reading it (rolling expiry). */
export type GetSessionResult = Promise<{ cookie: Cookie[]; data: Session | null }>;

/** Query parameters added to the provider's authorization request. */
export type AuthorizationParams = string | Record<string, string> | URLSearchParams;

/** What the integration needs of a Qwik request event (`RequestEventCommon` has all of it). */
export interface AuthRequestEvent {
  readonly request: Request;
  readonly url: URL;
  readonly env: EnvGetter;
}

/** Where a sign-in or sign-out sends the browser, and the cookies to set on the way. */
export interface AuthRedirect {
  url: string;
  cookies: Cookie[];
}

/**
 * The core's rules under the names this integration's hooks (and its tests) know them by: which requests are
 * the core's (`<basePath>/<action>[/…]`), and a destination as a same-origin path, since Qwik City's client
 * navigates to paths only.
 */
export { isAuthPath as isAuthEndpoint, sameOriginPath };

const CLIENT_DATA = "/q-data.json";

/**
 * Qwik City's client fetches `<page>/q-data.json` to navigate without reloading, including after an action
 * redirected to a page here (a rejected sign-in lands on `<basePath>/signin?error=…`). Auth pages are not
 * Qwik routes: this is the page to redirect such a request to, which makes the client load it fully.
 */
export function authPageOfClientData(url: URL, basePath: string | undefined): string | null {
  if (!url.pathname.endsWith(CLIENT_DATA)) return null;
  const pathname = url.pathname.slice(0, -CLIENT_DATA.length);
  return isAuthPath(pathname, basePath) ? `${pathname}${url.search}` : null;
}

/** Qwik hands the environment over as a getter (`event.env.get`), viewed here as the record the core reads. */
function incoming(event: AuthRequestEvent): IncomingRequest {
  return { headers: event.request.headers, url: event.url, env: envRecord(event.env) };
}

/** The session of the request (null when absent or unreadable: fail closed) and the cookies to re-issue. */
export async function getSessionData(event: AuthRequestEvent, config: QwikAuthConfig): GetSessionResult {
  const { session, cookies } = await readSession(config, incoming(event));
  return { cookie: cookies, data: session };
}

/** The page an action was posted from, without Qwik's own query parameters: the default destination. */
export function currentPage(url: URL): string {
  const page = new URL(url);
  for (const name of ["qaction", "qdata", "qfunc", "qloaders"]) page.searchParams.delete(name);
  page.pathname = page.pathname.replace(/\/q-data\.json$/, "/");
  return `${page.pathname}${page.search}`;
}

export interface SignInInput {
  providerId?: string | undefined;
  redirectTo?: string | undefined;
  options?: ({ redirectTo?: string | undefined } & Record<string, unknown>) | undefined;
  authorizationParams?: AuthorizationParams | undefined;
}

/**
 * Signs in with `providerId` (without one, the browser goes to the sign-in page). The destination
 * afterwards is `options.redirectTo`, `redirectTo`, or the page the action was posted from. A rejected
 * sign-in is answered with the redirect to the error page (`errorRedirect`), not thrown: a Qwik action is
 * posted by a browser form, and the browser has to land somewhere.
 */
export async function signInRedirect(
  event: AuthRequestEvent,
  config: QwikAuthConfig,
  input: SignInInput,
): Promise<AuthRedirect> {
  const { redirectTo: optionsRedirectTo, ...options } = input.options ?? {};
  const callbackUrl = helperCallbackUrl(optionsRedirectTo || input.redirectTo, currentPage(event.url));
  if (!input.providerId) return { url: signInPage(config, incoming(event), callbackUrl).href, cookies: [] };
  // `options` is the action's validated input: its values that are not text are posted as JSON text (core).
  const { redirect, cookies } = await helperSignIn(config, incoming(event), {
    providerId: input.providerId,
    callbackUrl,
    fields: Object.entries(options),
    authorizationParams: input.authorizationParams,
    errorRedirect: true,
  });
  return { url: redirect, cookies };
}

/** Ends the session (the core clears its cookies) and names the page to land on. */
export async function signOutRedirect(
  event: AuthRequestEvent,
  config: QwikAuthConfig,
  input: { redirectTo?: string | undefined },
): Promise<AuthRedirect> {
  const callbackUrl = helperCallbackUrl(input.redirectTo, currentPage(event.url));
  const { redirect, cookies } = await helperSignOut(config, incoming(event), callbackUrl, { errorRedirect: true });
  return { url: redirect, cookies };
}
