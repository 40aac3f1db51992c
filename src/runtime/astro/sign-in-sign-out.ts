/**
 * Astro's server-side `signIn` and `signOut`: an endpoint of the app's own (`export const POST = (context) =>
 * auth.signIn(context, "credentials")`), or a page's frontmatter on a POST, signs the browser in or out and
 * redirects it (303). What is posted, and where the browser lands, is the core's server layer's
 * (core/server/routed-helpers.ts); this turns the outcome into Astro's answer, its cookies set on Astro's jar.
 */
import type { APIContext } from "astro";
import type { IncomingRequest } from "../core/server/action-request.js";
import type { IntegrationConfig } from "../core/server/config.js";
import {
  type RoutedOutcome,
  type RoutedSignInOptions,
  type RoutedSignOutOptions,
  routedSignIn,
  routedSignOut,
} from "../core/server/routed-helpers.js";
import { setAstroCookies } from "./cookies.js";

export type AstroSignInOptions = RoutedSignInOptions;
export type AstroSignOutOptions = RoutedSignOutOptions;

/** The request a helper acts for, as the integration prepared it. */
export interface HelperCall {
  context: APIContext;
  config: IntegrationConfig;
  incoming: IncomingRequest;
}

/**
 * The outcome as Astro answers it: the refusal as text (Astro's `checkOrigin` refuses a cross-site form
 * before the core's check runs; the core's still holds where an app turned it off), else a 303 the app's
 * middleware can still add headers to (a fresh Response, never the frozen Response.redirect), its cookies
 * set on Astro's jar.
 */
function answer(context: APIContext, outcome: RoutedOutcome): Response {
  if ("refused" in outcome) {
    const { status, message } = outcome.refused;
    return new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  setAstroCookies(context.cookies, outcome.cookies);
  return new Response(null, { status: 303, headers: { location: outcome.redirect } });
}

function route(context: APIContext) {
  const { request } = context;
  return { method: request.method, headers: request.headers, request: () => request };
}

/** Signs in with `providerId` (else the posted `providerId`; without one, the sign-in page). */
export async function signInResponse(
  { context, config, incoming }: HelperCall,
  providerId?: string,
  options: AstroSignInOptions = {},
): Promise<Response> {
  return answer(context, await routedSignIn(config, incoming, route(context), providerId, options));
}

/** Ends the session (the core clears its cookies) and redirects. */
export async function signOutResponse(
  { context, config, incoming }: HelperCall,
  options: AstroSignOutOptions = {},
): Promise<Response> {
  return answer(context, await routedSignOut(config, incoming, route(context), options));
}
