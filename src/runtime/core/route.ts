/**
 * Sends a request to its one action. A known action with a method it does not serve is an UnknownAction,
 * which the error mapping turns into a redirect to the Configuration error page.
 */
import { UnknownAction } from "../errors.js";
import type { ResponseInternal } from "../types.js";
import { callback } from "./actions/callback/index.js";
import type { ActionContext } from "./actions/context.js";
import { csrf } from "./actions/csrf.js";
import { errorPage } from "./actions/error.js";
import { providers } from "./actions/providers.js";
import { session } from "./actions/session.js";
import { signIn, signInPage } from "./actions/signin.js";
import { signOut, signOutPage } from "./actions/signout.js";
import { verifyRequest } from "./actions/verify-request.js";
import { assertSameOriginPost } from "./csrf.js";
import { limitRequest } from "./limits/check.js";
import { passwordAction, passwordPage, webAuthnOptions } from "./provider-loader.js";

type Action = (context: ActionContext) => ResponseInternal | Promise<ResponseInternal>;

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
