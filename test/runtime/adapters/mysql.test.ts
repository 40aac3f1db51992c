// The mysql adapter on a real MariaDB (loopback, a fresh database for this file, tables from the table
// model's DDL): the shared conformance suite, then what is particular to MySQL/MariaDB and mysql2.
import mysql2 from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import mysql, { type MysqlPool } from "../../../src/runtime/adapters/mysql.js";
import { runAdapterTests } from "../../../src/runtime/adapters/testing.js";
import type { AdapterUser } from "../../../src/runtime/types.js";
import { createMariaDBDatabase } from "../../support/mariadb.mjs";
import { authSchema } from "./auth-schema.js";
import { modelReads } from "./model-reads.js";

const database = await createMariaDBDatabase();
// `timezone: "Z"` as the adapter's documentation advises: DATETIME holds no zone, the pool supplies it.
const pool = mysql2.createPool({ ...database.connection, connectionLimit: 4, timezone: "Z" });

// File-level hooks: the tables serve the suite and this file's own tests alike.
beforeAll(async () => {
  const connection = await mysql2.createConnection({ ...database.connection, multipleStatements: true });
  try {
    await connection.query(authSchema("mysql"));
  } finally {
    await connection.end();
  }
});
afterAll(async () => {
  await pool.end();
  await database.drop();
});

runAdapterTests({
  adapter: mysql(pool),
  db: modelReads(async (table, where, values) => {
    const conditions = where.map((column) => `${column} = ?`).join(" AND ");
    const [rows] = await pool.query(`SELECT * FROM ${table} WHERE ${conditions}`, values);
    return rows as Record<string, unknown>[];
  }),
  runner: { describe, test, beforeAll, afterAll },
});

describe("mysql adapter on MariaDB", () => {
  const adapter = mysql(pool);

  async function storedUser(): Promise<AdapterUser> {
    const id = crypto.randomUUID();
    return adapter.createUser!({ id, email: `${id}@example.test`, emailVerified: null, name: null, image: null });
  }

  test("a date keeps its milliseconds (DATETIME(3))", async () => {
    const user = await storedUser();
    const emailVerified = new Date("2031-05-06T07:08:09.123Z");
    const updated = await adapter.updateUser!({ id: user.id, emailVerified });
    expect(updated.emailVerified?.toISOString()).toBe("2031-05-06T07:08:09.123Z");
    expect((await adapter.getUser!(user.id))?.emailVerified?.toISOString()).toBe("2031-05-06T07:08:09.123Z");
  });

  test("a pool in another time zone reads back the instant it wrote", async () => {
    const elsewhere = mysql2.createPool({ ...database.connection, connectionLimit: 1, timezone: "-08:00" });
    try {
      const adapterElsewhere = mysql(elsewhere);
      const user = await storedUser();
      const expires = new Date("2031-01-02T03:04:05.678Z");
      const { sessionToken } = await adapterElsewhere.createSession!({
        sessionToken: crypto.randomUUID(),
        userId: user.id,
        expires,
      });
      const found = await adapterElsewhere.getSessionAndUser!(sessionToken);
      expect(found?.session.expires.toISOString()).toBe("2031-01-02T03:04:05.678Z");
    } finally {
      await elsewhere.end();
    }
  });

  test("BIGINT columns come back as numbers from a pool that returns big numbers as strings", async () => {
    const stringPool = mysql2.createPool({
      ...database.connection,
      connectionLimit: 1,
      timezone: "Z",
      supportBigNumbers: true,
      bigNumberStrings: true,
    });
    try {
      const user = await storedUser();
      const account = {
        userId: user.id,
        type: "oauth" as const,
        provider: "github",
        providerAccountId: crypto.randomUUID(),
        expires_at: 4_102_444_800,
      };
      await adapter.linkAccount!(account);
      const [[raw]] = (await stringPool.query("SELECT expires_at FROM accounts WHERE provider_account_id = ?", [
        account.providerAccountId,
      ])) as unknown as [Record<string, unknown>[]];
      expect(raw?.expires_at).toBe("4102444800");
      const read = await mysql(stringPool).getAccount!(account.providerAccountId, "github");
      expect(read?.expires_at).toBe(4_102_444_800);
    } finally {
      await stringPool.end();
    }
  });

  test("a BOOLEAN (TINYINT(1)) column comes back as true or false", async () => {
    const user = await storedUser();
    const credentialID = crypto.randomUUID();
    await pool.query(
      "INSERT INTO authenticators (credential_id, user_id, provider_account_id, credential_public_key, counter, " +
        "credential_device_type, credential_backed_up) VALUES (?, ?, ?, 'key', 0, 'singleDevice', 1)",
      [credentialID, user.id, credentialID],
    );
    expect((await adapter.getAuthenticator!(credentialID))?.credentialBackedUp).toBe(true);
  });

  test("getSessionAndUser makes one query", async () => {
    const user = await storedUser();
    const { sessionToken } = await adapter.createSession!({
      sessionToken: crypto.randomUUID(),
      userId: user.id,
      expires: new Date(Date.now() + 60_000),
    });
    const queries: string[] = [];
    const counting: MysqlPool = {
      query: (sql, values) => {
        queries.push(sql);
        return pool.query(sql, values);
      },
    };
    expect(await mysql(counting).getSessionAndUser!(sessionToken)).toMatchObject({ user: { id: user.id } });
    expect(queries).toHaveLength(1);
  });

  test("ten concurrent uses of one verification token on separate connections: exactly one gets it", async () => {
    const wide = mysql2.createPool({ ...database.connection, connectionLimit: 10, timezone: "Z" });
    try {
      const token = {
        identifier: `${crypto.randomUUID()}@example.test`,
        token: crypto.randomUUID(),
        expires: new Date(),
      };
      await adapter.createVerificationToken!(token);
      const concurrent = mysql(wide);
      const uses = await Promise.all(Array.from({ length: 10 }, () => concurrent.useVerificationToken!(token)));
      expect(uses.filter(Boolean)).toHaveLength(1);
    } finally {
      await wide.end();
    }
  });

  test("deleteSession returns the deleted session, and null when there was none", async () => {
    const user = await storedUser();
    const session = await adapter.createSession!({
      sessionToken: crypto.randomUUID(),
      userId: user.id,
      expires: new Date("2031-01-01T00:00:00.000Z"),
    });
    expect(await adapter.deleteSession!(session.sessionToken)).toEqual(session);
    expect(await adapter.deleteSession!(session.sessionToken)).toBeNull();
  });
});
