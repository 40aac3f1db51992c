// The headline case of an app's own users table, end to end: the orm-drizzle-serial-next fixture's schema
// (serial ids, `name NOT NULL`, an email without a unique constraint) merged as init merges it, loaded through
// Drizzle, its tables in PostgreSQL as drizzle-kit would create them, and the drizzle adapter called with the
// options init writes into the auth module (newUserColumns, evaluated from its source). A new user signs up and
// in by an email link (no name given), gets a database-numbered id and a database session; the same address
// again is the same user; a second row with that address is refused by the unique constraint the merge added.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { drizzle as pgDrizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mergeDrizzleSchema } from "../../../src/cli/schema/drizzle-merge.js";
import { adapterOptionsSource } from "../../../src/cli/schema/users-table.js";
import drizzle, { type DrizzleTables } from "../../../src/runtime/adapters/drizzle.js";
import type { AdapterOptions } from "../../../src/runtime/adapters/user-ids.js";
import { Auth } from "../../../src/runtime/index.js";
import email from "../../../src/runtime/providers/email.js";
import type { AuthConfig } from "../../../src/runtime/types.js";
import { schemaWithUserIds } from "../../runtime/adapters/user-id-tables.js";
import { baseConfig, CookieJar, csrfToken, postForm } from "../../runtime/core/support.js";
import { readSession } from "../../runtime/database/support.js";
import { createPostgresDatabase } from "../../support/postgres.mjs";
import { repoRoot } from "../support.js";

const tmpRoot = path.join(repoRoot, ".tmp");
mkdirSync(tmpRoot, { recursive: true });
const tmp = mkdtempSync(path.join(tmpRoot, "users-round-trip-"));

const fixtureSchema = readFileSync(
  path.join(repoRoot, "test/fixtures/orm-drizzle-serial-next/src/db/schema.ts"),
  "utf8",
);
const merged = mergeDrizzleSchema(fixtureSchema, "src/db/schema.ts", "postgres");
if ("unsupported" in merged || merged.text === "unchanged") throw new Error("the fixture's schema did not merge");

// The tables as the merged module declares them: the auth DDL with serial ids, plus the app's own columns.
const ddl = `${schemaWithUserIds("postgres", "integer")
  .replace("  name TEXT,", "  name TEXT NOT NULL,")
  .replace("  image TEXT,", "  image TEXT,\n  role TEXT NOT NULL DEFAULT 'member',")}`;

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let pool: pg.Pool;
let config: AuthConfig;
const links: string[] = [];

beforeAll(async () => {
  database = await createPostgresDatabase();
  pool = new pg.Pool({ ...database.connection, max: 2 });
  await pool.query(ddl);
  const file = path.join(tmp, "schema.ts");
  writeFileSync(file, merged.text as string);
  const schema = (await import(file)) as Record<string, unknown>;
  // The module's exports under the adapter's keys, as the auth module's `{ users, accounts, … }` hands them.
  const tables = Object.fromEntries(
    Object.entries(merged.tables).map(([key, exportName]) => [key, schema[exportName]]),
  ) as unknown as DrizzleTables;
  // The options object exactly as init writes it into the auth module.
  const source = adapterOptionsSource(merged.users, false);
  if (source === null) throw new Error("init writes no options for this app");
  const options = new Function(`return ${source};`)() as AdapterOptions;
  config = baseConfig({
    adapter: drizzle(pgDrizzle(pool), tables, options),
    session: { strategy: "database" },
    providers: [email({ sendVerificationRequest: ({ url }) => void links.push(url) })],
  });
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await database?.drop();
  rmSync(tmp, { recursive: true, force: true });
});

async function signInByEmail(address: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const csrf = await csrfToken(config, jar);
  jar.apply(await Auth(postForm("/auth/signin/email", { csrfToken: csrf, email: address }, jar), config));
  const response = await Auth(new Request(links.at(-1)!, { headers: { cookie: jar.header() } }), config);
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).not.toContain("error");
  jar.apply(response);
  return jar;
}

describe("an integer-id app's merged schema and the adapter init wires", () => {
  test("merged: serial ids, integer user_id columns, a unique email, the name filled by the adapter", () => {
    expect(merged.users).toMatchObject({ idKind: "integer", fill: [{ key: "name" }] });
    expect(merged.text).toContain('userId: integer("user_id").notNull(),');
  });

  test("a new user signs up and in by email: a numbered id, the name filled, a database session", async () => {
    const jar = await signInByEmail("ada@example.test");
    const { body } = await readSession(config, jar);
    expect(body).toMatchObject({ user: { email: "ada@example.test" } });
    const { rows } = await pool.query("SELECT id, name, role FROM users WHERE email = 'ada@example.test'");
    expect(rows).toEqual([{ id: expect.any(Number), name: "ada", role: "member" }]);
    const sessions = await pool.query("SELECT user_id FROM sessions");
    expect(sessions.rows).toEqual([{ user_id: rows[0].id }]);
  });

  test("the same address again is the same user; a second row with it is refused by the database", async () => {
    await signInByEmail("ada@example.test");
    expect((await pool.query("SELECT count(*)::int AS n FROM users")).rows).toEqual([{ n: 1 }]);
    await expect(pool.query("INSERT INTO users (name, email) VALUES ('copy', 'ada@example.test')")).rejects.toThrow(
      /users_email_key/,
    );
  });
});
