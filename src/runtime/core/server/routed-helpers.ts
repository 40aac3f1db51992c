/**
 * Server-side `signIn` and `signOut` called from a POST route of the app's own (Hono's `app.post("/login",
 * …)`, an Astro endpoint, a React Router action): the whole decision, so each integration only turns the
 * outcome into its framework's answer. In order: the core's cross-site check (crossSiteRefusal), since these
 * routes carry no CSRF token; the route's own form when the caller passes no fields, read once by the core's
 * reader under the config's limits; where to land (the caller's choice, else the form's `redirectTo` or
 * `callbackUrl`, else the Referer); then the helper, which lands a rejected sign-in on the sign-in or error
 * page as a browser's own POST to the auth routes does.
 */

import { InputTooLarge } from "../../errors.js";
import { bodyLimits, readFormData } from "../body.js";
import { inputLimitStatus } from "../errors.js";
import type { AuthorizationParams } from "../sign-in-request.js";
import type { IncomingRequest } from "./action-request.js";
import type { IntegrationConfig } from "./config.js";
import { helperCallbackUrl } from "./helper-destination.js";
import { crossSiteRefusal, type HelperOutcome, helperSignIn, helperSignOut, signInPage } from "./sign-in-sign-out.js";

/** The route's request, for its form: method and headers at once, the web Request only when a form is read. */
export interface PostedRoute {
  method: string;
  headers: Headers;
  request(): Request | Promise<Request>;
}

export interface RoutedSignInOptions {
  /** Where to land afterwards (the core's `redirect` callback judges it). Default: the posted `redirectTo`, else the Referer. */
  redirectTo?: string | undefined;
  /** Posted to the provider (credentials read them). Default: the route's own form, when it posted one. */
  fields?: Record<string, string> | FormData | undefined;
  authorizationParams?: AuthorizationParams | undefined;
}

export interface RoutedSignOutOptions {
  /** Where to land afterwards. Default: the posted `redirectTo`, else the Referer. */
  redirectTo?: string | undefined;
}

/** Refused (403 cross-site, 413/400 for a form over the limits or unreadable), or where to send the browser. */
export type RoutedOutcome = { refused: { status: 400 | 403 | 413; message: string } } | HelperOutcome;

const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)/;

/** The form the route was posted, if it posted one; a refusal when it cannot be read within the limits. */
async function postedForm(
  config: IntegrationConfig,
  route: PostedRoute,
): Promise<FormData | RoutedOutcome | undefined> {
  const type = route.headers.get("content-type")?.toLowerCase() ?? "";
  if (route.method !== "POST" || !FORM_TYPE.test(type)) return undefined;
  // Outside the try: the integration's own refusal (React Router's form already read) is the caller's to see.
  const request = await route.request();
  try {
    return await readFormData(request, bodyLimits(config.limits));
  } catch (thrown) {
    if (thrown instanceof InputTooLarge)
      return { refused: { status: inputLimitStatus(thrown), message: thrown.message } };
    return { refused: { status: 400, message: "The form could not be read." } };
  }
}

function destination(route: PostedRoute, asked: string | undefined, form: FormData | undefined): string {
  return helperCallbackUrl(asked ?? form?.get("redirectTo") ?? form?.get("callbackUrl"), route.headers.get("referer"));
}

/** Signs in with `providerId` (else the posted `providerId`; without one, the sign-in page). */
export async function routedSignIn(
  config: IntegrationConfig,
  incoming: IncomingRequest,
  route: PostedRoute,
  providerId: string | undefined,
  options: RoutedSignInOptions = {},
): Promise<RoutedOutcome> {
  const refused = crossSiteRefusal(config, incoming, "signin");
  if (refused !== null) return { refused: { status: 403, message: refused } };
  const form = options.fields === undefined ? await postedForm(config, route) : undefined;
  if (form !== undefined && !(form instanceof FormData)) return form;
  const callbackUrl = destination(route, options.redirectTo, form);
  const provider = providerId ?? form?.get("providerId");
  if (typeof provider !== "string" || !provider) {
    return { redirect: signInPage(config, incoming, callbackUrl).href, cookies: [] };
  }
  const given = options.fields;
  const posted = form?.get("authorizationParams");
  return helperSignIn(config, incoming, {
    providerId: provider,
    callbackUrl,
    fields: given === undefined ? form : given instanceof FormData ? given : Object.entries(given),
    authorizationParams: options.authorizationParams ?? (typeof posted === "string" ? posted : undefined),
    errorRedirect: true,
  });
}

/** Ends the session (the core clears its cookies) and lands where the core judged `redirectTo`. */
export async function routedSignOut(
  config: IntegrationConfig,
  incoming: IncomingRequest,
  route: PostedRoute,
  options: RoutedSignOutOptions = {},
): Promise<RoutedOutcome> {
  const refused = crossSiteRefusal(config, incoming, "signout");
  if (refused !== null) return { refused: { status: 403, message: refused } };
  const form = options.redirectTo === undefined ? await postedForm(config, route) : undefined;
  if (form !== undefined && !(form instanceof FormData)) return form;
  return helperSignOut(config, incoming, destination(route, options.redirectTo, form), { errorRedirect: true });
}
