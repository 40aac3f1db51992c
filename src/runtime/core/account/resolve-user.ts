/**
 * Turns an identity a provider vouched for into the user who signs in. Without an adapter the provider's
 * user is the user. With one: the stored owner of the account (or, for email, of the address); when the
 * signed-in user asked to link this method (`linkTo`, a link intent core/account/link-intent.ts checked),
 * that user with it linked; otherwise a new user. Whoever else is signed in plays no part: a sign-in that is
 * not a link replaces the present session, never adds to it. Identities are never merged silently: an address
 * owned by another user → `OAuthAccountNotLinked` (OAuth/OIDC, unless the provider opts in with
 * `allowDangerousEmailAccountLinking` AND the identity proves the address) or `AccountNotLinked` (passkeys).
 *
 * Pre-hijacking (Sudhodanan & Paverd, USENIX Security 2022): a user created without proof of its address
 * (a passkey registered while signed out, a provider that does not prove addresses) never becomes the
 * address's owner's user. When the address is later proved (email link, or a proving OAuth identity that
 * would link by address), that user is detached from the address, keeping every sign-in method the attacker
 * may have attached, and the proof creates a fresh user; its sessions stop presenting the address at their
 * next read (core/session/follow-user.ts). See docs/database-sessions.md.
 */

import { AccountLinkRefused, AccountNotLinked, OAuthAccountNotLinked } from "../../errors.js";
import type { Account, AdapterAccount, AdapterUser, User } from "../../types.js";
import { randomUUID } from "../crypto/random.js";
import type { InternalOptions } from "../internal.js";
import { endSessionsOf } from "../session/follow-user.js";
import { adapterMethod } from "./adapter-method.js";
import { hasProvedAddress, type ProviderIdentity, provesEmail } from "./email-proof.js";

export interface ResolvedUser {
  user: User | AdapterUser;
  isNewUser: boolean;
}

/** A new user's row: the provider's fields, our own id. */
function newUserRow(user: User, emailVerified: Date | null): AdapterUser {
  const { id: _providerId, ...fields } = user;
  // No address stays null (not ""): `email` is unique, and many users may sign in without one.
  return { ...fields, id: randomUUID(), email: user.email ?? null, emailVerified };
}

/**
 * The user who keeps nothing of an address nobody proved: `email` becomes null (its accounts, passkeys and
 * sessions stay with it, reachable only by those sign-in methods), so the address is free for the user the
 * proof creates. The adapter contract has no "list accounts / delete authenticators / delete sessions of a
 * user", so detaching, not stripping, is what every adapter can do.
 */
async function detachAddress(user: AdapterUser, options: InternalOptions): Promise<void> {
  const updateUser = adapterMethod(options.adapter, "updateUser");
  const detached = await updateUser({ id: user.id, email: null });
  // Its sessions must not present the address any longer (the "unexpired session" attack).
  await endSessionsOf(user.id, options);
  await options.events.updateUser?.({ user: detached });
}

/** A fresh user for a proved address: whoever held it unproved is detached from it first. */
async function createProvedUser(
  identity: ProviderIdentity,
  unproved: AdapterUser | null,
  options: InternalOptions,
): Promise<AdapterUser> {
  if (unproved) await detachAddress(unproved, options);
  const user = await adapterMethod(options.adapter, "createUser")(newUserRow(identity.user, new Date()));
  await options.events.createUser?.({ user });
  return user;
}

/** The user a link attaches to: gone since the link started means the link cannot complete. */
async function linkingUser(linkTo: string, options: InternalOptions): Promise<AdapterUser> {
  const user = await adapterMethod(options.adapter, "getUser")(linkTo);
  if (!user) throw new AccountLinkRefused("The user who started the link no longer exists.", "restart");
  return user;
}

/**
 * The signed-in user links the address they just proved: it becomes their address (verified). Its unproved
 * holder is detached from it; a user who proved it first keeps it (`AccountNotLinked`).
 */
