/**
 * What the adapter conformance suite (testing.ts) is handed: a test runner and reads of the store that
 * bypass the adapter. Apart from the suite, so its parts (testing-passwords.ts) name them without importing it.
 */
import type { AdapterAccount, AdapterAuthenticator, AdapterSession, AdapterUser, VerificationToken } from "../types.js";

/** The parts of a test runner the suite uses. node:test calls its hooks `before`/`after`: pass those. */
export interface TestRunner {
  describe(name: string, body: () => void): unknown;
  test(name: string, body: () => Promise<void>): unknown;
  beforeAll(hook: () => Promise<void>): unknown;
  afterAll(hook: () => Promise<void>): unknown;
}

/**
 * Reads of your store that bypass the adapter, so the suite checks what was really stored (not only what
 * the adapter says it stored). Each returns the record as the adapter should return it, or null.
 */
export interface AdapterTestDatabase {
  /** Runs before the first test (open connections, create tables). */
  connect?(): Promise<void>;
  /** Runs after the last test. */
  disconnect?(): Promise<void>;
  user(id: string): Promise<AdapterUser | null>;
  account(key: { provider: string; providerAccountId: string }): Promise<AdapterAccount | null>;
  session(sessionToken: string): Promise<AdapterSession | null>;
  verificationToken(key: { identifier: string; token: string }): Promise<VerificationToken | null>;
  /** Without it the authenticator tests read back through `getAuthenticator`. */
  authenticator?(credentialID: string): Promise<AdapterAuthenticator | null>;
  /**
   * The user's row of the `passwords` table (its hash and when it was set), for an adapter with
   * `setPasswordHash`. Without it the password tests read back through `getPasswordHash`.
   */
  password?(userId: string): Promise<{ hash: string; updatedAt: Date } | null>;
}
