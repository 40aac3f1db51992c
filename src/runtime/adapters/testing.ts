/**
 * The adapter conformance suite: every built-in adapter passes it, and you can run it on your own.
 * It registers its tests with the runner you pass (vitest, jest and node:test all fit) and asserts with
 * `node:assert`, so it adds no test framework to your app. Each test writes its own random ids and
 * addresses, so the suite can run against a database that already holds data (it leaves its rows behind
 * only where a test failed midway). `userIds` says what kind of id the users table has (text, uuid, or
 * integer/bigint assigned by the database): the suite assumes no more of an id than that it is a string.
 * The contract's optional methods (deleteSessionsByUserId, deleteExpired, and the password provider's
 * getPasswordHash, setPasswordHash and deleteUserSessions: testing-passwords.ts) are tested where the adapter
 * has them.
 *
 * ```ts
 * import { describe, test, beforeAll, afterAll } from "vitest";
 * import { runAdapterTests } from "@create-auth/runtime/adapters/testing";
 * runAdapterTests({ adapter: myAdapter(db), db: { user: (id) => …, … }, runner: { describe, test, beforeAll, afterAll } });
 * ```
 */
import assert from "node:assert/strict";
import type {
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "../types.js";
import { registerPasswordTests } from "./testing-passwords.js";
import type { AdapterTestDatabase, TestRunner } from "./testing-types.js";
import type { UserIdKind } from "./user-ids.js";

export type { AdapterTestDatabase, TestRunner };

export interface AdapterTestOptions {
  adapter: Adapter;
  db: AdapterTestDatabase;
  runner: TestRunner;
  /** Method groups your adapter does not implement: `authenticators` for one that stores no passkeys. */
  skip?: Array<"authenticators">;
  /** The type of users.id the adapter was made for (its `userIds` option). Default "text". */
  userIds?: UserIdKind;
}

type Method<K extends keyof Adapter> = NonNullable<Adapter[K]>;

/**
 * Asserts `actual` holds every field of `expected` with an equal value and type (a Date stays a Date, a
 * number a number). Extra fields are allowed: your tables may carry columns of their own.
 */
function assertRecord<T extends object>(actual: T | null | undefined, expected: T, what: string): void {
  assert.ok(actual, `expected ${what}, got ${String(actual)}`);
  for (const [field, value] of Object.entries(expected)) {
    assert.deepStrictEqual((actual as Record<string, unknown>)[field], value, `${what}: field "${field}"`);
  }
}

/** Whole seconds: adapters storing dates with only second precision still round-trip them exactly. */
function secondsFromNow(seconds: number): Date {
  return new Date((Math.floor(Date.now() / 1000) + seconds) * 1000);
}

const randomId = () => crypto.randomUUID();

/** A valid id of the kind that no user has: high in the range, where no test database's ids reach. */
function unknownUserId(kind: UserIdKind): string {
  const offset = BigInt(Math.floor(Math.random() * 1_000_000));
  // BigInt("…"), not literals, as everywhere in the runtime: bundlers targeting older syntax warn about them.
  if (kind === "integer") return String(BigInt("2147000000") + offset);
  if (kind === "bigint") return String(BigInt("9223372036000000000") + offset);
  return randomId();
}

/** Strings that are no id of the kind, each of which must find nothing rather than make the database fail. */
function invalidUserIds(kind: UserIdKind): string[] {
  switch (kind) {
    case "integer":
    case "bigint":
      // 2^63 is one beyond every signed 64-bit column: PostgreSQL would answer it with an error.
      return ["abc", "1e3", "1.5", "", " 1", "0x10", "007", "9223372036854775808", "9".repeat(30), randomId()];
    case "uuid":
      return ["abc", "", "1", `${randomId()}x`, randomId().replaceAll("-", "")];
    case "text":
      // Any string is a text id: these only must not break the query.
      return ["", "' OR '1'='1", `unknown-${randomId()}`];
  }
}

/** Whether `id` looks as an id of the kind the database or the adapter assigns. */
function isIdOfKind(id: unknown, kind: UserIdKind): boolean {
  if (typeof id !== "string") return false;
  if (kind === "integer" || kind === "bigint") return /^-?[1-9][0-9]*$/.test(id);
  if (kind === "uuid") return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
  return id.length > 0;
}

function newUser(fields: Partial<AdapterUser> = {}): AdapterUser {
  const id = randomId();
  return {
    id,
    name: `Conformance ${id.slice(0, 8)}`,
    email: `conformance-${id}@example.test`,
    emailVerified: null,
    image: `https://example.test/avatars/${id}.png`,
    ...fields,
  };
}

function newAccount(userId: string): AdapterAccount {
  return {
    userId,
    type: "oidc",
    provider: `conformance-${randomId().slice(0, 8)}`,
    providerAccountId: randomId(),
    access_token: `access-${randomId()}`,
    refresh_token: `refresh-${randomId()}`,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: "bearer",
    scope: "openid email profile",
    id_token: `eyJhbGciOiJSUzI1NiJ9.${randomId()}.signature`,
    session_state: randomId(),
  };
}

function newAuthenticator(userId: string, fields: Partial<AdapterAuthenticator> = {}): AdapterAuthenticator {
  const credentialID = Buffer.from(randomId()).toString("base64url");
  return {
    credentialID,
    userId,
    providerAccountId: credentialID,
    credentialPublicKey: Buffer.from(`public-key-${randomId()}`).toString("base64"),
    counter: 0,
    credentialDeviceType: "multiDevice",
    credentialBackedUp: true,
    transports: "internal,hybrid",
    ...fields,
  };
}

/** Registers the conformance tests with `options.runner`. Call it at the top level of a test file. */
export function runAdapterTests(options: AdapterTestOptions): void {
  const { adapter, db, runner } = options;
  const { describe, test } = runner;
  const skipAuthenticators = options.skip?.includes("authenticators") ?? false;
  const idKind = options.userIds ?? "text";

  function method<K extends keyof Adapter>(name: K): Method<K> {
    const implementation = adapter[name];
    assert.equal(typeof implementation, "function", `the adapter must implement ${String(name)}`);
    return (implementation as (...args: unknown[]) => unknown).bind(adapter) as Method<K>;
  }

  async function createdUser(fields: Partial<AdapterUser> = {}): Promise<AdapterUser> {
    return method("createUser")(newUser(fields));
  }

  /** The address of a user created here (every one has one; `AdapterUser.email` may be null in general). */
  function addressOf(user: AdapterUser): string {
    assert.ok(user.email, "createUser must return the user's email");
    return user.email;
  }

  async function createdSession(userId: string): Promise<AdapterSession> {
    return method("createSession")({ sessionToken: randomId(), userId, expires: secondsFromNow(3600) });
  }

  async function createdToken(fields: Partial<VerificationToken> = {}): Promise<VerificationToken> {
    const token: VerificationToken = {
      identifier: `conformance-${randomId()}@example.test`,
      token: randomId().replaceAll("-", ""),
      expires: secondsFromNow(3600),
      ...fields,
    };
    await method("createVerificationToken")(token);
    return token;
  }

  const storedAuthenticator = (credentialID: string) =>
    db.authenticator ? db.authenticator(credentialID) : Promise.resolve(method("getAuthenticator")(credentialID));

  describe("adapter conformance", () => {
    runner.beforeAll(async () => {
      await db.connect?.();
    });
    runner.afterAll(async () => {
      await db.disconnect?.();
    });

    describe("users", () => {
      if (idKind === "text") {
        test("createUser stores the given user, id included, and returns it", async () => {
          const input = newUser();
          const returned = await method("createUser")(input);
          assertRecord(returned, input, "the returned user");
          assertRecord(await db.user(input.id), input, "the stored user");
        });
      } else {
        test(`createUser stores the given user under a new ${idKind} id and returns it`, async () => {
          const { id: _, ...input } = newUser();
          const returned = await method("createUser")(input as AdapterUser);
          assert.ok(isIdOfKind(returned?.id, idKind), `expected a ${idKind} id as a string, got ${returned?.id}`);
          assertRecord(returned, { ...input, id: returned.id }, "the returned user");
          assertRecord(await db.user(returned.id), { ...input, id: returned.id }, "the stored user");
          const other = await createdUser();
          assert.notEqual(other.id, returned.id, "two users got the same id");
        });
      }

      test("emailVerified round-trips as a Date", async () => {
        const emailVerified = secondsFromNow(-60);
        const user = await createdUser({ emailVerified });
        const read = await method("getUser")(user.id);
        assert.ok(read?.emailVerified instanceof Date, "emailVerified must come back as a Date object");
        assert.equal(read.emailVerified.getTime(), emailVerified.getTime());
      });

      test("emailVerified null round-trips as null", async () => {
        const user = await createdUser({ emailVerified: null });
        assert.equal((await method("getUser")(user.id))?.emailVerified, null);
      });

      test("getUser returns the user with that id", async () => {
        const user = await createdUser();
        assertRecord(await method("getUser")(user.id), user, "getUser");
      });

      test("getUser returns null for an unknown id", async () => {
        assert.equal(await method("getUser")(unknownUserId(idKind)), null);
      });

      test(`an id that is no ${idKind} id finds nothing and changes nothing, without a database error`, async () => {
        const user = await createdUser();
        const session = await createdSession(user.id);
        for (const id of invalidUserIds(idKind)) {
          const shown = JSON.stringify(id);
          assert.equal(await method("getUser")(id), null, `getUser(${shown})`);
          assert.equal((await method("deleteUser")(id)) ?? null, null, `deleteUser(${shown})`);
          if (adapter.deleteSessionsByUserId) await method("deleteSessionsByUserId")(id);
          if (!skipAuthenticators) {
            assert.deepStrictEqual(await method("listAuthenticatorsByUserId")(id), [], `listAuthenticators(${shown})`);
          }
          await assert.rejects(async () => method("updateUser")({ id, name: "Nobody" }), `updateUser(${shown})`);
        }
        assertRecord(await db.user(user.id), user, "the user, untouched");
        assertRecord(await db.session(session.sessionToken), session, "the user's session, untouched");
      });

      test("ids leave the adapter as strings: the user's, and the userId of its session and account", async () => {
        const user = await createdUser();
        assert.equal(typeof user.id, "string");
        const session = await createdSession(user.id);
        assert.equal(session.userId, user.id);
        const found = await method("getSessionAndUser")(session.sessionToken);
        assert.equal(found?.user.id, user.id);
        assert.equal(found?.session.userId, user.id);
        const account = newAccount(user.id);
        await method("linkAccount")(account);
        assert.equal((await method("getAccount")(account.providerAccountId, account.provider))?.userId, user.id);
        assert.equal((await method("getUserByAccount")(account))?.id, user.id);
      });

      test("getUserByEmail returns the user with that address", async () => {
        const user = await createdUser();
        assertRecord(await method("getUserByEmail")(addressOf(user)), user, "getUserByEmail");
      });

      test("getUserByEmail returns null for an unknown address", async () => {
        assert.equal(await method("getUserByEmail")(`unknown-${randomId()}@example.test`), null);
      });

      test("updateUser changes the given fields, keeps the others and returns the whole user", async () => {
        const user = await createdUser();
        const changes = { id: user.id, name: "Renamed", emailVerified: secondsFromNow(0) };
        const returned = await method("updateUser")(changes);
        const expected = { ...user, ...changes };
        assertRecord(returned, expected, "the returned user");
        assertRecord(await db.user(user.id), expected, "the stored user");
      });

      test("deleteUser removes the user", async () => {
        const user = await createdUser();
        await method("deleteUser")(user.id);
        assert.equal(await db.user(user.id), null);
        assert.equal(await method("getUser")(user.id), null);
      });

      test("a returned user is a copy: changing it does not change the stored user", async () => {
        const user = await createdUser();
        const read = await method("getUser")(user.id);
        assert.ok(read);
        read.name = "Changed by the caller";
        assert.equal((await db.user(user.id))?.name, user.name);
      });
    });

    describe("accounts", () => {
      test("linkAccount stores every token field (expires_at as a number)", async () => {
        const user = await createdUser();
        const account = newAccount(user.id);
        await method("linkAccount")(account);
        const stored = await db.account(account);
        assertRecord(stored, account, "the stored account");
        assert.equal(typeof stored?.expires_at, "number");
      });

      test("linkAccount stores an account without tokens (an email sign-in)", async () => {
        const user = await createdUser();
        const account: AdapterAccount = {
          userId: user.id,
          type: "email",
          provider: "email",
          providerAccountId: addressOf(user),
        };
        await method("linkAccount")(account);
        assertRecord(await db.account(account), account, "the stored account");
        assertRecord(await method("getAccount")(account.providerAccountId, account.provider), account, "getAccount");
      });

      test("getUserByAccount returns the account's owner", async () => {
        const user = await createdUser();
        const account = newAccount(user.id);
        await method("linkAccount")(account);
        assertRecord(await method("getUserByAccount")(account), user, "getUserByAccount");
      });

      test("getUserByAccount returns null for an unknown account", async () => {
        const unknown = { provider: "conformance", providerAccountId: randomId() };
        assert.equal(await method("getUserByAccount")(unknown), null);
      });

      test("getAccount(providerAccountId, provider) returns the account", async () => {
        const user = await createdUser();
        const account = newAccount(user.id);
        await method("linkAccount")(account);
        assertRecord(await method("getAccount")(account.providerAccountId, account.provider), account, "getAccount");
      });

      test("getAccount returns null for an unknown account", async () => {
        assert.equal(await method("getAccount")(randomId(), "conformance"), null);
      });

      test("unlinkAccount removes the account and its link to the user", async () => {
        const user = await createdUser();
        const account = newAccount(user.id);
        await method("linkAccount")(account);
        await method("unlinkAccount")(account);
        assert.equal(await db.account(account), null);
        assert.equal(await method("getUserByAccount")(account), null);
        assertRecord(await db.user(user.id), user, "the user, which stays");
      });
    });

    describe("sessions", () => {
      test("createSession stores the session and returns it", async () => {
        const user = await createdUser();
        const session = { sessionToken: randomId(), userId: user.id, expires: secondsFromNow(3600) };
        assertRecord(await method("createSession")(session), session, "the returned session");
        assertRecord(await db.session(session.sessionToken), session, "the stored session");
      });

      test("getSessionAndUser returns the session and its user in one call", async () => {
        const user = await createdUser();
        const session = await createdSession(user.id);
        const found = await method("getSessionAndUser")(session.sessionToken);
        assert.ok(found, "expected { session, user }");
        assertRecord(found.session, session, "the session");
        assert.ok(found.session.expires instanceof Date, "session.expires must come back as a Date object");
        assertRecord(found.user, user, "the user");
      });

      test("getSessionAndUser returns null for an unknown session token", async () => {
        assert.equal(await method("getSessionAndUser")(randomId()), null);
      });

      test("updateSession moves the expiry", async () => {
        const user = await createdUser();
        const session = await createdSession(user.id);
        const expires = secondsFromNow(7200);
        const returned = await method("updateSession")({ sessionToken: session.sessionToken, expires });
        const expected = { ...session, expires };
        if (returned) assertRecord(returned, expected, "the returned session");
        assertRecord(await db.session(session.sessionToken), expected, "the stored session");
      });

      test("deleteSession removes the session", async () => {
        const user = await createdUser();
        const session = await createdSession(user.id);
        await method("deleteSession")(session.sessionToken);
        assert.equal(await db.session(session.sessionToken), null);
        assert.equal(await method("getSessionAndUser")(session.sessionToken), null);
      });

      if (adapter.deleteSessionsByUserId) {
        test("deleteSessionsByUserId removes every session of that user and no other", async () => {
          const [user, other] = [await createdUser(), await createdUser()];
          const mine = [await createdSession(user.id), await createdSession(user.id)];
          const others = [await createdSession(other.id), await createdSession(other.id)];
          await method("deleteSessionsByUserId")(user.id);
          for (const session of mine) {
            assert.equal(await db.session(session.sessionToken), null);
            assert.equal(await method("getSessionAndUser")(session.sessionToken), null);
          }
          for (const [index, session] of others.entries()) {
            assertRecord(await db.session(session.sessionToken), session, `the other user's session ${index + 1}`);
          }
          // Only sessions go: the user itself stays (signing in again creates a new session for it).
          assertRecord(await db.user(user.id), user, "the user whose sessions went");
        });

        test("deleteSessionsByUserId for an unknown user deletes nothing and does not throw", async () => {
          const user = await createdUser();
          const session = await createdSession(user.id);
          await method("deleteSessionsByUserId")(unknownUserId(idKind));
          assertRecord(await db.session(session.sessionToken), session, "an unrelated session");
        });
      }
    });

    describe("verification tokens", () => {
      test("createVerificationToken stores the token", async () => {
        const token = await createdToken();
        assertRecord(await db.verificationToken(token), token, "the stored token");
      });

      test("useVerificationToken returns the token and deletes it", async () => {
        const token = await createdToken();
        const used = await method("useVerificationToken")(token);
        assertRecord(used, token, "the used token");
        assert.ok(used?.expires instanceof Date, "expires must come back as a Date object");
        assert.equal(await db.verificationToken(token), null);
      });

      test("a token can be used only once", async () => {
        const token = await createdToken();
        await method("useVerificationToken")(token);
        assert.equal(await method("useVerificationToken")(token), null);
      });

      test("concurrent uses of one token: exactly one gets it", async () => {
        const use = method("useVerificationToken");
        // Warm a pooled adapter's connections first: two uses on a cold pool run one after the other (the
        // second waits for a new connection), which would hide a read-then-delete race.
        await Promise.all(
          Array.from({ length: 10 }, () => use({ identifier: `warm-${randomId()}`, token: randomId() })),
        );
        const token = await createdToken();
        const results = await Promise.all(Array.from({ length: 10 }, () => use({ ...token })));
        assert.equal(results.filter((result) => result !== null && result !== undefined).length, 1);
      });

      test("a token used with another identifier is not returned and stays usable", async () => {
        const token = await createdToken();
        const other = { identifier: `other-${randomId()}@example.test`, token: token.token };
        assert.equal(await method("useVerificationToken")(other), null);
        assertRecord(await db.verificationToken(token), token, "the token, which must survive");
      });

      test("a wrong token for the right identifier is not returned", async () => {
        const token = await createdToken();
        const wrong = { identifier: token.identifier, token: randomId().replaceAll("-", "") };
        assert.equal(await method("useVerificationToken")(wrong), null);
      });

      test("an expired token is returned with its expiry, so the core can refuse it, and deleted", async () => {
        const token = await createdToken({ expires: secondsFromNow(-60) });
        assertRecord(await method("useVerificationToken")(token), token, "the expired token");
        assert.equal(await db.verificationToken(token), null);
      });

      // Passkeys record each spent challenge as a token: a second record of it must fail, not overwrite.
      test("createVerificationToken refuses an identifier and token that are already stored", async () => {
        const token = await createdToken();
        await assert.rejects(async () => method("createVerificationToken")({ ...token, expires: secondsFromNow(60) }));
        assertRecord(await db.verificationToken(token), token, "the first token, unchanged");
      });

      test("concurrent creates of one token: exactly one succeeds", async () => {
        const token: VerificationToken = {
          identifier: `conformance-${randomId()}@example.test`,
          token: randomId().replaceAll("-", ""),
          expires: secondsFromNow(3600),
        };
        const create = method("createVerificationToken");
        const results = await Promise.allSettled(Array.from({ length: 5 }, async () => create({ ...token })));
        assert.equal(results.filter((result) => result.status === "fulfilled").length, 1);
      });
    });

    if (adapter.deleteExpired) {
      describe("deleteExpired", () => {
        test("deletes the sessions and tokens that expired before `now`, keeps the others, and counts", async () => {
          // A past instant of this test's own (whole seconds): no live row of a real database expired before it.
          const now = new Date(Date.UTC(2001, 0, 1) + Math.floor(Math.random() * 365 * 86_400) * 1000);
          const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
          await method("deleteExpired")(now); // what an earlier run that failed midway left behind
          const user = await createdUser();
          const session = (expires: Date) =>
            method("createSession")({ sessionToken: randomId(), userId: user.id, expires });
          const [expiredSession, dueSession, liveSession] = [
            await session(at(-1)),
            await session(now),
            await session(at(1)),
          ];
          const [expiredToken, dueToken, liveToken] = [
            await createdToken({ expires: at(-1) }),
            await createdToken({ expires: now }),
            await createdToken({ expires: at(1) }),
          ];

          assert.deepStrictEqual(await method("deleteExpired")(now), { sessions: 1, verificationTokens: 1 });
          assert.equal(await db.session(expiredSession.sessionToken), null);
          assert.equal(await db.verificationToken(expiredToken), null);
          // Expiring at `now` exactly is not yet expired: the rule is `expires < now`.
          assertRecord(await db.session(dueSession.sessionToken), dueSession, "the session expiring at now");
          assertRecord(await db.session(liveSession.sessionToken), liveSession, "the live session");
          assertRecord(await db.verificationToken(dueToken), dueToken, "the token expiring at now");
          assertRecord(await db.verificationToken(liveToken), liveToken, "the live token");
          assertRecord(await db.user(user.id), user, "the sessions' user");
          assert.deepStrictEqual(await method("deleteExpired")(now), { sessions: 0, verificationTokens: 0 });
        });

        test("without an argument it deletes what expired before the current time", async () => {
          const user = await createdUser();
          const session = (expires: Date) =>
            method("createSession")({ sessionToken: randomId(), userId: user.id, expires });
          const [expiredSession, liveSession] = [
            await session(secondsFromNow(-60)),
            await session(secondsFromNow(3600)),
          ];
          const [expiredToken, liveToken] = [
            await createdToken({ expires: secondsFromNow(-60) }),
            await createdToken({ expires: secondsFromNow(3600) }),
          ];
          const removed = await method("deleteExpired")();
          assert.ok(removed.sessions >= 1 && removed.verificationTokens >= 1, `counted ${JSON.stringify(removed)}`);
          assert.equal(await db.session(expiredSession.sessionToken), null);
          assert.equal(await db.verificationToken(expiredToken), null);
          assertRecord(await db.session(liveSession.sessionToken), liveSession, "the live session");
          assertRecord(await db.verificationToken(liveToken), liveToken, "the live token");
        });
      });
    }

    describe("deleteUser cascades", () => {
      test("to the user's sessions", async () => {
        const user = await createdUser();
        const session = await createdSession(user.id);
        await method("deleteUser")(user.id);
        assert.equal(await db.session(session.sessionToken), null);
      });

      test("to the user's accounts", async () => {
        const user = await createdUser();
        const account = newAccount(user.id);
        await method("linkAccount")(account);
        await method("deleteUser")(user.id);
        assert.equal(await db.account(account), null);
      });

      if (!skipAuthenticators) {
        test("to the user's authenticators", async () => {
          const user = await createdUser();
          const authenticator = await method("createAuthenticator")(newAuthenticator(user.id));
          await method("deleteUser")(user.id);
          assert.equal(await storedAuthenticator(authenticator.credentialID), null);
        });
      }

      test("and leaves other users' records alone", async () => {
        const [deleted, kept] = [await createdUser(), await createdUser()];
        const session = await createdSession(kept.id);
        await method("deleteUser")(deleted.id);
        assertRecord(await db.user(kept.id), kept, "the other user");
        assertRecord(await db.session(session.sessionToken), session, "the other user's session");
      });
    });

    registerPasswordTests({
      adapter,
      db,
      runner,
      idKind,
      method,
      createdUser,
      createdSession,
      unknownUserId: () => unknownUserId(idKind),
      invalidUserIds: () => invalidUserIds(idKind),
      assertRecord,
    });

    if (skipAuthenticators) return;

    describe("authenticators", () => {
      test("createAuthenticator stores the authenticator and returns it", async () => {
        const user = await createdUser();
        const authenticator = newAuthenticator(user.id);
        assertRecord(await method("createAuthenticator")(authenticator), authenticator, "the returned authenticator");
        assertRecord(await storedAuthenticator(authenticator.credentialID), authenticator, "the stored authenticator");
      });

      test("transports null round-trips as null", async () => {
        const user = await createdUser();
        const authenticator = newAuthenticator(user.id, { transports: null, credentialBackedUp: false });
        await method("createAuthenticator")(authenticator);
        assertRecord(await method("getAuthenticator")(authenticator.credentialID), authenticator, "getAuthenticator");
      });

      test("getAuthenticator returns the authenticator with that credential id", async () => {
        const user = await createdUser();
        const authenticator = await method("createAuthenticator")(newAuthenticator(user.id));
        assertRecord(await method("getAuthenticator")(authenticator.credentialID), authenticator, "getAuthenticator");
      });

      test("getAuthenticator returns null for an unknown credential id", async () => {
        assert.equal(await method("getAuthenticator")(randomId()), null);
      });

      test("listAuthenticatorsByUserId returns every authenticator of the user and no other", async () => {
        const [user, other] = [await createdUser(), await createdUser()];
        const mine = [newAuthenticator(user.id), newAuthenticator(user.id)];
        for (const authenticator of [...mine, newAuthenticator(other.id)]) {
          await method("createAuthenticator")(authenticator);
        }
        const listed = await method("listAuthenticatorsByUserId")(user.id);
        const byId = (a: AdapterAuthenticator, b: AdapterAuthenticator) => a.credentialID.localeCompare(b.credentialID);
        assert.equal(listed.length, mine.length);
        const sorted = [...listed].sort(byId);
        mine.sort(byId).forEach((authenticator, index) => {
          assertRecord(sorted[index], authenticator, `authenticator ${index + 1}`);
        });
      });

      test("listAuthenticatorsByUserId returns [] for an unknown user", async () => {
        assert.deepStrictEqual(await method("listAuthenticatorsByUserId")(unknownUserId(idKind)), []);
      });

      test("updateAuthenticatorCounter stores the new counter and returns the authenticator", async () => {
        const user = await createdUser();
        const authenticator = await method("createAuthenticator")(newAuthenticator(user.id));
        // The WebAuthn signature counter is an unsigned 32-bit number: the column must hold its maximum.
        const expected = { ...authenticator, counter: 2 ** 32 - 1 };
        const returned = await method("updateAuthenticatorCounter")(authenticator.credentialID, expected.counter);
        assertRecord(returned, expected, "the returned authenticator");
        assertRecord(await storedAuthenticator(authenticator.credentialID), expected, "the stored authenticator");
      });

      test("updateAuthenticatorCounter rejects for an unknown credential id, as a promise, not a synchronous throw", async () => {
        // `adapter.updateAuthenticatorCounter(…).catch(…)` must work: a synchronous throw would skip the catch.
        let pending: unknown;
        assert.doesNotThrow(() => {
          pending = method("updateAuthenticatorCounter")(randomId(), 1);
        }, "updateAuthenticatorCounter must return a rejected promise, not throw");
        assert.equal(typeof (pending as Promise<unknown> | undefined)?.then, "function", "it must return a promise");
        await assert.rejects(pending as Promise<unknown>);
      });
    });
  });
}
