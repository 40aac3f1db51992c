/**
 * The conformance suite's tests of the password provider's storage (`getPasswordHash`, `setPasswordHash`)
 * and of `deleteUserSessions`, registered by `runAdapterTests` only for an adapter that has those methods:
 * they are optional in the contract. Kept beside testing.ts, which hands over its runner and helpers.
 */
import assert from "node:assert/strict";
import type { Adapter, AdapterSession, AdapterUser } from "../types.js";
import type { AdapterTestDatabase, TestRunner } from "./testing-types.js";
import type { UserIdKind } from "./user-ids.js";

type Method<K extends keyof Adapter> = NonNullable<Adapter[K]>;

/** What testing.ts lends these tests: its runner, the adapter's methods and its record helpers. */
export interface PasswordTestContext {
  adapter: Adapter;
  db: AdapterTestDatabase;
  runner: Pick<TestRunner, "describe" | "test">;
  idKind: UserIdKind;
  method<K extends keyof Adapter>(name: K): Method<K>;
  createdUser(fields?: Partial<AdapterUser>): Promise<AdapterUser>;
  createdSession(userId: string): Promise<AdapterSession>;
  unknownUserId(): string;
  invalidUserIds(): string[];
  assertRecord<T extends object>(actual: T | null | undefined, expected: T, what: string): void;
}

/** A PHC string as the password provider stores one: `$`, `=`, `,`, `+` and `/` must all survive. */
function phcString(): string {
  const salt = Buffer.from(crypto.getRandomValues(new Uint8Array(16)))
    .toString("base64")
    .replace(/=+$/, "");
  const hash = Buffer.from(crypto.getRandomValues(new Uint8Array(32)))
    .toString("base64")
    .replace(/=+$/, "");
  return `$argon2id$v=19$m=19456,t=2,p=1$${salt}$${hash}`;
}

