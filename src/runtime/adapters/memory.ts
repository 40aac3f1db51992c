/**
 * An adapter that keeps everything in this process's memory: for tests, demos and prototypes. It behaves
 * like the SQL adapters (same unique keys, same cascades, single-use verification tokens, one password hash
 * per user) so code that works against it keeps working on a real database. Every method is async, as a
 * database's is: a refusal is a rejected promise, never a synchronous throw
 * (`adapter.updateAuthenticatorCounter(…).catch(…)` works).
 * Everything is lost when the process exits.
 */
import { AdapterError } from "../errors.js";
import { createMemoryStore as createCounterStore } from "../rate-limit/memory-store.js";
import type { RateLimitStore } from "../rate-limit/store.js";
import type {
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "../types.js";
import { checkRateLimitKey } from "./rate-limit-log.js";

type AccountKey = Pick<AdapterAccount, "provider" | "providerAccountId">;

/** One string per (provider, providerAccountId): the pair is the account's primary key. */
function accountKey({ provider, providerAccountId }: AccountKey): string {
  return JSON.stringify([provider, providerAccountId]);
}

function tokenKey({ identifier, token }: { identifier: string; token: string }): string {
  return JSON.stringify([identifier, token]);
}

/** Callers get copies: mutating a returned record must never change what is stored. */
const copy = <T>(record: T): T => structuredClone(record);

/** Removes the record under `key` and returns it, in one synchronous step: of two concurrent takes, one gets it. */
function take<T>(records: Map<string, T>, key: string): T | undefined {
  const record = records.get(key);
  if (record !== undefined) records.delete(key);
  return record;
}

/** A partial update ignores keys set to `undefined`, as an SQL `UPDATE` of only the given columns would. */
function definedFields<T extends object>(partial: T): Partial<T> {
  return Object.fromEntries(Object.entries(partial).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * Where `memory()` keeps its records. Pass your own to seed it or to look inside in tests; treat it as
 * read-only while the adapter is in use (writes that skip the adapter skip its checks too).
 */
export interface MemoryStore {
  users: Map<string, AdapterUser>;
  /** Keyed by `JSON.stringify([provider, providerAccountId])`. */
  accounts: Map<string, AdapterAccount>;
  sessions: Map<string, AdapterSession>;
  /** Keyed by `JSON.stringify([identifier, token])`. */
  verificationTokens: Map<string, VerificationToken>;
  /** Keyed by `credentialID`. */
  authenticators: Map<string, AdapterAuthenticator>;
  /**
   * The password provider's hashes, keyed by user id. Optional so a store written before passwords existed
   * still fits; `memory()` adds it when missing.
   */
  passwords?: Map<string, StoredPassword>;
  /**
   * The rate limiter's counters (takeRateLimit/resetRateLimit): the limiter's own memory store, so the
   * decisions are exactly its. Adapters on one store share them; `memory()` adds it when missing.
   */
  rateLimits?: RateLimitStore;
}

/** One row of the `passwords` table: the user's PHC string and when it was last set. */
export interface StoredPassword {
  hash: string;
  updatedAt: Date;
}

export function createMemoryStore(): MemoryStore {
  return {
    users: new Map(),
    accounts: new Map(),
    sessions: new Map(),
    verificationTokens: new Map(),
    authenticators: new Map(),
    passwords: new Map(),
  };
}

export default function memory(store: MemoryStore = createMemoryStore()): Adapter {
  const { users, accounts, sessions, verificationTokens, authenticators } = store;
  store.passwords ??= new Map();
  const passwords = store.passwords;
  store.rateLimits ??= createCounterStore();
  const rateLimits = store.rateLimits;

  const userWithEmail = (email: string) => [...users.values()].find((user) => user.email === email);

  function assertUserExists(userId: string, what: string): void {
    if (!users.has(userId)) throw new AdapterError(`Cannot store the ${what}: no user with id "${userId}".`);
  }

  function assertEmailFree(email: string | null | undefined, exceptUserId?: string): void {
    // Like the SQL schema's UNIQUE (email): many users may lack an address, no two may share one.
    if (email === null || email === undefined) return;
    const owner = userWithEmail(email);
    if (owner && owner.id !== exceptUserId) throw new AdapterError(`A user with the email "${email}" already exists.`);
  }

  return {
    async createUser(user) {
      const id = user.id ?? crypto.randomUUID();
      if (users.has(id)) throw new AdapterError(`A user with the id "${id}" already exists.`);
      assertEmailFree(user.email);
      const stored = { ...copy(user), id };
      users.set(id, stored);
      return copy(stored);
    },
    async getUser(id) {
      const user = users.get(id);
      return user ? copy(user) : null;
    },
    async getUserByEmail(email) {
      const user = userWithEmail(email);
      return user ? copy(user) : null;
    },
    async getUserByAccount(key) {
      const account = accounts.get(accountKey(key));
      const user = account ? users.get(account.userId) : undefined;
      return user ? copy(user) : null;
    },
    async updateUser(partial) {
      const current = users.get(partial.id);
      if (!current) throw new AdapterError(`Cannot update the user: no user with id "${partial.id}".`);
      const changes = definedFields(copy(partial));
      if (changes.email !== undefined) assertEmailFree(changes.email, current.id);
      const updated = { ...current, ...changes };
      users.set(current.id, updated);
      return copy(updated);
    },
    async deleteUser(userId) {
      const user = users.get(userId);
      if (!user) return null;
      // The SQL schema cascades on the foreign keys; do the same here.
      for (const [key, session] of sessions) if (session.userId === userId) sessions.delete(key);
      for (const [key, account] of accounts) if (account.userId === userId) accounts.delete(key);
      for (const [key, authenticator] of authenticators)
        if (authenticator.userId === userId) authenticators.delete(key);
      passwords.delete(userId);
      users.delete(userId);
      return copy(user);
    },
    async linkAccount(account) {
      assertUserExists(account.userId, "account");
      const key = accountKey(account);
      if (accounts.has(key)) throw new AdapterError(`The ${account.provider} account is already linked.`);
      accounts.set(key, copy(account));
      return copy(account);
    },
    async unlinkAccount(key) {
      const account = take(accounts, accountKey(key));
      return account ? copy(account) : undefined;
    },
    async getAccount(providerAccountId, provider) {
      const account = accounts.get(accountKey({ provider, providerAccountId }));
      return account ? copy(account) : null;
    },
    async createSession(session) {
      assertUserExists(session.userId, "session");
      if (sessions.has(session.sessionToken)) throw new AdapterError("A session with this token already exists.");
      sessions.set(session.sessionToken, copy(session));
      return copy(session);
    },
    async getSessionAndUser(sessionToken) {
      const session = sessions.get(sessionToken);
      const user = session ? users.get(session.userId) : undefined;
      return session && user ? { session: copy(session), user: copy(user) } : null;
    },
    async updateSession(partial) {
      const current = sessions.get(partial.sessionToken);
      if (!current) return null;
      const updated = { ...current, ...definedFields(copy(partial)) };
      sessions.set(current.sessionToken, updated);
      return copy(updated);
    },
    async deleteSession(sessionToken) {
      const session = take(sessions, sessionToken);
      return session ? copy(session) : null;
    },
    async deleteSessionsByUserId(userId) {
      for (const [key, session] of sessions) if (session.userId === userId) sessions.delete(key);
    },
    async createVerificationToken(token) {
      if (verificationTokens.has(tokenKey(token))) throw new AdapterError("This verification token already exists.");
      verificationTokens.set(tokenKey(token), copy(token));
      return copy(token);
    },
    async useVerificationToken(key) {
      // Read and delete in one synchronous step: two concurrent uses cannot both see the token.
      const token = take(verificationTokens, tokenKey(key));
      return token ? copy(token) : null;
    },
    async createAuthenticator(authenticator) {
      assertUserExists(authenticator.userId, "authenticator");
      if (authenticators.has(authenticator.credentialID)) {
        throw new AdapterError(
          `An authenticator with the credential id "${authenticator.credentialID}" already exists.`,
        );
      }
      authenticators.set(authenticator.credentialID, copy(authenticator));
      return copy(authenticator);
    },
    async getAuthenticator(credentialID) {
      const authenticator = authenticators.get(credentialID);
      return authenticator ? copy(authenticator) : null;
    },
    async listAuthenticatorsByUserId(userId) {
      return [...authenticators.values()].filter((item) => item.userId === userId).map(copy);
    },
    async updateAuthenticatorCounter(credentialID, newCounter) {
      const authenticator = authenticators.get(credentialID);
      if (!authenticator) throw new AdapterError(`Cannot update the counter: no authenticator "${credentialID}".`);
      const updated = { ...authenticator, counter: newCounter };
      authenticators.set(credentialID, updated);
      return copy(updated);
    },
    async deleteExpired(now = new Date()) {
      const removeExpired = (records: Map<string, { expires: Date }>) => {
        let removed = 0;
        for (const [key, record] of records) {
          if (record.expires.getTime() < now.getTime()) removed += Number(records.delete(key));
        }
        return removed;
      };
      return { sessions: removeExpired(sessions), verificationTokens: removeExpired(verificationTokens) };
    },
    async getPasswordHash(userId) {
      return passwords.get(userId)?.hash ?? null;
    },
    async setPasswordHash(userId, hash) {
      assertUserExists(userId, "password");
      // One synchronous set: the insert-or-replace the SQL adapters make with one upsert statement.
      passwords.set(userId, { hash, updatedAt: new Date() });
    },
    async deleteUserSessions(userId, keepSessionToken) {
      for (const [key, session] of sessions) {
        if (session.userId === userId && key !== keepSessionToken) sessions.delete(key);
      }
    },
    async takeRateLimit(key, limit) {
      checkRateLimitKey(key, "memory()");
      return rateLimits.take(key, limit);
    },
    async resetRateLimit(key) {
      checkRateLimitKey(key, "memory()");
      await rateLimits.reset(key);
    },
  };
}
