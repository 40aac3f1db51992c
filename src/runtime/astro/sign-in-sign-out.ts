/**
 * Astro's server-side `signIn` and `signOut`: an endpoint of the app's own (`export const POST = (context) =>
 * auth.signIn(context, "credentials")`), or a page's frontmatter on a POST, signs the browser in or out and
 * redirects it (303). What is posted, and where the browser lands, is the core's server layer's
 * (core/server/sign-in-sign-out.ts); this reads the route's form under the core's limits and turns the outcome
 * into a redirect, its cookies set on Astro's jar.
 */
import type { APIContext } from "astro";
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
import { setAstroCookies } from "./cookies.js";

export interface AstroSignInOptions {
  /** Where to land afterwards (the core's `redirect` callback judges it). Default: the posted `redirectTo`, else the Referer. */
  redirectTo?: string;
  /** Posted to the provider (credentials read them). Default: the request's own form, when it posted one. */
  fields?: Record<string, string> | FormData;
  authorizationParams?: AuthorizationParams;
}

export interface AstroSignOutOptions {
  /** Where to land afterwards. Default: the posted `redirectTo`, else the Referer. */
  redirectTo?: string;
}

/** The request a helper acts for, as the integration prepared it. */
export interface HelperCall {
  context: APIContext;
  config: IntegrationConfig;
  incoming: IncomingRequest;
}

function text(body: string, status: number): Response {
  return new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}

/**
 * The core's cross-site check for a helper's POST (core/server/sign-in-sign-out.ts), answered as a 403. Astro's
 * `checkOrigin` refuses a cross-site form before this runs; this still holds where an app turned it off, and
 * on the `Sec-Fetch-Site` a browser sends with a script's POST.
 */
function crossSite({ config, incoming }: HelperCall, action: "signin" | "signout"): Response | undefined {
  const refused = crossSiteRefusal(config, incoming, action);
  return refused === null ? undefined : text(refused, 403);
}

/** The form the route was posted, read by the core's one reader under the config's limits (413/400 over them). */
async function postedForm({ context, config }: HelperCall): Promise<FormData | Response | undefined> {
  const request = context.request;
  const type = request.headers.get("content-type")?.toLowerCase() ?? "";
  if (request.method !== "POST" || !/^(application\/x-www-form-urlencoded|multipart\/form-data)/.test(type)) {
    return undefined;
  }
  try {
    return await readFormData(request, bodyLimits(config.limits));
  } catch (thrown) {
    if (thrown instanceof InputTooLarge) return text(thrown.message, inputLimitStatus(thrown));
    return text("The form could not be read.", 400);
  }
}

/** A 303 the app's middleware can still add headers to (a fresh Response, never the frozen Response.redirect). */
function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location } });
}

function redirect(context: APIContext, outcome: HelperOutcome): Response {
  setAstroCookies(context.cookies, outcome.cookies);
  return seeOther(outcome.redirect);
}

/** Where to land: the caller's choice, else the form's `redirectTo` (or `callbackUrl`), else the Referer. */
function callbackUrl(context: APIContext, asked: string | undefined, form: FormData | undefined): string {
  return helperCallbackUrl(
    asked ?? form?.get("redirectTo") ?? form?.get("callbackUrl"),
    context.request.headers.get("referer"),
  );
}

/** Signs in with `providerId` (else the posted `providerId`; without one, the sign-in page). */
export async function signInResponse(
  call: HelperCall,
  providerId?: string,
  options: AstroSignInOptions = {},
): Promise<Response> {
  const { context, config, incoming } = call;
  const refused = crossSite(call, "signin");
  if (refused) return refused;
  const form = options.fields === undefined ? await postedForm(call) : undefined;
  if (form instanceof Response) return form;
  const destination = callbackUrl(context, options.redirectTo, form);
  const provider = providerId ?? form?.get("providerId");
  if (typeof provider !== "string" || !provider) return seeOther(signInPage(config, incoming, destination).href);
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
  return redirect(context, outcome);
}

/** Ends the session (the core clears its cookies) and redirects. */
export async function signOutResponse(call: HelperCall, options: AstroSignOutOptions = {}): Promise<Response> {
  const { context, config, incoming } = call;
  const refused = crossSite(call, "signout");
  if (refused) return refused;
  const form = options.redirectTo === undefined ? await postedForm(call) : undefined;
  if (form instanceof Response) return form;
  const destination = callbackUrl(context, options.redirectTo, form);
  return redirect(context, await helperSignOut(config, incoming, destination, { errorRedirect: true }));
}
