/**
 * The conformance suite must catch broken adapters, not only pass good ones. Each test here runs the
 * whole suite on a deliberately broken memory adapter inside a small runner we control, and checks that
 * the tests guarding the broken behaviour fail.
 */
import { describe, expect, test } from "vitest";
import memory, { createMemoryStore, type MemoryStore } from "../../../src/runtime/adapters/memory.js";
import { type AdapterTestOptions, runAdapterTests, type TestRunner } from "../../../src/runtime/adapters/testing.js";
import type { Adapter } from "../../../src/runtime/types.js";
import { memoryStoreReader } from "../../support/adapter-memory-reader.mjs";

type Body = () => Promise<void>;
interface Suite {
  name: string;
  beforeAll: Body[];
  afterAll: Body[];
  tests: Array<{ name: string; body: Body }>;
  suites: Suite[];
}

interface Outcome {
  passed: string[];
  /** Test name → the assertion message it failed with. */
  failed: Map<string, string>;
}

/** A runner that records what the suite registers, then runs it in order and reports each test's outcome. */
function recordingRunner(): TestRunner & { run(): Promise<Outcome> } {
  const root: Suite = { name: "", beforeAll: [], afterAll: [], tests: [], suites: [] };
  let current = root;
  const outcome: Outcome = { passed: [], failed: new Map() };

  async function runSuite(suite: Suite): Promise<void> {
    for (const hook of suite.beforeAll) await hook();
    for (const { name, body } of suite.tests) {
      try {
        await body();
        outcome.passed.push(name);
      } catch (error) {
        outcome.failed.set(name, error instanceof Error ? error.message : String(error));
      }
    }
    for (const child of suite.suites) await runSuite(child);
    for (const hook of suite.afterAll) await hook();
  }

  return {
    describe(name, body) {
      const parent = current;
      const suite: Suite = { name, beforeAll: [], afterAll: [], tests: [], suites: [] };
      parent.suites.push(suite);
      current = suite;
      body();
      current = parent;
    },
    test(name, body) {
      current.tests.push({ name, body });
    },
    beforeAll(hook) {
      current.beforeAll.push(hook);
    },
    afterAll(hook) {
      current.afterAll.push(hook);
    },
    async run() {
      await runSuite(root);
      return outcome;
    },
  };
}

/** Runs the whole suite on `memory()` with some methods replaced, and returns each test's outcome. */
async function runSuiteOn(
  breakAdapter: (store: MemoryStore, intact: Adapter) => Partial<Adapter>,
  options: Pick<AdapterTestOptions, "skip"> = {},
): Promise<Outcome> {
  const store = createMemoryStore();
  const intact = memory(store);
  const runner = recordingRunner();
  runAdapterTests({
    adapter: { ...intact, ...breakAdapter(store, intact) },
    db: memoryStoreReader(store),
    runner,
    ...options,
  });
  return runner.run();
}

const tokenKey = (identifier: string, token: string) => JSON.stringify([identifier, token]);

