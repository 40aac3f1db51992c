// The headline case of an app's own users table, end to end: the orm-drizzle-serial-next fixture's schema
// (serial ids, `name NOT NULL`, an email without a unique constraint) merged as init merges it, loaded through
// Drizzle, its tables in PostgreSQL as drizzle-kit would create them, and the drizzle adapter called with the
// options init writes into the auth module (newUserColumns, evaluated from its source). A new user signs up and
// in by an email link (no name given), gets a database-numbered id and a database session; the same address
// again is the same user; a second row with that address is refused by the unique constraint the merge added.
// Then the same for Prisma: Int ids on SQLite through a client generated from the merged schema.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";
import { drizzle as pgDrizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mergeDrizzleSchema } from "../../../src/cli/database/drizzle/merge.js";
import { mergePrismaSchema } from "../../../src/cli/database/prisma/merge.js";
import { adapterOptionsSource } from "../../../src/cli/database/users-table.js";
import drizzle, { type DrizzleTables } from "../../../src/runtime/adapters/drizzle.js";
import prisma, { type PrismaClientLike } from "../../../src/runtime/adapters/prisma.js";
import type { AdapterOptions } from "../../../src/runtime/adapters/user-ids.js";
import { Auth } from "../../../src/runtime/index.js";
import email from "../../../src/runtime/providers/email.js";
import type { AuthConfig } from "../../../src/runtime/types.js";
import { schemaWithUserIds } from "../../runtime/adapters/user-id-tables.js";
import { baseConfig, CookieJar, csrfToken, postForm } from "../../runtime/core/support.js";
import { readSession } from "../../runtime/database/support.js";
import { createPostgresDatabase } from "../../support/postgres.mjs";
import { generatePrismaClient } from "../../support/prisma-client.mjs";
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

// The same for Prisma: the orm-prisma-int-express schema (Int ids, a required name, an email without @unique)
// merged as init merges it, its client generated (offline), its tables in SQLite, and prisma(client, options)
// with the options init writes (userIds "integer", newUserColumns).
describe("an Int-id Prisma app's merged schema and the adapter init wires", () => {
  const schemaText = readFileSync(
    path.join(repoRoot, "test/fixtures/orm-prisma-int-express/prisma/schema.prisma"),
    "utf8",
  );
  const prismaMerged = mergePrismaSchema([{ path: "prisma/schema.prisma", text: schemaText }], "sqlite", "file");
  let generated: Awaited<ReturnType<typeof generatePrismaClient>>;
  let direct: Database.Database;
  let client: { $disconnect(): Promise<void> };
  let prismaConfig: AuthConfig;
  const prismaLinks: string[] = [];

  beforeAll(async () => {
    if ("unsupported" in prismaMerged) throw new Error(prismaMerged.unsupported);
    const text = (prismaMerged.changes[0]?.text ?? "").replace(
      /^(\s*output\s*=\s*)"[^"]*"/m,
      '$1"../generated/prisma"',
    );
    generated = await generatePrismaClient(text);
    const file = path.join(generated.folder, "blog.db");
    direct = new Database(file);
    direct.exec(
      schemaWithUserIds("sqlite", "integer")
        .replace("  name TEXT,", "  name TEXT NOT NULL,")
        .replace("  image TEXT,", "  image TEXT,\n  role TEXT NOT NULL DEFAULT 'writer',"),
    );
    const { PrismaClient } = generated.client as {
      PrismaClient: new (options: {
        adapter: PrismaBetterSqlite3;
      }) => PrismaClientLike & { $disconnect(): Promise<void> };
    };
    const prismaClient = new PrismaClient({
      adapter: new PrismaBetterSqlite3({ url: file }, { timestampFormat: "unixepoch-ms" }),
    });
    client = prismaClient;
    const source = adapterOptionsSource(prismaMerged.users, true);
    if (source === null) throw new Error("init writes no options for this app");
    prismaConfig = baseConfig({
      adapter: prisma(prismaClient, new Function(`return ${source};`)() as AdapterOptions),
      session: { strategy: "database" },
      providers: [email({ sendVerificationRequest: ({ url }) => void prismaLinks.push(url) })],
    });
  }, 180_000);

  afterAll(async () => {
    await client?.$disconnect();
    direct?.close();
    await generated?.remove();
  });

  test("a new user signs up and in by email: an autoincremented id, the name filled, a database session", async () => {
    expect(prismaMerged).toMatchObject({ users: { idKind: "integer", fill: [{ key: "name" }] } });
    const jar = new CookieJar();
    const csrf = await csrfToken(prismaConfig, jar);
    jar.apply(
      await Auth(postForm("/auth/signin/email", { csrfToken: csrf, email: "grace@example.test" }, jar), prismaConfig),
    );
    const response = await Auth(new Request(prismaLinks.at(-1)!, { headers: { cookie: jar.header() } }), prismaConfig);
    expect(response.headers.get("location")).not.toContain("error");
    jar.apply(response);
    expect((await readSession(prismaConfig, jar)).body).toMatchObject({ user: { email: "grace@example.test" } });
    const user = direct.prepare("SELECT id, name, role FROM users").all();
    expect(user).toEqual([{ id: 1, name: "grace", role: "writer" }]);
    expect(direct.prepare("SELECT user_id FROM sessions").all()).toEqual([{ user_id: 1 }]);
  });
});
