/**
 * The records the runtime reads and writes (users, accounts, sessions, tokens, authenticators, the JWT) and
 * the adapter contract that stores them, in the spec's own words. Public: types.ts re-exports every name.
 * Below every other types module but types-provider.ts (an account's provider type).
 */
import type { StoreAnswer, StoreLimit } from "./rate-limit/store.js";
import type { ProviderType } from "./types-provider.js";

export type Awaitable<T> = T | PromiseLike<T>;

export interface User {
  id?: string;
  name?: string | null;
  email?: string | null;
  image?: string | null;
}

/** The client-visible session: what `auth()`, `getSession()` and `/session` return. */
export interface Session {
  user?: User;
  /** ISO date string. */
  expires: string;
}

export interface DefaultSession extends Session {
  user?: { name?: string | null; email?: string | null; image?: string | null };
}

export interface AdapterUser extends User {
  id: string;
  /** null for a user who signed in without an address (or was detached from one nobody proved). */
  email: string | null;
  /** null until the first successful email sign-in; afterwards its date. */
  emailVerified: Date | null;
}

export interface AuthorizationDetails {
  type: string;
  locations?: string[];
  actions?: string[];
  datatypes?: string[];
  privileges?: string[];
  identifier?: string;
  [parameter: string]: unknown;
}

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface Account {
  provider: string;
  providerAccountId: string;
  type: ProviderType;
  userId?: string;
  access_token?: string;
  authorization_details?: AuthorizationDetails[];
  /** Absolute expiry of the access token, in seconds since the epoch, computed from `expires_in`. */
  expires_at?: number;
  expires_in?: number;
  id_token?: string;
  refresh_token?: string;
  scope?: string;
  /** Always lower-case (`bearer`, `dpop`). */
  token_type?: Lowercase<string>;
  [key: string]: JsonValue | AuthorizationDetails[] | undefined;
}

export interface AdapterAccount extends Account {
  userId: string;
  type: Extract<ProviderType, "oauth" | "oidc" | "email" | "webauthn">;
}

/**
 * OpenID Connect standard claims (OIDC Core §5.1); unlisted claims are allowed. Where real providers differ
 * from the standard in a way the core reads, the type says so: `id` is a number at GitHub, GitLab and Strava,
 * and `email_verified` is the string `"true"`/`"false"` at Apple.
 */
export interface Profile {
  sub?: string | null;
  id?: string | number | null;
  name?: string | null;
  given_name?: string | null;
  family_name?: string | null;
  middle_name?: string | null;
  nickname?: string | null;
  preferred_username?: string | null;
  profile?: string | null;
  picture?: unknown;
  website?: string | null;
  email?: string | null;
  email_verified?: boolean | "true" | "false" | null;
  gender?: string | null;
  birthdate?: string | null;
  zoneinfo?: string | null;
  locale?: string | null;
  phone_number?: string | null;
  updated_at?: Date | number | string | null;
  address?: {
    formatted?: string | null;
    street_address?: string | null;
    locality?: string | null;
    region?: string | null;
    postal_code?: string | null;
    country?: string | null;
  } | null;
  [claim: string]: unknown;
}

export interface AdapterSession {
  sessionToken: string;
  userId: string;
  expires: Date;
}

export interface VerificationToken {
  /** The user's email address. */
  identifier: string;
  /** Stored hashed with the configured secret. */
  token: string;
  expires: Date;
}

export interface AdapterAuthenticator {
  credentialID: string;
  credentialPublicKey: string;
  counter: number;
  credentialDeviceType: string;
  credentialBackedUp: boolean;
  transports?: string | null;
  providerAccountId: string;
  userId: string;
}

/** The decoded session token of the `jwt` strategy. */
export interface JWT extends Record<string, unknown> {
  name?: string | null;
  email?: string | null;
  picture?: string | null;
  sub?: string;
  /** When the user signed in (seconds): set at the sign-in, kept through every re-issue. */
  auth_time?: number;
  /** What a sign-in through the adapter started this session with; the session follows it (docs/linking.md). */
  sign_in?: { type: string; provider: string; providerAccountId: string; email: string | null };
  iat?: number;
  exp?: number;
  jti?: string;
}

// ─── Adapter contract (every method optional) ─────────────────────────────────────────────────────

