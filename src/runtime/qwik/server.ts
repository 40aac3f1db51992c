/**
 * The server side of the Qwik City integration, free of Qwik runtime imports (so it is tested without the
 * optimizer): what signing in or out asks of the core's shared server layer (core/server/sign-in-sign-out.ts,
 * core/server/helper-destination.ts), which makes every auth decision. `auth.qwik.ts` wires these into Qwik's
 * `onRequest` and `globalAction$`. What is left here is Qwik's own: its client-data URLs (`/q-data.json`,
 * `?qaction=`), its env getter, and its actions' input (the spec's Qwik `signIn` shape).
 */
import type { EnvGetter } from "@builder.io/qwik-city/middleware/request-handler";
import { type IncomingRequest, isAuthPath } from "../core/server/action-request.js";
import { helperCallbackUrl } from "../core/server/helper-destination.js";
import { helperSignIn, helperSignOut, signInPage } from "../core/server/sign-in-sign-out.js";
import type { Cookie } from "../types.js";
import { envRecord } from "./env.js";
import type { QwikAuthConfig, SignInInput } from "./types.js";

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

/** The suffix of Qwik City's client-data requests: `<page>/q-data.json`, fetched to navigate without reloading. */
const CLIENT_DATA = /\/q-data\.json$/;

/**
 * An auth page asked for as client data (after an action redirected to one: a rejected sign-in lands on
 * `<basePath>/signin?error=…`). Auth pages are not Qwik routes: this is the page to redirect such a request
 * to, which makes the client load it fully.
 */
export function authPageOfClientData(url: URL, basePath: string | undefined): string | null {
  if (!CLIENT_DATA.test(url.pathname)) return null;
  const pathname = url.pathname.replace(CLIENT_DATA, "");
  return isAuthPath(pathname, basePath) ? `${pathname}${url.search}` : null;
}

/**
 * A POST of one of the integration's own actions: Qwik City posts an action to `?qaction=<its id>`, and reads
 * the body itself before the action runs, so `onRequest` checks it first (core/server/oversized-body.ts
 * oversizedBodyResponse). The app's other actions, and their bodies, are the app's.
 */
export function isOwnActionPost(request: Request, actionIds: readonly string[]): boolean {
  if (request.method.toUpperCase() !== "POST") return false;
  const id = new URL(request.url).searchParams.get("qaction");
  return id !== null && actionIds.includes(id);
}

/** The page an action was posted from, without Qwik's own query parameters: the default destination. */
export function currentPage(url: URL): string {
  const page = new URL(url);
  for (const name of ["qaction", "qdata", "qfunc", "qloaders"]) page.searchParams.delete(name);
  page.pathname = page.pathname.replace(CLIENT_DATA, "/");
  return `${page.pathname}${page.search}`;
}

/** Qwik hands the environment over as a getter (`event.env.get`), viewed here as the record the core reads. */
export function incomingOf(event: AuthRequestEvent): IncomingRequest {
  return { headers: event.request.headers, url: event.url, env: envRecord(event.env) };
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
  if (!input.providerId) return { url: signInPage(config, incomingOf(event), callbackUrl).href, cookies: [] };
  // `options` is the action's validated input: its values that are not text are posted as JSON text (core).
  const { redirect, cookies } = await helperSignIn(config, incomingOf(event), {
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
  const { redirect, cookies } = await helperSignOut(config, incomingOf(event), callbackUrl, { errorRedirect: true });
  return { url: redirect, cookies };
}
