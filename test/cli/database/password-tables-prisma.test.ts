/**
 * The Prisma schemas the CLI writes with the password provider, judged by Prisma itself (offline, through
 * test/support/prisma-client.mjs): `init --orm prisma --providers password` on SQLite, PostgreSQL and MySQL,
 * and `add-provider password` merged into an app init set up with GitHub, are valid and already formatted;
 * then a client generated from the SQLite one, on the tables of the same model, gives the prisma adapter
 * its password methods (the `Password` model, reached from User through `password Password?`).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";
import { afterAll, describe, expect, test } from "vitest";
import { passwords, tables } from "../../../src/cli/database/model.js";
import { sqlSchema } from "../../../src/cli/database/sql/render.js";
import prisma, { type PrismaClientLike } from "../../../src/runtime/adapters/prisma.js";
import { generatePrismaClient, prismaFolder, runPrisma } from "../../support/prisma-client.mjs";
import { initFixture, type MemoryProject, removeTemps, runInMemory } from "../support.js";

const removals: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const remove of removals) await remove();
  removeTemps();
});

const SCHEMA = "prisma/schema.prisma";

async function init(providers: string, db: string): Promise<MemoryProject> {
  const { project, run } = await initFixture("next-app", [
    ...["--providers", providers, "--strategy", "database", "--db", db, "--orm", "prisma", "--yes", "--no-install"],
  ]);
  expect(run.stderr).toBe("");
  return project;
}

/** `prisma validate` and `prisma format` on one schema text, each in a folder of its own. */
async function judged(schema: string): Promise<{ validate: string; formatted: string }> {
  const [validate, format] = await Promise.all(
    ["validate", "format"].map(async (command) => {
      const folder = await prismaFolder();
      removals.push(folder.remove);
      return runPrisma(folder.folder, schema, [command]);
    }),
  );
  return { validate: validate!.output, formatted: await readFile(format!.schemaPath, "utf8") };
}

describe("for the Prisma CLI", () => {
  test.each(["sqlite", "postgres", "mysql"])(
    "init --db %s: valid and already formatted",
    async (db) => {
      const schema = (await init("password", db)).read(SCHEMA);
      const { validate, formatted } = await judged(schema);
      expect(validate).toMatch(/is valid/);
      expect(formatted).toBe(schema);
    },
    180_000,
  );

  test("add-provider password merged into an app set up with GitHub: valid and already formatted", async () => {
    const project = await init("github", "postgres");
    const run = await runInMemory(project, ["add-provider", "password", project.root, "--yes", "--no-install"]);
    expect(run.status).toBe(0);
    const schema = project.read(SCHEMA);
    expect(schema).toContain("model Password {");
    const { validate, formatted } = await judged(schema);
    expect(validate).toMatch(/is valid/);
    expect(formatted).toBe(schema);
  }, 180_000);
});

describe("a client generated from init's SQLite schema", () => {
  test("gives the prisma adapter its password methods on the model's tables", async () => {
    const schema = (await init("password", "sqlite")).read(SCHEMA);
    const generated = await generatePrismaClient(schema);
    removals.push(generated.remove);
    const { PrismaClient } = generated.client as {
      PrismaClient: new (options: {
        adapter: PrismaBetterSqlite3;
      }) => PrismaClientLike & {
        $disconnect(): Promise<void>;
      };
    };
    const file = path.join(generated.folder, "auth.db");
    const direct = new Database(file);
    direct.exec(sqlSchema("sqlite", [...tables, passwords]));
    const client = new PrismaClient({
      adapter: new PrismaBetterSqlite3({ url: file }, { timestampFormat: "unixepoch-ms" }),
    });
    try {
      const adapter = prisma(client);
      expect(adapter.setPasswordHash).toBeTypeOf("function");
      await adapter.createUser?.({ id: "user-1", email: "ada@example.test", emailVerified: null });
      await adapter.setPasswordHash?.("user-1", "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA");
      await adapter.setPasswordHash?.("user-1", "$argon2id$v=19$m=65536,t=3,p=1$bmV3c2FsdA$bmV3aGFzaA");
      expect(await adapter.getPasswordHash?.("user-1")).toBe("$argon2id$v=19$m=65536,t=3,p=1$bmV3c2FsdA$bmV3aGFzaA");
      expect(direct.prepare("SELECT count(*) AS n FROM passwords").get()).toEqual({ n: 1 });
      await adapter.deleteUser?.("user-1");
      expect(await adapter.getPasswordHash?.("user-1")).toBeNull();
    } finally {
      await client.$disconnect();
      direct.close();
    }
  }, 180_000);
});
