// The prisma adapter with real Prisma 7 clients generated from the auth models with the User id as an app
// declares it: `Int @default(autoincrement())`, `BigInt @default(autoincrement())` (the sequence starting
// beyond 2^53) or a uuid String, on SQLite (better-sqlite3 driver adapter, a file), PostgreSQL (pg) and
// MariaDB (mariadb): the shared conformance suite on each kind, then exact bigints and `newUserColumns`.
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaMariaDb } from "@prisma/adapter-mariadb";
import { PrismaPg } from "@prisma/adapter-pg";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { PrismaProvider } from "../../../src/cli/database/prisma/render.js";
import type { SqlDialect } from "../../../src/cli/database/sql/render.js";
import prisma, { type PrismaClientLike } from "../../../src/runtime/adapters/prisma.js";
import { runAdapterTests } from "../../../src/runtime/adapters/testing.js";
import { generatePrismaClient } from "../../support/prisma-client.mjs";
import { prismaSchemaWithPasswords } from "./prisma-schema.js";
import { databaseWith } from "./user-id-databases.js";
import { beyondSafeInteger, otherIdKinds, type RunQuery, schemaWithUserIds, userIdReads } from "./user-id-tables.js";

type Kind = (typeof otherIdKinds)[number];

interface GeneratedClient extends PrismaClientLike {
  $disconnect(): Promise<void>;
}
type PrismaClientClass = new (options: { adapter: unknown }) => GeneratedClient;

const providers: Record<SqlDialect, PrismaProvider> = { sqlite: "sqlite", postgres: "postgresql", mysql: "mysql" };

/** The User id and every userId as the app's schema declares them for `kind`. */
function idFields(provider: PrismaProvider, kind: Kind): { id: string; userId: string } {
  if (kind === "integer") return { id: "Int @id @default(autoincrement())", userId: 'Int @map("user_id")' };
  if (kind === "bigint") return { id: "BigInt @id @default(autoincrement())", userId: 'BigInt @map("user_id")' };
  const native = { sqlite: "", postgresql: " @db.Uuid", mysql: " @db.Char(36)" }[provider];
  return { id: `String @id${native}`, userId: `String @map("user_id")${native}` };
}

function schemaWithIds(provider: PrismaProvider, kind: Kind): string {
  const { id, userId } = idFields(provider, kind);
  // The Password model's userId is its key as well.
  const passwordUserId = userId.replace("@map", "@id @map");
  const schema = prismaSchemaWithPasswords(provider)
    .replace(/^( {2}id +)String +@id.*$/m, `$1${id}`)
    .replace(/^( {2}userId +)String +@map\("user_id"\).*$/gm, `$1${userId}`)
    .replace(/^( {2}userId +)String +@id @map\("user_id"\).*$/m, `$1${passwordUserId}`);
  if (schema.split(userId).length !== 4 || !schema.includes(passwordUserId))
    throw new Error(`the ${provider} Prisma schema changed shape`);
  return schema;
}

interface Setup {
  client: GeneratedClient;
  run: RunQuery;
  close(): Promise<void>;
}

/** A generated client of the kind's schema on a fresh database of the dialect holding the kind's tables. */
async function setUp(dialect: SqlDialect, kind: Kind): Promise<Setup> {
  const generated = await generatePrismaClient(schemaWithIds(providers[dialect], kind));
  const { PrismaClient } = generated.client as { PrismaClient: PrismaClientClass };
  if (dialect === "sqlite") {
    // Prisma opens its own connection from a file; the suite reads through a second one.
    const file = path.join(generated.folder, "auth.db");
    const direct = new Database(file);
    direct.exec(schemaWithUserIds("sqlite", kind));
    const client = new PrismaClient({
      adapter: new PrismaBetterSqlite3({ url: file }, { timestampFormat: "unixepoch-ms" }),
    });
    return {
      client,
      run: async (sql, values) => direct.prepare(sql).all(...values) as Record<string, unknown>[],
      async close() {
        await client.$disconnect();
        direct.close();
        await generated.remove();
      },
    };
  }
  const database = await databaseWith(dialect, schemaWithUserIds(dialect, kind));
  let adapter: PrismaPg | PrismaMariaDb;
  if (database.dialect === "postgres") adapter = new PrismaPg({ ...database.connection, max: 4 });
  else if (database.dialect === "mysql") adapter = new PrismaMariaDb({ ...database.connection, connectionLimit: 4 });
  else throw new Error("SQLite is set up above");
  const client = new PrismaClient({ adapter });
  return {
    client,
    run: database.run,
    async close() {
      await client.$disconnect();
      await database.close();
      await generated.remove();
    },
  };
}

