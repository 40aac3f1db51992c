/**
 * React Router's server-side `signIn` and `signOut`: an action of the app's own (`export const action =
 * ({ request }) => auth.signIn(request, "credentials")`) signs the browser in or out and returns the redirect
 * (303) with the cookies. What is posted, and where the browser lands, is the core's server layer's
 * (core/server/routed-helpers.ts); this shapes the redirect so React Router's client follows it (a document
 * load for the built-in pages and other sites).
 */
import { serializeCookie } from "../core/cookies/header.js";
import { normalizeBasePath } from "../core/request.js";
import { actionParts, type IncomingRequest } from "../core/server/action-request.js";
import type { IntegrationConfig } from "../core/server/config.js";
import {
  type RoutedOutcome,
  type RoutedSignInOptions,
  type RoutedSignOutOptions,
  routedSignIn,
  routedSignOut,
} from "../core/server/routed-helpers.js";
import { coreRequest } from "./request.js";

/**
 * `fields`: pass the form when the action has read it already (`await request.formData()`): a body is read
 * only once, and a helper finding it read throws FormAlreadyReadError.
 */
export type ReactRouterSignInOptions = RoutedSignInOptions;
export type ReactRouterSignOutOptions = RoutedSignOutOptions;

/** A helper called on a request whose form the action already read, without handing that form over. */
export class FormAlreadyReadError extends Error {
  readonly code = "REACT_ROUTER_AUTH_FORM_READ";
  override name = "FormAlreadyReadError";
}

/** The request a helper acts for, as the integration prepared it. */
export interface HelperCall {
  request: Request;
  config: IntegrationConfig;
  incoming: IncomingRequest & { headers: Headers };
}

/**
 * The 303 with the cookies. A target React Router's client cannot render (the built-in pages under the base
 * path, which a resource route serves, or another site) is marked for a document load, as `redirectDocument`
 * marks it; the app's own pages are navigated to by the client.
 */
function redirect({ config, incoming }: HelperCall, location: string, cookies: readonly string[]): Response {
  const headers = new Headers({ Location: location });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  const own = actionParts(config, "session", incoming).url.origin;
  const target = new URL(location, own);
  const base = normalizeBasePath(config.basePath);
  if (target.origin !== own || target.pathname === base || target.pathname.startsWith(`${base}/`)) {
    headers.set("X-Remix-Reload-Document", "true");
  }
  return new Response(null, { status: 303, headers });
}

/** The action's request, for its form; one the action already read is refused, naming the fix. */
function route({ request }: HelperCall) {
  return {
    method: request.method,
    headers: request.headers,
    request: () => {
      if (request.bodyUsed) {
        throw new FormAlreadyReadError(
          'The action read the request\'s form before calling signIn/signOut: pass it on, as in `auth.signIn(request, "credentials", { fields: form })`.',
        );
      }
      return coreRequest(request);
    },
  };
}

/** The outcome as React Router answers it: the refusal as text, else the 303 with the core's cookies. */
function answer(call: HelperCall, outcome: RoutedOutcome): Response {
  if ("refused" in outcome) {
    const { status, message } = outcome.refused;
    const body = status === 403 ? `Cross-origin request refused. ${message}` : message;
    return new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return redirect(call, outcome.redirect, outcome.cookies.map(serializeCookie));
}

/** Signs in with `providerId` (else the posted `providerId`; without one, the sign-in page). */
export async function signInResponse(
  call: HelperCall,
  providerId?: string,
  options: ReactRouterSignInOptions = {},
): Promise<Response> {
  return answer(call, await routedSignIn(call.config, call.incoming, route(call), providerId, options));
}

/** Ends the session (the core clears its cookies) and redirects. */
export async function signOutResponse(call: HelperCall, options: ReactRouterSignOutOptions = {}): Promise<Response> {
  return answer(call, await routedSignOut(call.config, call.incoming, route(call), options));
}
