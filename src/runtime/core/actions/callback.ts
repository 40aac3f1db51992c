/**
 * `/callback/<provider>`: where a sign-in completes. Credentials: POST only, CSRF-checked, `authorize`
 * decides. OAuth/OIDC: the protocol module validates the response and returns the user. Both then pass the
 * `signIn` callback, start a session, emit `signIn` and redirect to the callback URL.
 */
import {
  AccessDenied,
  AuthError,
  CallbackRouteError,
  CredentialsSignin,
  InvalidProvider,
  UnknownAction,
} from "../../errors.js";
import type { Account, Cookie, Profile, ResponseInternal, User } from "../../types.js";
import { assertCsrf } from "../csrf.js";
import { pageUrl, withQuery } from "../errors.js";
import type { InternalOptions } from "../internal.js";
import { handleOAuth } from "../oauth/callback.js";
import { redirectProxyTarget } from "../oauth/redirect-proxy.js";
import type { ActionContext } from "./context.js";

/**
 * Runs the `signIn` callback. false → AccessDenied; a thrown non-AuthError → AccessDenied carrying its
 * message; a string → where to send the user instead (still through the `redirect` callback, so it cannot
 * be an open redirect). Returns that redirect, or undefined to continue.
 */
export async function authorizeSignIn(
  params: { user: User; account: Account | null; profile?: Profile; credentials?: Record<string, unknown> },
  options: InternalOptions,
): Promise<string | undefined> {
  let verdict: boolean | string;
  try {
    verdict = await options.callbacks.signIn(params);
  } catch (error) {
    if (error instanceof AuthError) throw error;
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new AccessDenied(cause.message, { cause });
  }
  if (!verdict) throw new AccessDenied("The signIn callback refused this sign-in.");
  if (typeof verdict !== "string") return undefined;
  return options.callbacks.redirect({ url: verdict, baseUrl: options.url.origin });
}

async function completeSignIn(
  context: ActionContext,
  signedIn: {
    user: User;
    account: Account;
    profile?: Profile;
    isNewUser?: boolean;
    credentials?: Record<string, unknown>;
  },
  extraCookies: Cookie[],
): Promise<ResponseInternal> {
  const { options, cookies, sessionStore, request } = context;
  const { user, account, profile, isNewUser, credentials } = signedIn;
  const redirect = await authorizeSignIn(
    { user, account, ...(profile ? { profile } : {}), ...(credentials ? { credentials } : {}) },
    options,
  );
  if (redirect) return { redirect, cookies: [...cookies, ...extraCookies] };
  const session = await sessionStore.create({
    user,
    account,
    ...(profile ? { profile } : {}),
    ...(isNewUser !== undefined ? { isNewUser } : {}),
  });
  await options.events.signIn?.({
    user,
    account,
    ...(profile ? { profile } : {}),
    ...(isNewUser !== undefined ? { isNewUser } : {}),
  });
  const all = [...cookies, ...extraCookies, ...session.cookies];
  if (isNewUser && options.pages.newUser) {
    const target = withQuery(
      pageUrl(request.url.origin, options.pages.newUser),
      new URLSearchParams({ callbackUrl: options.callbackUrl }),
    );
    return { redirect: target, cookies: all };
  }
  return { redirect: options.callbackUrl, cookies: all };
}

async function credentialsCallback(context: ActionContext): Promise<ResponseInternal> {
  const { request, options, skipCSRFCheck } = context;
  const provider = options.provider;
  if (provider?.type !== "credentials") throw new InvalidProvider("Not a credentials provider.");
  if (request.method !== "POST") {
    throw new UnknownAction(`The credentials callback accepts POST only, not ${request.method}.`);
  }
  assertCsrf("callback", options.csrfTokenVerified, skipCSRFCheck);
  const credentials: Record<string, unknown> = { ...request.body };
  const user = await provider.authorize(credentials, request.request);
  if (!user) throw new CredentialsSignin("The credentials provider's authorize returned null.");
  // The account must name the user; authorize may omit an id, so one is made up (it is only in the JWT).
  const id = user.id !== undefined && user.id !== null ? String(user.id) : crypto.randomUUID();
  const signedInUser: User = { ...user, id };
  const account: Account = { providerAccountId: id, type: "credentials", provider: provider.id };
  return completeSignIn(context, { user: signedInUser, account, credentials }, []);
}

async function oauthCallback(context: ActionContext): Promise<ResponseInternal> {
  const { request, options } = context;
  const provider = options.provider;
  if (provider?.type !== "oauth" && provider?.type !== "oidc") throw new InvalidProvider("Not an OAuth provider.");
  // On the redirect proxy, a response to a flow another deployment started goes back to it untouched:
  // its check cookies live there, so the checks run there.
  const forwardTo = await redirectProxyTarget(request, options);
  if (forwardTo) return { redirect: forwardTo, cookies: [] };
  const { user, account, profile, cookies } = await handleOAuth(request, options, provider);
  return completeSignIn(context, { user, account, profile }, cookies);
}

export async function callback(context: ActionContext): Promise<ResponseInternal> {
  const { request, options } = context;
  if (!options.provider) {
    throw new InvalidProvider(`No provider with id "${request.providerId ?? ""}" is configured.`);
  }
  try {
    switch (options.provider.type) {
      case "credentials":
        return await credentialsCallback(context);
      case "oauth":
      case "oidc":
        return await oauthCallback(context);
      default:
        throw new InvalidProvider(`Signing in with a "${options.provider.type}" provider is not available yet.`);
    }
  } catch (error) {
    if (error instanceof AuthError) throw error;
    // An unexpected failure (a throwing authorize, a network error): logged whole, shown as Configuration.
    throw new CallbackRouteError(`The ${options.provider.id} callback failed.`, {
      cause: error instanceof Error ? error : new Error(String(error)),
    });
  }
}
