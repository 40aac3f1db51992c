/**
 * Hono's server-side `signIn` and `signOut`: a route of the app's own (`app.post("/login", (c) =>
 * auth.signIn(c, "credentials"))`) signs the browser in or out and redirects it (303). What is posted, and
 * where the browser lands, is the core's server layer's (core/server/sign-in-sign-out.ts); this reads the
 * route's form under the core's limits and turns the outcome into Hono's redirect.
 */
import type { Context } from "hono";
import { bodyLimits, readFormData } from "../core/body.js";
import { inputLimitStatus } from "../core/errors.js";
import type { IncomingRequest } from "../core/server/action-request.js";
import type { IntegrationConfig } from "../core/server/config.js";
import { helperCallbackUrl } from "../core/server/helper-destination.js";
import {
  crossSiteRefusal,
  type HelperOutcome,
  helperSignIn,
  helperSignOut,
  signInPage,
} from "../core/server/sign-in-sign-out.js";
import type { AuthorizationParams } from "../core/sign-in-request.js";
import { InputTooLarge } from "../errors.js";
import { appendCookies, coreRequest } from "./request.js";

export interface HonoSignInOptions {
  /** Where to land afterwards (the core's `redirect` callback judges it). Default: the posted `redirectTo`, else the Referer. */
  redirectTo?: string;
  /** Posted to the provider (credentials read them). Default: the request's own form, when it posted one. */
  fields?: Record<string, string> | FormData;
  authorizationParams?: AuthorizationParams;
}

export interface HonoSignOutOptions {
  /** Where to land afterwards. Default: the posted `redirectTo`, else the Referer. */
  redirectTo?: string;
}

/** The request a helper acts for, as the integration prepared it. */
export interface HelperCall {
  c: Context;
  config: IntegrationConfig;
  incoming: IncomingRequest;
}

/** The core's cross-site check for a helper's POST (core/server/sign-in-sign-out.ts), answered as a 403. */
function crossSite({ c, config, incoming }: HelperCall, action: "signin" | "signout"): Response | undefined {
  const refused = crossSiteRefusal(config, incoming, action);
  return refused === null ? undefined : c.text(refused, 403);
}

/** The form the route was posted, read by the core's one reader under the config's limits (413/400 over them). */
async function postedForm({ c, config }: HelperCall): Promise<FormData | Response | undefined> {
  const type = c.req.header("content-type")?.toLowerCase() ?? "";
  if (c.req.method !== "POST" || !/^(application\/x-www-form-urlencoded|multipart\/form-data)/.test(type)) {
    return undefined;
  }
  try {
    return await readFormData(await coreRequest(c), bodyLimits(config.limits));
  } catch (thrown) {
    if (thrown instanceof InputTooLarge) return c.text(thrown.message, inputLimitStatus(thrown));
    return c.text("The form could not be read.", 400);
  }
}

function redirect(c: Context, outcome: HelperOutcome): Response {
  appendCookies(c, outcome.cookies);
  return c.redirect(outcome.redirect, 303);
}

/** Where to land: the caller's choice, else the form's `redirectTo` (or `callbackUrl`), else the Referer. */
function callbackUrl(c: Context, asked: string | undefined, form: FormData | undefined): string {
  return helperCallbackUrl(asked ?? form?.get("redirectTo") ?? form?.get("callbackUrl"), c.req.header("referer"));
}

/** Signs in with `providerId` (else the posted `providerId`; without one, the sign-in page). */
export async function signInResponse(
  call: HelperCall,
  providerId?: string,
  options: HonoSignInOptions = {},
): Promise<Response> {
  const { c, config, incoming } = call;
  const refused = crossSite(call, "signin");
  if (refused) return refused;
  const form = options.fields === undefined ? await postedForm(call) : undefined;
  if (form instanceof Response) return form;
  const destination = callbackUrl(c, options.redirectTo, form);
  const provider = providerId ?? form?.get("providerId");
  if (typeof provider !== "string" || !provider) {
    return c.redirect(signInPage(config, incoming, destination).href, 303);
  }
  const given = options.fields;
  const posted = form?.get("authorizationParams");
  // A rejected sign-in lands on the sign-in or error page, as a browser's own POST to the auth routes does.
  const outcome = await helperSignIn(config, incoming, {
    providerId: provider,
    callbackUrl: destination,
    fields: given === undefined ? form : given instanceof FormData ? given : Object.entries(given),
    authorizationParams: options.authorizationParams ?? (typeof posted === "string" ? posted : undefined),
    errorRedirect: true,
  });
  return redirect(c, outcome);
}

/** Ends the session (the core clears its cookies) and redirects. */
export async function signOutResponse(call: HelperCall, options: HonoSignOutOptions = {}): Promise<Response> {
  const { c, config, incoming } = call;
  const refused = crossSite(call, "signout");
  if (refused) return refused;
  const form = options.redirectTo === undefined ? await postedForm(call) : undefined;
  if (form instanceof Response) return form;
  const destination = callbackUrl(c, options.redirectTo, form);
  return redirect(c, await helperSignOut(config, incoming, destination, { errorRedirect: true }));
}
