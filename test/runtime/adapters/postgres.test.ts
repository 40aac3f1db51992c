// The postgres adapter on a real PostgreSQL (loopback, a fresh database for this file, tables from the
// table model's DDL): the shared conformance suite, then what is particular to PostgreSQL and pg.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import postgres, { type PostgresPool } from "../../../src/runtime/adapters/postgres.js";
import { runAdapterTests } from "../../../src/runtime/adapters/testing.js";
import type { AdapterUser } from "../../../src/runtime/types.js";
import { createPostgresDatabase } from "../../support/postgres.mjs";
import { authSchema } from "./auth-schema.js";
import { modelReads } from "./model-reads.js";

const database = await createPostgresDatabase();
const pool = new pg.Pool({ ...database.connection, max: 4 });

// File-level hooks: the tables serve the suite and this file's own tests alike.
beforeAll(async () => {
  await pool.query(authSchema("postgres"));
});
afterAll(async () => {
  await pool.end();
  await database.drop();
});

runAdapterTests({
  adapter: postgres(pool),
  db: modelReads(async (table, where, values) => {
    const conditions = where.map((column, index) => `${column} = $${index + 1}`).join(" AND ");
    return (await pool.query(`SELECT * FROM ${table} WHERE ${conditions}`, values)).rows;
  }),
  runner: { describe, test, beforeAll, afterAll },
});

describe("postgres adapter on PostgreSQL", () => {
  const adapter = postgres(pool);

  async function storedUser(): Promise<AdapterUser> {
    const id = crypto.randomUUID();
    return adapter.createUser!({ id, email: `${id}@example.test`, emailVerified: null, name: null, image: null });
  }

  test("a date keeps its milliseconds (TIMESTAMPTZ(3))", async () => {
    const user = await storedUser();
    const expires = new Date("2031-05-06T07:08:09.123Z");
    await adapter.createSession!({ sessionToken: crypto.randomUUID(), userId: user.id, expires });
    const [session] = (await pool.query("SELECT expires FROM sessions WHERE user_id = $1", [user.id])).rows;
    expect(session.expires.toISOString()).toBe("2031-05-06T07:08:09.123Z");
  });

  test("a date written by a connection in another time zone reads back as the same instant", async () => {
    const elsewhere = new pg.Pool({ ...database.connection, max: 1, options: "-c TimeZone=Pacific/Chatham" });
    try {
      const user = await storedUser();
      const expires = new Date("2031-01-02T03:04:05.678Z");
      const { sessionToken } = await postgres(elsewhere).createSession!({
        sessionToken: crypto.randomUUID(),
        userId: user.id,
        expires,
      });
      const found = await adapter.getSessionAndUser!(sessionToken);
      expect(found?.session.expires.toISOString()).toBe("2031-01-02T03:04:05.678Z");
    } finally {
      await elsewhere.end();
    }
  });

  test("an expires_at beyond 2^31 seconds comes back as a number, not pg's BIGINT string", async () => {
    const user = await storedUser();
    const account = {
      userId: user.id,
      type: "oauth" as const,
      provider: "github",
      providerAccountId: crypto.randomUUID(),
      expires_at: 4_102_444_800,
    };
    await adapter.linkAccount!(account);
    const read = await adapter.getAccount!(account.providerAccountId, "github");
    expect(read?.expires_at).toBe(4_102_444_800);
  });

  test("a BIGINT too large for a JavaScript number is refused, not rounded", async () => {
    const user = await storedUser();
    const credentialID = crypto.randomUUID();
    await pool.query(
      "INSERT INTO authenticators (credential_id, user_id, provider_account_id, credential_public_key, counter, " +
        "credential_device_type, credential_backed_up) VALUES ($1, $2, $1, 'key', 9007199254740993, 'singleDevice', false)",
      [credentialID, user.id],
    );
    await expect(adapter.getAuthenticator!(credentialID)).rejects.toThrow(/9007199254740993/);
  });

  test("getSessionAndUser makes one query", async () => {
    const user = await storedUser();
    const { sessionToken } = await adapter.createSession!({
      sessionToken: crypto.randomUUID(),
      userId: user.id,
      expires: new Date(Date.now() + 60_000),
    });
    const queries: string[] = [];
    const counting: PostgresPool = {
      query: (text, values) => {
        queries.push(text);
        return pool.query(text, values);
      },
    };
    expect(await postgres(counting).getSessionAndUser!(sessionToken)).toMatchObject({ user: { id: user.id } });
    expect(queries).toHaveLength(1);
  });

  test("ten concurrent uses of one verification token: exactly one gets it", async () => {
    const token = {
      identifier: `${crypto.randomUUID()}@example.test`,
      token: crypto.randomUUID(),
      expires: new Date(),
    };
    await adapter.createVerificationToken!(token);
    const uses = await Promise.all(Array.from({ length: 10 }, () => adapter.useVerificationToken!(token)));
    expect(uses.filter(Boolean)).toHaveLength(1);
  });
});