const dialects: SqlDialect[] = ["sqlite", "postgres", "mysql"];
const setups = new Map<string, Setup>();
// Generating is most of this file's time; the nine clients are generated side by side.
await Promise.all(
  dialects.flatMap((dialect) =>
    otherIdKinds.map(async (kind) => setups.set(`${dialect}/${kind}`, await setUp(dialect, kind))),
  ),
);
afterAll(async () => {
  await Promise.all([...setups.values()].map((setup) => setup.close()));
});

for (const dialect of dialects) {
  for (const kind of otherIdKinds) {
    const setup = setups.get(`${dialect}/${kind}`)!;
    describe(`prisma adapter on ${dialect}, User.id ${kind}`, () => {
      runAdapterTests({
        adapter: prisma(setup.client, { userIds: kind }),
        db: userIdReads(dialect, setup.run),
        runner: { describe, test, beforeAll, afterAll },
        userIds: kind,
      });
    });
  }
}

describe.each(dialects)("prisma adapter on %s at the id boundary", (dialect) => {
  test("a BigInt id beyond 2^53 round-trips exactly", async () => {
    const adapter = prisma(setups.get(`${dialect}/bigint`)!.client, { userIds: "bigint" });
    const user = await adapter.createUser!({
      id: "",
      email: `${crypto.randomUUID()}@example.test`,
      emailVerified: null,
    });
    expect(BigInt(user.id) >= beyondSafeInteger).toBe(true);
    expect((await adapter.getUser!(user.id))?.id).toBe(user.id);
    const session = await adapter.createSession!({
      sessionToken: crypto.randomUUID(),
      userId: user.id,
      expires: new Date(Date.now() + 60_000),
    });
    expect(await adapter.getSessionAndUser!(session.sessionToken)).toMatchObject({
      session: { userId: user.id },
      user: { id: user.id },
    });
  });

  test("an Int id beyond 32 bits, or no number at all, finds nothing instead of a Prisma validation error", async () => {
    const adapter = prisma(setups.get(`${dialect}/integer`)!.client, { userIds: "integer" });
    for (const id of ["2147483648", "abc", "1e3"]) await expect(adapter.getUser!(id), id).resolves.toBeNull();
  });

  test("infers the id kind from the generated client's User model, and refuses an option that does not fit it", async () => {
    const integerClient = setups.get(`${dialect}/integer`)!.client;
    const inferred = prisma(integerClient);
    expect((await inferred.createUser!({ id: "", email: null, emailVerified: null })).id).toMatch(/^[1-9][0-9]*$/);
    expect(await inferred.getUser!("abc")).toBeNull();
    expect(() => prisma(integerClient, { userIds: "uuid" })).toThrow(
      /options\.userIds is "uuid" but the User model's id is Int, which holds "integer" ids/,
    );
    expect(() => prisma(setups.get(`${dialect}/bigint`)!.client, { userIds: "integer" })).toThrow(/id is BigInt/);
  });

  test("newUserColumns fills a field the user leaves empty, and only that", async () => {
    const adapter = prisma(setups.get(`${dialect}/uuid`)!.client, {
      userIds: "uuid",
      newUserColumns: (user) => ({ name: user.email?.split("@")[0] ?? "Member" }),
    });
    const id = crypto.randomUUID().slice(0, 8);
    const nameless = await adapter.createUser!({
      id: "",
      email: `ada${id}@example.test`,
      name: null,
      emailVerified: null,
    });
    const named = await adapter.createUser!({
      id: "",
      email: `bob${id}@example.test`,
      name: "Bob",
      emailVerified: null,
    });
    expect([nameless.name, named.name]).toEqual([`ada${id}`, "Bob"]);
  });
});
