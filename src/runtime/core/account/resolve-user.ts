/**
 * Turns an identity a provider vouched for into the user who signs in. Without an adapter the provider's
 * user is the user. With one: the stored owner of the account (or, for email, of the address); when
 * someone is already signed in, that user with this account linked; otherwise a new user. Identities are
 * never merged silently: an address owned by another user → `OAuthAccountNotLinked` (OAuth/OIDC, unless
 * the provider opts in with `allowDangerousEmailAccountLinking`) or `AccountNotLinked` (passkeys).
 */
import { AccountNotLinked, OAuthAccountNotLinked } from "../../errors.js";
import type { Account, AdapterAccount, AdapterUser, Profile, User } from "../../types.js";
import type { InternalOptions } from "../internal.js";
import { adapterMethod } from "./adapter-method.js";

export interface ProviderIdentity {
  /** The user as the provider describes it (its `id` is the provider's, never used as ours). */
  user: User;
  account: Account;
  profile?: Profile;
}

export interface ResolvedUser {
  user: User | AdapterUser;
  isNewUser: boolean;
}

/** A new user's row: the provider's fields, our own id. */
function newUserRow(user: User, emailVerified: Date | null): AdapterUser {
  const { id: _providerId, ...fields } = user;
  // No address stays null (not ""): `email` is unique, and many users may sign in without one.
  return { ...fields, id: crypto.randomUUID(), email: user.email ?? null, emailVerified } as unknown as AdapterUser;
}

async function resolveEmailUser(identity: ProviderIdentity, options: InternalOptions): Promise<ResolvedUser> {
  const { adapter, events } = options;
  const email = identity.user.email ?? "";
  const existing = await adapterMethod(adapter, "getUserByEmail")(email);
  if (existing) {
    // Following the link proves the address: mark it verified (again) and sign in as its owner.
    const user = await adapterMethod(adapter, "updateUser")({ id: existing.id, emailVerified: new Date() });
    await events.updateUser?.({ user });
    return { user, isNewUser: false };
  }
  const user = await adapterMethod(adapter, "createUser")(newUserRow(identity.user, new Date()));
  await events.createUser?.({ user });
  return { user, isNewUser: true };
}

async function link(user: AdapterUser, identity: ProviderIdentity, options: InternalOptions): Promise<void> {
  const account: AdapterAccount = { ...identity.account, userId: user.id } as AdapterAccount;
  await adapterMethod(options.adapter, "linkAccount")(account);
  await options.events.linkAccount?.({ user, account: identity.account, profile: identity.user });
}

/** The stored user who owns this provider account, or null when it was never linked. */
export async function accountOwner(account: Account, options: InternalOptions): Promise<AdapterUser | null> {
  const { provider, providerAccountId } = account;
  return adapterMethod(options.adapter, "getUserByAccount")({ provider, providerAccountId });
}

async function resolveAccountUser(
  identity: ProviderIdentity,
  options: InternalOptions,
  signedInUserId: string | null,
  knownOwner: AdapterUser | null | undefined,
): Promise<ResolvedUser> {
  const { adapter, events, provider } = options;
  const owner = knownOwner !== undefined ? knownOwner : await accountOwner(identity.account, options);
  const signedIn = signedInUserId ? await adapterMethod(adapter, "getUser")(signedInUserId) : null;

  if (owner) {
    if (signedIn && signedIn.id !== owner.id) {
      throw new OAuthAccountNotLinked("This account is already linked to another user.");
    }
    return { user: owner, isNewUser: false };
  }
  if (signedIn) {
    // Someone signed in adds a sign-in method to their own user.
    await link(signedIn, identity, options);
    return { user: signedIn, isNewUser: false };
  }

  const email = identity.user.email;
  const byEmail = email ? await adapterMethod(adapter, "getUserByEmail")(email) : null;
  if (byEmail) {
    if (identity.account.type === "webauthn") {
      throw new AccountNotLinked("This email address belongs to another user; sign in first to add a passkey.");
    }
    // Trusting a provider's claim about an address hands the account to whoever controls that provider
    // account: opt-in only, per provider.
    if (!(provider && "allowDangerousEmailAccountLinking" in provider && provider.allowDangerousEmailAccountLinking)) {
      throw new OAuthAccountNotLinked("Another account already uses this email address.");
    }
    await link(byEmail, identity, options);
    return { user: byEmail, isNewUser: false };
  }

  const user = await adapterMethod(adapter, "createUser")(newUserRow(identity.user, null));
  await events.createUser?.({ user });
  await link(user, identity, options);
  return { user, isNewUser: true };
}

/**
 * `knownOwner` is the result of `accountOwner` when the caller already looked it up (to show the signIn
 * callback the stored user), so the adapter is not asked twice; leave it undefined otherwise.
 */
export async function resolveUser(
  identity: ProviderIdentity,
  options: InternalOptions,
  signedInUserId: string | null,
  knownOwner?: AdapterUser | null,
): Promise<ResolvedUser> {
  if (!options.adapter) return { user: identity.user, isNewUser: false };
  if (identity.account.type === "email") return resolveEmailUser(identity, options);
  return resolveAccountUser(identity, options, signedInUserId, knownOwner);
}
