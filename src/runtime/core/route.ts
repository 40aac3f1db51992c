/**
 * Sends a request to its one action. A known action with a method it does not serve is an UnknownAction,
 * which the error mapping turns into a redirect to the Configuration error page. The actions a visit starts
 * with (session, csrf, providers) are imported with the router; the others (sign-in and its pages, the
 * callbacks with the OAuth client, sign-out, the error and verify-request pages) when a request first needs
 * them, so a cold start (a serverless instance, a dev-server reload) loads only what its request runs.
 */
import { UnknownAction } from "../errors.js";
import type { ResponseInternal } from "../types.js";
import type { ActionContext } from "./actions/context.js";
import { csrf } from "./actions/csrf.js";
import { providers } from "./actions/providers.js";
import { session } from "./actions/session.js";
import { assertSameOriginPost } from "./csrf.js";
import { limitRequest } from "./limits/check.js";
import { passwordAction, passwordPage, webAuthnOptions } from "./provider-loader.js";

type Action = (context: ActionContext) => ResponseInternal | Promise<ResponseInternal>;

/**
 * An action of a module imported on the first request that runs it. The module's promise is kept: the
 * runtime caches the module, but each `import()` still resolves its specifier again (about 2 µs a request).
 */
function later<Name extends string>(load: () => Promise<Record<Name, Action>>, name: Name): Action {
  let loaded: Promise<Record<Name, Action>> | undefined;
  return async (context) => {
    // A failed import is not kept: the next request tries again.
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return (await loaded)[name](context);
  };
}

const callback = later(() => import("./actions/callback/index.js"), "callback");
const signIn = later(() => import("./actions/signin.js"), "signIn");
const signInPage = later(() => import("./actions/signin.js"), "signInPage");
const signOut = later(() => import("./actions/signout.js"), "signOut");
const signOutPage = later(() => import("./actions/signout.js"), "signOutPage");
const errorPage = later(() => import("./actions/error.js"), "errorPage");
const verifyRequest = later(() => import("./actions/verify-request.js"), "verifyRequest");

const GET: Partial<Record<string, Action>> = {
  providers,
  session,
  csrf,
  signin: signInPage,
  signout: signOutPage,
  callback,
  error: errorPage,
  "verify-request": verifyRequest,
  "webauthn-options": webAuthnOptions,
  // The password provider's pages (core/password/pages.ts).
  signup: passwordPage,
  "forgot-password": passwordPage,
  "reset-password": passwordPage,
  "verify-email": passwordPage,
  "change-password": passwordPage,
};

const POST: Partial<Record<string, Action>> = {
  session,
  signin: signIn,
  signout: signOut,
  callback,
  // The password provider's (core/password/actions.ts); its sign-in is `callback`, as credentials' is.
  signup: passwordAction("signUp"),
  "forgot-password": passwordAction("forgotPassword"),
  "reset-password": passwordAction("resetPassword"),
  "change-password": passwordAction("changePassword"),
};

/**
 * Whether a POST is the provider's own answer (`response_mode=form_post`, Apple's default): a cross-site POST
 * by design, proven by state, PKCE and nonce instead of by its origin.
 */
function isProviderResponse({ request, options }: ActionContext): boolean {
  return request.action === "callback" && (options.provider?.type === "oauth" || options.provider?.type === "oidc");
}

export async function route(context: ActionContext): Promise<ResponseInternal> {
  const { method, action, headers } = context.request;
  const handler = (method === "GET" ? GET : POST)[action];
  if (!handler) throw new UnknownAction(`${method} is not supported on the ${action} action.`);
  if (method === "POST" && !context.skipCSRFCheck && !isProviderResponse(context)) {
    assertSameOriginPost(action, headers, context.options.url.origin);
  }
  // The one rate-limit check (core/limits/plan.ts decides what it counts); it throws RateLimited to refuse.
  const attempt = await limitRequest(context);
  const result = await handler(context);
  await attempt?.answered(result);
  return result;
}