describe("the conformance suite", () => {
  test("passes the intact memory adapter in a runner of our own", async () => {
    const outcome = await runSuiteOn(() => ({}));
    expect([...outcome.failed]).toEqual([]);
    expect(outcome.passed.length).toBeGreaterThan(30);
  });

  test("fails an adapter whose verification tokens can be used twice", async () => {
    const outcome = await runSuiteOn((store) => ({
      useVerificationToken: ({ identifier, token }) =>
        store.verificationTokens.get(tokenKey(identifier, token)) ?? null,
    }));
    expect([...outcome.failed.keys()]).toEqual(
      expect.arrayContaining(["a token can be used only once", "concurrent uses of one token: exactly one gets it"]),
    );
  });

  test("fails an adapter that finds verification tokens without their identifier", async () => {
    const outcome = await runSuiteOn((store) => ({
      useVerificationToken: ({ token }) => {
        const entry = [...store.verificationTokens].find(([, stored]) => stored.token === token);
        if (!entry) return null;
        store.verificationTokens.delete(entry[0]);
        return entry[1];
      },
    }));
    expect([...outcome.failed.keys()]).toContain(
      "a token used with another identifier is not returned and stays usable",
    );
  });

  test("fails an adapter that hides expired verification tokens", async () => {
    const outcome = await runSuiteOn((_store, intact) => ({
      useVerificationToken: async (key) => {
        const token = await intact.useVerificationToken!(key);
        return token && token.expires.getTime() > Date.now() ? token : null;
      },
    }));
    expect([...outcome.failed.keys()]).toEqual([
      "an expired token is returned with its expiry, so the core can refuse it, and deleted",
    ]);
  });

  test("fails an adapter whose deleteUser leaves sessions, accounts, authenticators and the password behind", async () => {
    const outcome = await runSuiteOn((store) => ({
      deleteUser: (userId) => {
        store.users.delete(userId);
        return undefined;
      },
    }));
    expect([...outcome.failed.keys()].sort()).toEqual([
      "deleteUser deletes the user's hash (the table cascades)",
      "to the user's accounts",
      "to the user's authenticators",
      "to the user's sessions",
    ]);
  });

  test("fails an adapter that returns dates as strings", async () => {
    const outcome = await runSuiteOn((_store, intact) => ({
      getUser: async (id) => {
        const user = await intact.getUser!(id);
        return user && ({ ...user, emailVerified: user.emailVerified?.toISOString() } as never);
      },
    }));
    expect(outcome.failed.get("emailVerified round-trips as a Date")).toMatch(/must come back as a Date object/);
  });

  test("fails an adapter whose getAccount reads its arguments the wrong way round", async () => {
    const outcome = await runSuiteOn((_store, intact) => ({
      getAccount: (providerAccountId, provider) => intact.getAccount!(provider, providerAccountId),
    }));
    expect([...outcome.failed.keys()]).toEqual([
      "ids leave the adapter as strings: the user's, and the userId of its session and account",
      "linkAccount stores an account without tokens (an email sign-in)",
      "getAccount(providerAccountId, provider) returns the account",
    ]);
  });

  test("fails an adapter whose updateAuthenticatorCounter accepts an unknown credential id", async () => {
    const outcome = await runSuiteOn((_store, intact) => ({
      updateAuthenticatorCounter: async (credentialID, counter) =>
        (await intact.getAuthenticator!(credentialID)) === null
          ? ({ credentialID, counter } as never)
          : intact.updateAuthenticatorCounter!(credentialID, counter),
    }));
    expect([...outcome.failed.keys()]).toEqual([
      "updateAuthenticatorCounter rejects for an unknown credential id, as a promise, not a synchronous throw",
    ]);
  });

  test("fails an adapter whose updateAuthenticatorCounter throws synchronously for an unknown credential id", async () => {
    const outcome = await runSuiteOn((_store, intact) => ({
      updateAuthenticatorCounter: ((credentialID: string, counter: number) => {
        if (credentialID.length > 0) throw new Error("no such authenticator");
        return intact.updateAuthenticatorCounter!(credentialID, counter);
      }) as never,
    }));
    expect([...outcome.failed.keys()]).toContain(
      "updateAuthenticatorCounter rejects for an unknown credential id, as a promise, not a synchronous throw",
    );
  });

  test("fails an adapter whose createVerificationToken overwrites a stored token", async () => {
    const outcome = await runSuiteOn((store) => ({
      createVerificationToken: (token) => {
        store.verificationTokens.set(tokenKey(token.identifier, token.token), { ...token });
        return token;
      },
    }));
    expect([...outcome.failed.keys()]).toEqual([
      "createVerificationToken refuses an identifier and token that are already stored",
      "concurrent creates of one token: exactly one succeeds",
    ]);
  });

  test("fails a deleteExpired that also deletes what expires at `now`", async () => {
    const outcome = await runSuiteOn((store) => ({
      deleteExpired: async (now = new Date()) => {
        const counts = { sessions: 0, verificationTokens: 0 };
        for (const [table, records] of [
          ["sessions", store.sessions],
          ["verificationTokens", store.verificationTokens],
        ] as const) {
          for (const [key, record] of records) {
            if (record.expires.getTime() <= now.getTime()) counts[table] += Number(records.delete(key));
          }
        }
        return counts;
      },
    }));
    expect([...outcome.failed.keys()]).toEqual([
      "deletes the sessions and tokens that expired before `now`, keeps the others, and counts",
    ]);
  });

  test("fails a deleteExpired that deletes but miscounts, or ignores `now`", async () => {
    const miscounts = await runSuiteOn((_store, intact) => ({
      deleteExpired: async (now) => ({ ...(await intact.deleteExpired!(now)), verificationTokens: 0 }),
    }));
    expect([...miscounts.failed.keys()]).toEqual([
      "deletes the sessions and tokens that expired before `now`, keeps the others, and counts",
      "without an argument it deletes what expired before the current time",
    ]);
    const ignoresNow = await runSuiteOn((_store, intact) => ({ deleteExpired: () => intact.deleteExpired!() }));
    expect(
      ignoresNow.failed.get("deletes the sessions and tokens that expired before `now`, keeps the others, and counts"),
    ).toBeDefined();
  });

  test("runs no deleteExpired test for an adapter without the method (it is optional)", async () => {
    const outcome = await runSuiteOn(() => ({ deleteExpired: undefined }));
    expect([...outcome.failed]).toEqual([]);
    expect(outcome.passed.filter((name) => /expired before/.test(name))).toEqual([]);
  });

  test("fails a deleteSessionsByUserId that deletes other users' sessions too", async () => {
    const outcome = await runSuiteOn((store) => ({
      deleteSessionsByUserId: () => store.sessions.clear(),
    }));
    expect([...outcome.failed.keys()]).toEqual([
      "an id that is no text id finds nothing and changes nothing, without a database error",
      "deleteSessionsByUserId removes every session of that user and no other",
      "deleteSessionsByUserId for an unknown user deletes nothing and does not throw",
    ]);
  });

  test("fails a deleteSessionsByUserId that leaves one of the user's sessions", async () => {
    const outcome = await runSuiteOn((store) => ({
      deleteSessionsByUserId: (userId) => {
        const first = [...store.sessions].find(([, session]) => session.userId === userId);
        if (first) store.sessions.delete(first[0]);
      },
    }));
    expect([...outcome.failed.keys()]).toEqual([
      "deleteSessionsByUserId removes every session of that user and no other",
    ]);
  });

  test("fails a deleteSessionsByUserId that throws for an unknown user", async () => {
    const outcome = await runSuiteOn((store, intact) => ({
      deleteSessionsByUserId: async (userId) => {
        if (!store.users.has(userId)) throw new Error(`no user "${userId}"`);
        await intact.deleteSessionsByUserId!(userId);
      },
    }));
    expect([...outcome.failed.keys()]).toEqual([
      "an id that is no text id finds nothing and changes nothing, without a database error",
      "deleteSessionsByUserId for an unknown user deletes nothing and does not throw",
    ]);
  });

  test("fails an adapter whose getUser lets the database refuse an id of the wrong shape", async () => {
    // As an adapter on a PostgreSQL uuid column that binds any string does: "invalid input syntax for type uuid".
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const outcome = await runSuiteOn((_store, intact) => ({
      getUser: async (id) => {
        if (!uuid.test(id)) throw new Error(`invalid input syntax for type uuid: "${id}"`);
        return intact.getUser!(id);
      },
    }));
    expect([...outcome.failed.keys()]).toEqual([
      "an id that is no text id finds nothing and changes nothing, without a database error",
    ]);
  });

  test("fails an adapter that returns a user id as a number", async () => {
    const outcome = await runSuiteOn((_store, intact) => ({
      getSessionAndUser: async (sessionToken) => {
        const found = await intact.getSessionAndUser!(sessionToken);
        return found && { ...found, session: { ...found.session, userId: 7 as never } };
      },
    }));
    expect([...outcome.failed.keys()]).toContain(
      "ids leave the adapter as strings: the user's, and the userId of its session and account",
    );
  });

  test("runs no deleteSessionsByUserId test for an adapter without the method (it is optional)", async () => {
    const outcome = await runSuiteOn(() => ({ deleteSessionsByUserId: undefined }));
    expect([...outcome.failed]).toEqual([]);
    expect(outcome.passed.filter((name) => /deleteSessionsByUserId/.test(name))).toEqual([]);
  });

  test("fails a setPasswordHash that keeps the first hash instead of replacing it", async () => {
    const outcome = await runSuiteOn((store, intact) => ({
      setPasswordHash: async (userId, hash) => {
        if (!store.passwords?.has(userId)) await intact.setPasswordHash!(userId, hash);
      },
    }));
    expect([...outcome.failed.keys()]).toEqual([
      "setPasswordHash replaces the user's hash: one hash per user, the latest",
    ]);
  });

  test("fails a setPasswordHash that stores a hash for a user that does not exist", async () => {
    const outcome = await runSuiteOn((store) => ({
      setPasswordHash: (userId, hash) => void store.passwords?.set(userId, { hash, updatedAt: new Date() }),
    }));
    expect([...outcome.failed.keys()]).toEqual([
      "setPasswordHash rejects for a user that does not exist and stores nothing",
      "an id that is no text id: getPasswordHash finds nothing and setPasswordHash rejects, without a database error",
    ]);
  });

  test("fails a getPasswordHash that answers another user's hash", async () => {
    const outcome = await runSuiteOn((store) => ({
      getPasswordHash: () => [...(store.passwords?.values() ?? [])][0]?.hash ?? null,
    }));
    expect([...outcome.failed.keys()]).toEqual(
      expect.arrayContaining([
        "getPasswordHash returns null for a user without a password and for an unknown user",
        "each user has their own hash",
      ]),
    );
  });

  test("fails a deleteUserSessions that ends the kept session too", async () => {
    const outcome = await runSuiteOn((_store, intact) => ({
      deleteUserSessions: (userId) => intact.deleteUserSessions!(userId),
    }));
    expect([...outcome.failed.keys()]).toEqual([
      "ends every session of the user but the kept one, and no other user's",
    ]);
  });

  test("fails a deleteUserSessions that ends other users' sessions", async () => {
    const outcome = await runSuiteOn((store) => ({
      deleteUserSessions: (_userId, keep) => {
        for (const token of store.sessions.keys()) if (token !== keep) store.sessions.delete(token);
      },
    }));
    expect([...outcome.failed.keys()]).toEqual([
      "ends every session of the user but the kept one, and no other user's",
      "an unknown user, or an id that is no text id, deletes nothing and does not throw",
    ]);
  });

  test("runs no password or deleteUserSessions test for an adapter without those methods (they are optional)", async () => {
    const outcome = await runSuiteOn(() => ({
      getPasswordHash: undefined,
      setPasswordHash: undefined,
      deleteUserSessions: undefined,
    }));
    expect([...outcome.failed]).toEqual([]);
    const passwordTests =
      /PasswordHash|user's hash|own hash|kept one|to keep|every session of the user|unknown user, or/;
    expect(outcome.passed.filter((name) => passwordTests.test(name))).toEqual([]);
  });

  test("fails an adapter that has getPasswordHash but not setPasswordHash, naming it", async () => {
    const outcome = await runSuiteOn(() => ({ setPasswordHash: undefined }));
    expect(outcome.failed.get("setPasswordHash replaces the user's hash: one hash per user, the latest")).toMatch(
      /must implement setPasswordHash/,
    );
  });

  test("fails an adapter that lacks a method, naming it", async () => {
    const outcome = await runSuiteOn(() => ({ getUserByEmail: undefined }));
    expect(outcome.failed.get("getUserByEmail returns the user with that address")).toMatch(
      /must implement getUserByEmail/,
    );
  });

  test("skips the authenticator tests for an adapter that stores no passkeys", async () => {
    const outcome = await runSuiteOn(
      () => ({
        createAuthenticator: undefined,
        getAuthenticator: undefined,
        listAuthenticatorsByUserId: undefined,
        updateAuthenticatorCounter: undefined,
      }),
      { skip: ["authenticators"] },
    );
    expect([...outcome.failed]).toEqual([]);
    expect(outcome.passed.filter((name) => /uthenticator/.test(name))).toEqual([]);
  });
});
