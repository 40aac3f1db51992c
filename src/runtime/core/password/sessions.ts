/**
 * Sessions of password users: starting one once a password (or a reset link) proved who this is, and ending
 * every other one when the password changes. Whatever the strategy: database sessions are deleted through the
 * adapter (`deleteUserSessions`); JWT sessions recorded a fingerprint of the old hash, which no longer matches
 * (core/session/follow-user.ts: at once in this process, within `session.revalidateAge` in the others).
 */
import type { Account, AdapterUser, ResponseInternal } from "../../types.js";
import { authorizeSignIn } from "../actions/callback/complete.js";
import type { ActionContext } from "../actions/context.js";
import type { InternalPasswordProvider } from "../internal.js";
import { endSessionsOf } from "../session/follow-user.js";
import { passwordFingerprint } from "./fingerprint.js";
import { passwordStorage } from "./storage.js";

/** The account a password sign-in presents to callbacks and events: the user's own password. */
export function passwordAccount(provider: InternalPasswordProvider, user: AdapterUser): Account {
  return { type: "password", provider: provider.id, providerAccountId: user.id, userId: user.id };
}

/**
 * Signs `user` in: the `signIn` callback decides (as for every provider), a new session starts (replacing any
 * the browser presented), `events.signIn` fires, and the browser goes to the callback URL.
 */
export async function startSession(
  context: ActionContext,
  provider: InternalPasswordProvider,
  user: AdapterUser,
  storedHash: string,
): Promise<ResponseInternal> {
  const { options, cookies, sessionStore } = context;
  const account = passwordAccount(provider, user);
  const redirect = await authorizeSignIn({ user, account }, options);
  if (redirect) return { redirect, cookies };
  const credential = await passwordFingerprint(storedHash);
  const session = await sessionStore.create({ user, account, isNewUser: false, credential });
  await options.events.signIn?.({ user, account, isNewUser: false });
  return { redirect: options.callbackUrl, cookies: [...cookies, ...session.cookies] };
}

/** Ends every session of `userId`, in both strategies (the caller then starts the one it keeps). */
export async function endEverySession(context: ActionContext, userId: string): Promise<void> {
  await passwordStorage(context.options).deleteUserSessions(userId);
  await endSessionsOf(userId, context.options);
}