async function linkEmail(identity: ProviderIdentity, linkTo: string, options: InternalOptions): Promise<ResolvedUser> {
  const { adapter, events } = options;
  const email = identity.user.email ?? "";
  const user = await linkingUser(linkTo, options);
  const existing = await adapterMethod(adapter, "getUserByEmail")(email);
  if (existing && existing.id !== user.id) {
    if (hasProvedAddress(existing)) throw new AccountNotLinked("This email address belongs to another user.");
    await detachAddress(existing, options);
  }
  const updated = await adapterMethod(adapter, "updateUser")({ id: user.id, email, emailVerified: new Date() });
  await endSessionsOf(user.id, options);
  await events.updateUser?.({ user: updated });
  await events.linkAccount?.({ user: updated, account: identity.account, profile: identity.user });
  return { user: updated, isNewUser: false };
}

async function resolveEmailUser(
  identity: ProviderIdentity,
  options: InternalOptions,
  linkTo: string | null,
): Promise<ResolvedUser> {
  if (linkTo) return linkEmail(identity, linkTo, options);
  const { adapter, events } = options;
  const email = identity.user.email ?? "";
  const existing = await adapterMethod(adapter, "getUserByEmail")(email);
  if (existing && hasProvedAddress(existing)) {
    // Its owner proved the address before and proves it again: mark it verified (again) and sign in.
    const user = await adapterMethod(adapter, "updateUser")({ id: existing.id, emailVerified: new Date() });
    await events.updateUser?.({ user });
    return { user, isNewUser: false };
  }
  // No user, or one created without proof (possibly by someone else): following the link makes a new one.
  return { user: await createProvedUser(identity, existing, options), isNewUser: true };
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
  linkTo: string | null,
  knownOwner: AdapterUser | null | undefined,
): Promise<ResolvedUser> {
  const { adapter, events, provider } = options;
  const owner = knownOwner !== undefined ? knownOwner : await accountOwner(identity.account, options);
  const linking = linkTo ? await linkingUser(linkTo, options) : null;

  if (owner) {
    if (linking && linking.id !== owner.id) {
      throw new OAuthAccountNotLinked("This account is already linked to another user.");
    }
    return { user: owner, isNewUser: false };
  }
  if (linking) {
    // The signed-in user asked, recently and in this browser, to add this sign-in method to their own user.
    await link(linking, identity, options);
    // Their sign-in methods changed: their other sessions end (this sign-in starts a new one).
    await endSessionsOf(linking.id, options);
    return { user: linking, isNewUser: false };
  }

  const email = identity.user.email;
  const byEmail = email ? await adapterMethod(adapter, "getUserByEmail")(email) : null;
  const proved = provesEmail(identity, provider);
  if (byEmail) {
    if (identity.account.type === "webauthn") {
      throw new AccountNotLinked("This email address belongs to another user; sign in first to add a passkey.");
    }
    // Trusting a provider's claim about an address hands the account to whoever controls that provider
    // account: opt-in only, per provider, and only for an identity that proves the address.
    if (!(provider && "allowDangerousEmailAccountLinking" in provider && provider.allowDangerousEmailAccountLinking)) {
      throw new OAuthAccountNotLinked("Another account already uses this email address.");
    }
    if (!proved) {
      throw new OAuthAccountNotLinked(
        "Another account already uses this email address, and this provider did not prove it (it needs `trustEmailVerified` and `email_verified: true`).",
      );
    }
    if (!hasProvedAddress(byEmail)) {
      // The address's user was created without proof: the prover gets a fresh user, not what was attached.
      const user = await createProvedUser(identity, byEmail, options);
      await link(user, identity, options);
      return { user, isNewUser: true };
    }
    await link(byEmail, identity, options);
    await endSessionsOf(byEmail.id, options);
    return { user: byEmail, isNewUser: false };
  }

  const user = await adapterMethod(adapter, "createUser")(newUserRow(identity.user, proved ? new Date() : null));
  await events.createUser?.({ user });
  await link(user, identity, options);
  return { user, isNewUser: true };
}

/**
 * `linkTo` is the id of the signed-in user this sign-in links to (a link intent held), or null for a plain
 * sign-in. `knownOwner` is the result of `accountOwner` when the caller already looked it up (to show the
 * signIn callback the stored user), so the adapter is not asked twice; leave it undefined otherwise.
 */
export async function resolveUser(
  identity: ProviderIdentity,
  options: InternalOptions,
  linkTo: string | null,
  knownOwner?: AdapterUser | null,
): Promise<ResolvedUser> {
  if (!options.adapter) return { user: identity.user, isNewUser: false };
  if (identity.account.type === "email") return resolveEmailUser(identity, options, linkTo);
  return resolveAccountUser(identity, options, linkTo, knownOwner);
}