export function registerPasswordTests(context: PasswordTestContext): void {
  const { adapter, db, idKind, method, createdUser, createdSession, assertRecord } = context;
  const { describe, test } = context.runner;

  /** The stored hash read past the adapter where the suite can, through getPasswordHash where it cannot. */
  const storedHash = async (userId: string) =>
    db.password ? ((await db.password(userId))?.hash ?? null) : method("getPasswordHash")(userId);

  if (adapter.getPasswordHash || adapter.setPasswordHash) {
    describe("password hashes", () => {
      test("setPasswordHash stores the hash and getPasswordHash returns it exactly", async () => {
        const user = await createdUser();
        const hash = phcString();
        const before = Date.now();
        await method("setPasswordHash")(user.id, hash);
        assert.equal(await method("getPasswordHash")(user.id), hash);
        if (db.password) {
          const stored = await db.password(user.id);
          assert.equal(stored?.hash, hash, "the stored hash");
          assert.ok(stored.updatedAt instanceof Date, "updatedAt must be stored as a date");
          // Seconds of slack for adapters and databases that store dates to the second.
          assert.ok(stored.updatedAt.getTime() >= before - 1000, `updatedAt ${stored.updatedAt.toISOString()}`);
        }
      });

      test("setPasswordHash replaces the user's hash: one hash per user, the latest", async () => {
        const user = await createdUser();
        const [first, second] = [phcString(), phcString()];
        await method("setPasswordHash")(user.id, first);
        await method("setPasswordHash")(user.id, second);
        assert.equal(await method("getPasswordHash")(user.id), second);
        assert.equal(await storedHash(user.id), second);
      });

      test("getPasswordHash returns null for a user without a password and for an unknown user", async () => {
        const user = await createdUser();
        assert.equal(await method("getPasswordHash")(user.id), null);
        assert.equal(await method("getPasswordHash")(context.unknownUserId()), null);
      });

      test("each user has their own hash", async () => {
        const [user, other] = [await createdUser(), await createdUser()];
        const [mine, theirs] = [phcString(), phcString()];
        await method("setPasswordHash")(user.id, mine);
        await method("setPasswordHash")(other.id, theirs);
        assert.equal(await method("getPasswordHash")(user.id), mine);
        assert.equal(await method("getPasswordHash")(other.id), theirs);
      });

      test("setPasswordHash rejects for a user that does not exist and stores nothing", async () => {
        const unknown = context.unknownUserId();
        await assert.rejects(async () => method("setPasswordHash")(unknown, phcString()));
        assert.equal(await method("getPasswordHash")(unknown), null);
        if (db.password) assert.equal(await db.password(unknown), null);
      });

      test("concurrent setPasswordHash for one user: every call succeeds and one of the hashes stays", async () => {
        // The first write of a user races on the insert: an upsert that reads, then inserts, fails here.
        const user = await createdUser();
        const hashes = Array.from({ length: 10 }, phcString);
        const set = method("setPasswordHash");
        // Warm a pooled adapter's connections first, so the ten writes really run side by side.
        await Promise.all(hashes.map(async () => method("getPasswordHash")(context.unknownUserId())));
        const results = await Promise.allSettled(hashes.map((hash) => set(user.id, hash)));
        const failed = results.filter((result) => result.status === "rejected");
        assert.equal(failed.length, 0, `failed: ${failed.map((result) => String(result.reason)).join("; ")}`);
        const stored = await method("getPasswordHash")(user.id);
        assert.ok(stored !== null && hashes.includes(stored), `stored ${stored}`);
      });

      test(`an id that is no ${idKind} id: getPasswordHash finds nothing and setPasswordHash rejects, without a database error`, async () => {
        for (const id of context.invalidUserIds()) {
          const shown = JSON.stringify(id);
          assert.equal(await method("getPasswordHash")(id), null, `getPasswordHash(${shown})`);
          await assert.rejects(async () => method("setPasswordHash")(id, phcString()), `setPasswordHash(${shown})`);
        }
      });

      test("deleteUser deletes the user's hash (the table cascades)", async () => {
        const user = await createdUser();
        await method("setPasswordHash")(user.id, phcString());
        await method("deleteUser")(user.id);
        if (db.password) assert.equal(await db.password(user.id), null, "the stored hash");
        // A new user under the same id must not inherit the old password.
        if (idKind === "text") {
          const again = await createdUser({ id: user.id });
          assert.equal(await method("getPasswordHash")(again.id), null);
        }
      });
    });
  }

  if (!adapter.deleteUserSessions) return;

  describe("deleteUserSessions", () => {
    async function assertSessionGone(session: AdapterSession, what: string): Promise<void> {
      assert.equal(await db.session(session.sessionToken), null, what);
      assert.equal(await method("getSessionAndUser")(session.sessionToken), null, what);
    }

    test("ends every session of the user but the kept one, and no other user's", async () => {
      const [user, other] = [await createdUser(), await createdUser()];
      const [kept, ...ended] = [
        await createdSession(user.id),
        await createdSession(user.id),
        await createdSession(user.id),
      ];
      const others = [await createdSession(other.id), await createdSession(other.id)];
      await method("deleteUserSessions")(user.id, kept.sessionToken);
      assertRecord(await db.session(kept.sessionToken), kept, "the kept session");
      for (const [index, session] of ended.entries()) await assertSessionGone(session, `ended session ${index + 1}`);
      for (const [index, session] of others.entries()) {
        assertRecord(await db.session(session.sessionToken), session, `the other user's session ${index + 1}`);
      }
      assertRecord(await db.user(user.id), user, "the user, who stays");
    });

    test("without a token to keep it ends every session of the user", async () => {
      const user = await createdUser();
      const sessions = [await createdSession(user.id), await createdSession(user.id)];
      await method("deleteUserSessions")(user.id);
      for (const [index, session] of sessions.entries()) await assertSessionGone(session, `session ${index + 1}`);
    });

    test("a token to keep that is another user's session keeps none of this user's, and leaves the other's", async () => {
      const [user, other] = [await createdUser(), await createdUser()];
      const mine = await createdSession(user.id);
      const theirs = await createdSession(other.id);
      await method("deleteUserSessions")(user.id, theirs.sessionToken);
      await assertSessionGone(mine, "the user's session");
      assertRecord(await db.session(theirs.sessionToken), theirs, "the other user's session");
    });

    test(`an unknown user, or an id that is no ${idKind} id, deletes nothing and does not throw`, async () => {
      const user = await createdUser();
      const session = await createdSession(user.id);
      for (const id of [context.unknownUserId(), ...context.invalidUserIds()]) {
        await method("deleteUserSessions")(id);
        await method("deleteUserSessions")(id, session.sessionToken);
      }
      assertRecord(await db.session(session.sessionToken), session, "an unrelated session");
    });
  });
}
