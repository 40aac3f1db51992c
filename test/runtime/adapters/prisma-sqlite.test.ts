// The prisma adapter with a real Prisma 7 client, generated here from prismaSchema("sqlite") and talking to
// SQLite through Prisma's better-sqlite3 driver adapter, on tables from the table model's DDL: the shared
// conformance suite read back through the model, then what is particular to Prisma.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sqlSchema } from "../../../src/cli/database/sql/render.js";
import prisma, { type PrismaClientLike } from "../../../src/runtime/adapters/prisma.js";
import sqlite from "../../../src/runtime/adapters/sqlite.js";
import { runAdapterTests } from "../../../src/runtime/adapters/testing.js";
import { sqliteModelReader } from "../../support/adapter-sqlite-reader.mjs";
import { generatePrismaClient } from "../../support/prisma-client.mjs";
import { typecheckProject } from "../../support/typecheck.mjs";
import { authSchema } from "./auth-schema.js";
import { prismaSchemaWithPasswords } from "./prisma-schema.js";

interface GeneratedClient extends PrismaClientLike {
  $disconnect(): Promise<void>;
}
type PrismaClientClass = new (options: { adapter: PrismaBetterSqlite3 }) => GeneratedClient;

const generated = await generatePrismaClient(prismaSchemaWithPasswords("sqlite"));
const { PrismaClient } = generated.client as { PrismaClient: PrismaClientClass };

// A database file (Prisma opens its own connection from a URL), its tables from the SQL schema, read directly
// through a second connection.
const file = path.join(generated.folder, "auth.db");
const direct = new Database(file);
direct.exec(authSchema("sqlite"));
// The SQL schema stores dates as integer milliseconds: Prisma must read and write them so.
const client = new PrismaClient({
  adapter: new PrismaBetterSqlite3({ url: file }, { timestampFormat: "unixepoch-ms" }),
});

afterAll(async () => {
  await client.$disconnect();
  direct.close();
  await generated.remove();
});

runAdapterTests({
  adapter: prisma(client),
  db: sqliteModelReader(direct),
  runner: { describe, test, beforeAll, afterAll },
});

describe("prisma adapter on SQLite", () => {
  const adapter = prisma(client);

  test("stores dates as integer milliseconds since the epoch, as the sqlite adapter does", async () => {
    const id = crypto.randomUUID();
    await adapter.createUser?.({ id, email: `${id}@example.test`, emailVerified: new Date(1_700_000_000_123) });
    expect(direct.prepare("SELECT email_verified FROM users WHERE id = ?").get(id)).toEqual({
      email_verified: 1_700_000_000_123,
    });
  });

  test("reads what the sqlite adapter wrote (one schema for both)", async () => {
    const id = crypto.randomUUID();
    const expires = new Date("2031-01-02T03:04:05.678Z");
    await sqlite(direct).createUser?.({ id, email: `${id}@example.test`, emailVerified: null });
    await sqlite(direct).createSession?.({ sessionToken: id, userId: id, expires });
    const found = await adapter.getSessionAndUser?.(id);
    expect(found?.session).toEqual({ sessionToken: id, userId: id, expires });
    expect(found?.user).toMatchObject({ id, email: `${id}@example.test` });
  });

  test("a provider's extra profile fields are not written (they are no columns)", async () => {
    const id = crypto.randomUUID();
    const user = { id, email: `${id}@example.test`, emailVerified: null, login: "octocat" };
    expect(await adapter.createUser?.(user)).toEqual({
      id,
      email: user.email,
      emailVerified: null,
      name: null,
      image: null,
    });
  });

  test("a client without the Password model makes an adapter without the password methods", () => {
    const withoutPasswords = prisma(Object.create(client, { password: { value: undefined } }) as PrismaClientLike);
    expect([withoutPasswords.getPasswordHash, withoutPasswords.setPasswordHash]).toEqual([undefined, undefined]);
    expect(withoutPasswords.deleteUserSessions).toBeTypeOf("function");
  });

  test("with the Password model on a database without the passwords table, the password methods say what to add", async () => {
    const file = path.join(generated.folder, "no-passwords.db");
    const bare = new Database(file);
    bare.exec(sqlSchema("sqlite"));
    bare.close();
    const other = new PrismaClient({
      adapter: new PrismaBetterSqlite3({ url: file }, { timestampFormat: "unixepoch-ms" }),
    });
    try {
      const adapter = prisma(other);
      const id = crypto.randomUUID();
      await adapter.createUser?.({ id, email: `${id}@example.test`, emailVerified: null });
      await expect(Promise.resolve(adapter.getPasswordHash?.(id))).rejects.toThrow(
        /no passwords table.*docs\/adapters\.md#passwords/,
      );
      await expect(Promise.resolve(adapter.setPasswordHash?.(id, "$x$"))).rejects.toThrow(/no passwords table/);
      expect(await adapter.deleteUser?.(id)).toMatchObject({ id });
    } finally {
      await other.$disconnect();
    }
  });

  test("accepts a generated PrismaClient as it is, without a cast (TypeScript)", async () => {
    const repository = fileURLToPath(new URL("../../..", import.meta.url));
    const adapterModule = path.relative(generated.folder, path.join(repository, "src/runtime/adapters/prisma.js"));
    await writeFile(
      path.join(generated.folder, "uses-adapter.ts"),
      [
        'import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";',
        `import prisma from ${JSON.stringify(adapterModule)};`,
        'import { PrismaClient } from "./generated/prisma/client.js";',
        'prisma(new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: ":memory:" }) }));',
      ].join("\n"),
    );
    const projectConfig = path.relative(generated.folder, path.join(repository, "tsconfig.json"));
    await writeFile(
      path.join(generated.folder, "tsconfig.json"),
      JSON.stringify({ extends: projectConfig, include: ["uses-adapter.ts"], exclude: [] }),
    );
    expect(typecheckProject(generated.folder, { noEmit: true })).toEqual({ status: 0, output: "" });
  }, 120_000);
});