export interface Adapter {
  createUser?(user: AdapterUser): Awaitable<AdapterUser>;
  getUser?(id: string): Awaitable<AdapterUser | null>;
  getUserByEmail?(email: string): Awaitable<AdapterUser | null>;
  getUserByAccount?(
    providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">,
  ): Awaitable<AdapterUser | null>;
  updateUser?(user: Partial<AdapterUser> & Pick<AdapterUser, "id">): Awaitable<AdapterUser>;
  deleteUser?(userId: string): Promise<void> | Awaitable<AdapterUser | null | undefined>;
  linkAccount?(account: AdapterAccount): Promise<void> | Awaitable<AdapterAccount | null | undefined>;
  unlinkAccount?(
    providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">,
  ): Promise<void> | Awaitable<AdapterAccount | undefined>;
  getAccount?(providerAccountId: string, provider: string): Awaitable<AdapterAccount | null>;
  createSession?(session: AdapterSession): Awaitable<AdapterSession>;
  getSessionAndUser?(sessionToken: string): Awaitable<{ session: AdapterSession; user: AdapterUser } | null>;
  updateSession?(
    session: Partial<AdapterSession> & Pick<AdapterSession, "sessionToken">,
  ): Awaitable<AdapterSession | null | undefined>;
  deleteSession?(sessionToken: string): Promise<void> | Awaitable<AdapterSession | null | undefined>;
  /**
   * Deletes every session of the user `userId`; for an unknown user it deletes nothing and does not throw.
   * The runtime calls it when it takes an address away from a user or links or unlinks an account,
   * so every other session of that user ends at its next read instead of presenting the old identity.
   * Optional: without it those database sessions stay, and each read presents the user row as it is now,
   * which no longer holds the old address.
   */
  deleteSessionsByUserId?(userId: string): Awaitable<void>;
  createVerificationToken?(token: VerificationToken): Awaitable<VerificationToken | null | undefined>;
  useVerificationToken?(params: { identifier: string; token: string }): Awaitable<VerificationToken | null>;
  createAuthenticator?(authenticator: AdapterAuthenticator): Awaitable<AdapterAuthenticator>;
  getAuthenticator?(credentialID: string): Awaitable<AdapterAuthenticator | null>;
  listAuthenticatorsByUserId?(userId: string): Awaitable<AdapterAuthenticator[]>;
  updateAuthenticatorCounter?(credentialID: string, newCounter: number): Awaitable<AdapterAuthenticator>;
  /**
   * Housekeeping, not called by any sign-in flow: deletes the sessions and verification tokens whose
   * `expires` is before `now` (default: the current time) and says how many of each went. The runtime never
   * reads such a row back as valid, but nothing else removes one that nobody presents again (an abandoned
   * email link, a session whose browser never returns). Call it from a scheduled job or `auth db prune`.
   */
  deleteExpired?(now?: Date): Promise<{ sessions: number; verificationTokens: number }>;
  /**
   * The password provider's storage: the user's password hash (a PHC string), or null when the user has
   * none (signed up through another provider) or does not exist. One hash per user, in a `passwords`
   * table whose `user_id` references `users` on delete cascade, so deleting the user deletes the hash.
   * Optional: only the `password` provider calls it, and it refuses at start-up an adapter without it.
   */
  getPasswordHash?(userId: string): Awaitable<string | null>;
  /**
   * Inserts or replaces the user's hash in one atomic step (sign-up, reset, change, and the rehash on
   * sign-in when the configured parameters grew stronger): two concurrent calls leave one of the two hashes,
   * never an error or two rows. Throws for a user that does not exist.
   */
  setPasswordHash?(userId: string, hash: string): Awaitable<void>;
  /**
   * Ends every database session of the user except `keepSessionToken` (none kept when it is not given).
   * The password provider calls it after a reset or a change, so whoever knew the old password is signed
   * out everywhere while the browser that made the change stays signed in. An unknown user deletes nothing
   * and does not throw; another user's session is never deleted, even when its token is the one to keep.
   */
  deleteUserSessions?(userId: string, keepSessionToken?: string): Awaitable<void>;
  /**
   * The rate limiter's counter store in the database (`rateLimit: { store: "database" }`, docs/rate-limits.md):
   * answers exactly as RateLimitStore.take (rate-limit/store.ts). Allows and records an attempt under `key`
   * when fewer than `limit.max` fall in the last `limit.windowMs` and no backoff wait is owed, deciding and
   * recording in one atomic step across every instance sharing the database, on the database's clock where
   * it has one; a refusal records nothing. Throws when it cannot count. Optional: only that store calls it.
   */
  takeRateLimit?(key: string, limit: StoreLimit): Awaitable<StoreAnswer>;
  /** Forgets every attempt under `key` (RateLimitStore.reset): a correct password clears an account's failures. */
  resetRateLimit?(key: string): Awaitable<void>;
}
