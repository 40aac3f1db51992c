/**
 * Hono's server-side `signIn` and `signOut`: a route of the app's own (`app.post("/login", (c) =>
 * auth.signIn(c, "credentials"))`) signs the browser in or out and redirects it (303). What is posted, and
 * where the browser lands, is the core's server layer's (core/server/routed-helpers.ts); this turns the
 * outcome into Hono's answer.
 */
import type { Context } from "hono";
import type { IncomingRequest } from "../core/server/action-request.js";
import type { IntegrationConfig } from "../core/server/config.js";
import {
  type PostedRoute,
  type RoutedOutcome,
  type RoutedSignInOptions,
  type RoutedSignOutOptions,
  routedSignIn,
  routedSignOut,
} from "../core/server/routed-helpers.js";
import { appendCookies, coreRequest } from "./request.js";

export type HonoSignInOptions = RoutedSignInOptions;
export type HonoSignOutOptions = RoutedSignOutOptions;

/** The request a helper acts for, as the integration prepared it. */
export interface HelperCall {
  c: Context;
  config: IntegrationConfig;
  incoming: IncomingRequest;
}

function route(c: Context): PostedRoute {
  return { method: c.req.method, headers: c.req.raw.headers, request: () => coreRequest(c) };
}

/** The outcome as Hono answers it: the refusal as text, else a 303 with the core's cookies. */
function answer(c: Context, outcome: RoutedOutcome): Response {
  if ("refused" in outcome) return c.text(outcome.refused.message, outcome.refused.status);
  appendCookies(c, outcome.cookies);
  return c.redirect(outcome.redirect, 303);
}

/** Signs in with `providerId` (else the posted `providerId`; without one, the sign-in page). */
export async function signInResponse(
  { c, config, incoming }: HelperCall,
  providerId?: string,
  options: HonoSignInOptions = {},
): Promise<Response> {
  return answer(c, await routedSignIn(config, incoming, route(c), providerId, options));
}

/** Ends the session (the core clears its cookies) and redirects. */
export async function signOutResponse(
  { c, config, incoming }: HelperCall,
  options: HonoSignOutOptions = {},
): Promise<Response> {
  return answer(c, await routedSignOut(config, incoming, route(c), options));
}
