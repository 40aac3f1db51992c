/**
 * What every sign-in does once a provider has vouched for someone: the `signIn` callback decides, the
 * identity becomes a user (core/account), a session starts, `events.signIn` fires, and the browser goes
 * to the callback URL (or `pages.newUser` for a user created just now). A sign-in links to the signed-in
 * user only when that user asked for it (a link intent, core/account/link-intent.ts): otherwise it replaces
 * whatever session the browser presented. A credentials sign-in never links: with JWT sessions it never
 * touches the adapter, with database sessions its user is found or created by id (core/account/credentials-user.ts).
 */
import { AccessDenied, AuthError, WebAuthnVerificationError } from "../../../errors.js";
import type { Account, AdapterUser, Cookie, Profile, ResponseInternal, User } from "../../../types.js";
import { credentialsUser, storedCredentialsUser } from "../../account/credentials-user.js";
import { linkTarget } from "../../account/link-target.js";
import { accountOwner, resolveUser } from "../../account/resolve-user.js";
import { copyWith } from "../../copy-with.js";
import { pageUrl, withQuery } from "../../errors.js";
import type { InternalOptions } from "../../internal.js";
import { askRedirectCallback } from "../../redirect.js";
import type { ActionContext } from "../context.js";

/**
 * Runs the `signIn` callback. false → AccessDenied; a thrown non-AuthError → AccessDenied carrying its
 * message; a string → where to send the user instead (still through the `redirect` callback, so it cannot
 * be an open redirect). Returns that redirect, or undefined to continue.
 */
export async function authorizeSignIn(
  params: {
    user: User;
    account: Account | null;
    profile?: Profile;
    credentials?: Record<string, unknown>;
    email?: { verificationRequest?: boolean };
  },
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
  return askRedirectCallback(options.callbacks.redirect, verdict, options.url.origin);
}

export interface SignedIn {
  /** The user as the provider (or `authorize`) described it. */
  user: User;
  account: Account;
  /**
   * Runs once the user is known (found, linked or created) and before a session starts: a failure here
   * leaves nobody signed in with a half-stored sign-in method.
   */
  beforeSession?: (user: User | AdapterUser, isNewUser: boolean) => Promise<void>;
  profile?: Profile;
  credentials?: Record<string, unknown>;
  /**
   * The link this sign-in must be, when the ceremony was started for one (a passkey registration whose
   * options named the signed-in user: their id) or for none (a new user's: null). Checked against the link
   * intent before anything is stored.
   */
  linkRequired?: string | null;
}

export async function completeSignIn(
  context: ActionContext,
  signedIn: SignedIn,
  extraCookies: Cookie[],
): Promise<ResponseInternal> {
  const { options, cookies, sessionStore, request } = context;
  const { account, profile, credentials } = signedIn;
  const credentialsSignIn = account.type === "credentials";
  // With JWT sessions credentials never touch the adapter: `authorize` is the whole story. A database session
  // needs a stored user: the one authorize's id names (credentials.ts made sure there is one).
  const storedCredentials = credentialsSignIn && options.session.strategy === "database";
  const adapterFlow = Boolean(options.adapter) && !credentialsSignIn;
  const credentialsIdentity = copyWith(signedIn.user, { id: account.providerAccountId });
  // The signIn callback sees the stored user when this account is already known (spec: the adapter's user).
  const owner =
    adapterFlow && (account.type === "oauth" || account.type === "oidc")
      ? await accountOwner(account, options)
      : storedCredentials
        ? await storedCredentialsUser(credentialsIdentity, options)
        : undefined;
  const redirect = await authorizeSignIn(
    { user: owner ?? signedIn.user, account, ...(profile ? { profile } : {}), ...(credentials ? { credentials } : {}) },
    options,
  );
  if (redirect) return { redirect, cookies: [...cookies, ...extraCookies] };

  const linkTo =
    adapterFlow && options.provider ? await linkTarget(context, options.provider, signedIn.user.email ?? null) : null;
  if (signedIn.linkRequired !== undefined && signedIn.linkRequired !== linkTo) {
    throw new WebAuthnVerificationError("The registration was started for another user than the one it would link to.");
  }
  const identity = { user: signedIn.user, account, ...(profile ? { profile } : {}) };
  const { user, isNewUser } = adapterFlow
    ? await resolveUser(identity, options, linkTo, owner)
    : storedCredentials
      ? await credentialsUser(credentialsIdentity, owner ?? null, options)
      : { user: signedIn.user, isNewUser: false };

  // What the provider must store for this user before anyone is signed in as them (a passkey's authenticator).
  await signedIn.beforeSession?.(user, isNewUser);
  const newUserFlag = adapterFlow || storedCredentials ? { isNewUser } : {};
  const session = await sessionStore.create({ user, account, ...(profile ? { profile } : {}), ...newUserFlag });
  await options.events.signIn?.({ user, account, ...(profile ? { profile } : {}), ...newUserFlag });
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
