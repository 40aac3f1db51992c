/**
 * React Router's server-side `signIn` and `signOut`: an action of the app's own (`export const action =
 * ({ request }) => auth.signIn(request, "credentials")`) signs the browser in or out and returns the redirect
 * (303) with the cookies. What is posted, and where the browser lands, is the core's server layer's
 * (core/server/sign-in-sign-out.ts); this reads the action's form under the core's limits and shapes the
 * redirect so React Router's client follows it (a document load for the built-in pages and other sites).
 */
import { bodyLimits, readFormData } from "../core/body.js";
import { serializeCookie } from "../core/cookies/header.js";
import { inputLimitStatus } from "../core/errors.js";
import { normalizeBasePath } from "../core/request.js";
import { actionParts, type IncomingRequest } from "../core/server/action-request.js";
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
import { coreRequest } from "./request.js";

export interface ReactRouterSignInOptions {
  /** Where to land afterwards (the core's `redirect` callback judges it). Default: the posted `redirectTo`, else the Referer. */
  redirectTo?: string;
  /**
   * Posted to the provider (credentials read them). Default: the request's own form, when it posted one. Pass
   * the form when the action has read it already (`await request.formData()`): a body is read only once.
   */
  fields?: Record<string, string> | FormData;
  authorizationParams?: AuthorizationParams;
}

export interface ReactRouterSignOutOptions {
  /** Where to land afterwards. Default: the posted `redirectTo`, else the Referer. */
  redirectTo?: string;
}

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

function text(body: string, status: number): Response {
  return new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * The helpers act for the browser without the double-submit token. React Router checks the Origin of a route
 * action's POST, but not of a resource route's nor a request without one, so the core's rule runs first
 * (crossSiteRefusal): a cross-site form cannot sign a visitor in to someone else's account, nor out.
 */
function crossSite({ config, incoming }: HelperCall, action: "signin" | "signout"): Response | undefined {
  const refused = crossSiteRefusal(config, incoming, action);
  return refused === null ? undefined : text(`Cross-origin request refused. ${refused}`, 403);
}

/** The form the action was posted, read by the core's one reader under the config's limits (413/400 over them). */
async function postedForm({ request, config }: HelperCall): Promise<FormData | Response | undefined> {
  const type = request.headers.get("content-type")?.toLowerCase() ?? "";
  if (request.method !== "POST" || !/^(application\/x-www-form-urlencoded|multipart\/form-data)/.test(type)) {
    return undefined;
  }
  if (request.bodyUsed) {
    throw new FormAlreadyReadError(
      'The action read the request\'s form before calling signIn/signOut: pass it on, as in `auth.signIn(request, "credentials", { fields: form })`.',
    );
  }
  try {
    return await readFormData(coreRequest(request), bodyLimits(config.limits));
  } catch (thrown) {
    if (thrown instanceof InputTooLarge) return text(thrown.message, inputLimitStatus(thrown));
    return text("The form could not be read.", 400);
  }
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

function landed(call: HelperCall, outcome: HelperOutcome): Response {
  return redirect(call, outcome.redirect, outcome.cookies.map(serializeCookie));
}

/** Where to land: the caller's choice, else the form's `redirectTo` (or `callbackUrl`), else the Referer. */
function callbackUrl({ request }: HelperCall, asked: string | undefined, form: FormData | undefined): string {
  return helperCallbackUrl(
    asked ?? form?.get("redirectTo") ?? form?.get("callbackUrl"),
    request.headers.get("referer"),
  );
}

/** Signs in with `providerId` (else the posted `providerId`; without one, the sign-in page). */
export async function signInResponse(
  call: HelperCall,
  providerId?: string,
  options: ReactRouterSignInOptions = {},
): Promise<Response> {
  const { config, incoming } = call;
  const refused = crossSite(call, "signin");
  if (refused) return refused;
  const form = options.fields === undefined ? await postedForm(call) : undefined;
  if (form instanceof Response) return form;
  const destination = callbackUrl(call, options.redirectTo, form);
  const provider = providerId ?? form?.get("providerId");
  if (typeof provider !== "string" || !provider) {
    return redirect(call, signInPage(config, incoming, destination).href, []);
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
  return landed(call, outcome);
}

/** Ends the session (the core clears its cookies) and redirects. */
export async function signOutResponse(call: HelperCall, options: ReactRouterSignOutOptions = {}): Promise<Response> {
  const { config, incoming } = call;
  const refused = crossSite(call, "signout");
  if (refused) return refused;
  const form = options.redirectTo === undefined ? await postedForm(call) : undefined;
  if (form instanceof Response) return form;
  const destination = callbackUrl(call, options.redirectTo, form);
  return landed(call, await helperSignOut(config, incoming, destination, { errorRedirect: true }));
}
