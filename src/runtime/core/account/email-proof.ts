/**
 * Whether a sign-in proves that the person signing in controls the address it carries. Only a proved
 * address may become a user's verified address or join an existing user (Sudhodanan & Paverd, "Pre-hijacked
 * accounts", USENIX Security 2022, §6.2.1: the root cause of every pre-hijacking attack is an identifier
 * whose ownership nobody verified). Two things prove an address: following an email link sent to it, and
 * an OAuth/OIDC provider the app trusts to verify addresses (`trustEmailVerified`) asserting
 * `email_verified: true` for it. A passkey registration proves nothing about an address.
 */
import type { Account, AdapterUser, Profile, User } from "../../types.js";
import { emailAddressOrNull } from "../email/normalize.js";
import type { InternalProvider } from "../internal.js";

/** Who a provider says is signing in: what resolveUser (resolve-user.ts) finds or creates a user from. */
export interface ProviderIdentity {
  /** The user as the provider describes it (its `id` is the provider's, never used as ours). */
  user: User;
  account: Account;
  profile?: Profile;
}

/**
 * The one reader of the `email_verified` claim. OIDC Core §5.1 defines it as a boolean; some providers
 * (Apple) send JSON strings, so the exact string `"true"` counts too. Anything else (`"false"`, `"True"`,
 * `"true "`, `1`, `"yes"`, absent) is not a statement that the address was verified.
 */
export function emailVerifiedClaim(value: unknown): boolean {
  return value === true || value === "true";
}

/**
 * An OAuth/OIDC identity proves its address when the provider is trusted to verify the addresses it asserts,
 * it asserts `email_verified: true`, and the address it asserts (`email` of the profile) is the address of
 * the user the profile mapping returned (a custom `profile` may take the address from elsewhere, and the
 * claim says nothing about that one).
 */
function oauthProvesEmail(provider: InternalProvider, user: User, profile: Profile | undefined): boolean {
  if (provider.type !== "oauth" && provider.type !== "oidc") return false;
  if (provider.trustEmailVerified !== true || !profile) return false;
  if (!emailVerifiedClaim(profile.email_verified)) return false;
  const asserted = emailAddressOrNull(profile.email);
  return asserted !== null && asserted === user.email;
}

/** Whether `identity`, signing in through `provider`, proves that its user controls `identity.user.email`. */
export function provesEmail(identity: ProviderIdentity, provider: InternalProvider | undefined): boolean {
  if (!identity.user.email || !provider) return false;
  // The link was mailed to this address and followed: whoever followed it reads that mailbox.
  if (identity.account.type === "email") return true;
  if (identity.account.type === "oauth" || identity.account.type === "oidc") {
    return oauthProvesEmail(provider, identity.user, identity.profile);
  }
  return false;
}

/** A stored user's address counts as proved once `emailVerified` holds a date (an email link or a proving provider set it). */
export function hasProvedAddress(user: Pick<AdapterUser, "emailVerified">): boolean {
  return user.emailVerified !== null && user.emailVerified !== undefined;
}
