// The merged schemas judged by Prisma itself, offline (test/support/prisma-client.mjs): each orm-prisma
// fixture (SQLite single file, PostgreSQL schema folder, MySQL single file) found by findPrismaProject and
// merged by mergePrismaSchema is valid for `prisma validate` and already formatted for `prisma format`. Then
// the SQLite app for real: a client generated from its merged schema, the auth tables from the SQL schema
// next to the app's own (its `role` column, its posts), and the prisma adapter through the conformance suite,
// with the app's own model and field still working beside the auth models.
import { readdirSync, readFileSync } from "node:fs";
import { copyFile, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mergePrismaSchema } from "../../../../src/cli/database/prisma/merge.js";
import type { PrismaProvider } from "../../../../src/cli/database/prisma/render.js";
import { sqlSchema } from "../../../../src/cli/database/sql/render.js";
import prisma, { type PrismaClientLike } from "../../../../src/runtime/adapters/prisma.js";
import { runAdapterTests } from "../../../../src/runtime/adapters/testing.js";
import { sqliteModelReader } from "../../../support/adapter-sqlite-reader.mjs";
import { generatePrismaClient, prismaFolder, runPrisma } from "../../../support/prisma-client.mjs";
import { typecheckProject } from "../../../support/typecheck.mjs";
import { fixtures, mergedFiles, mergedSchema } from "./merged.js";

const cases: Array<{ fixture: string; provider: PrismaProvider }> = [
  { fixture: "orm-prisma-express", provider: "sqlite" },
  { fixture: "orm-prisma-sveltekit", provider: "postgresql" },
  { fixture: "orm-prisma-next", provider: "mysql" },
];

const folders: Array<{ remove(): Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => folder.remove()));
});

/** `prisma <command>` on a schema (a text, or a folder's files) in a fresh folder of its own. */
async function prismaIn(schema: string | Record<string, string>, command: string) {
  const folder = await prismaFolder();
  folders.push(folder);
  return { folder: folder.folder, ...(await runPrisma(folder.folder, schema, [command])) };
}

/** What each fixture's merged schema is, as Prisma reads it: a schema folder's files in their folder. */
function mergedForPrisma(fixture: string, provider: PrismaProvider): string | Record<string, string> {
  const { layout, files } = mergedFiles(fixture, provider);
  return layout === "file"
    ? [...files.values()].join("")
    : Object.fromEntries([...files].map(([file, text]) => [path.posix.relative("prisma", file), text]));
}

/** The merge of a tab-indented CRLF schema with braces in its comments. */
function crlfMerged(): string {
  const express = readFileSync(path.join(fixtures, "orm-prisma-express/prisma/schema.prisma"), "utf8");
  const original = express
    .replace("  posts Post[]\n", "  posts Post[]\n  // { nothing here } closes the model\n")
    .replaceAll("\n  ", "\n\t")
    .replaceAll("\n", "\r\n");
  const result = mergePrismaSchema([{ path: "prisma/schema.prisma", text: original }], "sqlite", "file");
  if ("unsupported" in result) throw new Error(result.unsupported);
  return result.changes[0]?.text ?? "";
}

/**
 * The Prisma CLI runs start here, at import, and run beside the client generation below and each other (each is
 * a process reading a folder of its own; validate and format of one schema get a folder each): the tests await
 * them. A failure is handled here so that it is reported by its test, not as an unhandled rejection meanwhile.
 */
function started<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}
const checks = new Map(
  cases.map(({ fixture, provider }) => {
    const schema = mergedForPrisma(fixture, provider);
    return [fixture, started(Promise.all([prismaIn(schema, "validate"), prismaIn(schema, "format")]))] as const;
  }),
);
const crlf = crlfMerged();
const crlfValidated = started(prismaIn(crlf, "validate"));

describe("merged schemas, for the Prisma CLI", () => {
  for (const { fixture, provider } of cases) {
    test(`${fixture} (${provider}) merged is valid and already formatted`, async () => {
      const schema = mergedForPrisma(fixture, provider);
      const check = checks.get(fixture);
      if (!check) throw new Error(`no Prisma CLI check for ${fixture}`);
      const [{ output }, formatted] = await check;
      // Prisma says "The schemas at prisma/schema are valid" for a folder.
      expect(output).toMatch(typeof schema === "string" ? /is valid/ : /The schemas at prisma\/schema are valid/);
      if (typeof schema === "string") expect(await readFile(formatted.schemaPath, "utf8")).toBe(schema);
      else {
        expect(Object.keys(schema).length).toBeGreaterThan(1);
        for (const [file, text] of Object.entries(schema))
          expect(await readFile(path.join(formatted.folder, "prisma", file), "utf8")).toBe(text);
      }
    }, 120_000);
  }

  test("a tab-indented CRLF schema with braces in its comments, merged, is valid", async () => {
    expect(crlf).toContain("\r\n\temailVerified  DateTime?");
    expect((await crlfValidated).output).toMatch(/is valid/);
  }, 120_000);
});

interface AppClient extends PrismaClientLike {
  user: PrismaClientLike["user"] & {
    update(args: { where: { id: string }; data: { role: string } }): Promise<{ role: string }>;
  };
  post: {
    create(args: { data: { title: string; authorId: string } }): Promise<{ id: number }>;
    findUnique(args: {
      where: { id: number };
      include: { author: true };
    }): Promise<{ title: string; status: string; authorId: string | null; author: { role: string } | null } | null>;
  };
  $disconnect(): Promise<void>;
}
type AppClientClass = new (options: { adapter: PrismaBetterSqlite3 }) => AppClient;

// One generation (the slow part): the Express blog's merged schema, its generator pointed where the
// support module imports the client from.
const generated = await generatePrismaClient(mergedSchema("orm-prisma-express", "sqlite", "../generated/prisma"));
const { PrismaClient } = generated.client as { PrismaClient: AppClientClass };

// The auth tables from the SQL schema; the app's own: the role it keeps on users and its posts.
const file = path.join(generated.folder, "blog.db");
const direct = new Database(file);
direct.exec(sqlSchema("sqlite"));
direct.exec(`
  ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'writer';
  CREATE TABLE posts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    body TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'DRAFT',
    created_at INTEGER NOT NULL,
    author_id TEXT REFERENCES users (id) ON DELETE SET NULL
  );
  CREATE INDEX posts_author_id_idx ON posts (author_id);
`);
const client = new PrismaClient({
  adapter: new PrismaBetterSqlite3({ url: file }, { timestampFormat: "unixepoch-ms" }),
});

afterAll(async () => {
  await client.$disconnect();
  direct.close();
  await generated.remove();
});

describe("the Express blog's merged schema on SQLite", () => {
  runAdapterTests({
    adapter: prisma(client),
    db: sqliteModelReader(direct),
    runner: { describe, test, beforeAll, afterAll },
  });

  test("the app's own User field and Post model work next to the auth models", async () => {
    const adapter = prisma(client);
    const id = crypto.randomUUID();
    await adapter.createUser?.({ id, email: `${id}@example.test`, emailVerified: null });
    // A user the auth module created has the app's default role, which the app can change.
    expect(direct.prepare("SELECT role FROM users WHERE id = ?").get(id)).toEqual({ role: "writer" });
    expect(await client.user.update({ where: { id }, data: { role: "editor" } })).toMatchObject({ role: "editor" });
    const post = await client.post.create({ data: { title: "Hello", authorId: id } });
    expect(await client.post.findUnique({ where: { id: post.id }, include: { author: true } })).toMatchObject({
      title: "Hello",
      status: "DRAFT",
      author: { role: "editor" },
    });
    // The adapter's record carries the auth fields only; the app's onDelete rule still holds for its posts.
    expect(await adapter.getUser?.(id)).toEqual({
      id,
      name: null,
      email: `${id}@example.test`,
      emailVerified: null,
      image: null,
    });
    await adapter.deleteUser?.(id);
    expect(await client.post.findUnique({ where: { id: post.id }, include: { author: true } })).toMatchObject({
      authorId: null,
      author: null,
    });
  });

  test("the app's own modules type-check against the merged client, and its instance goes to prisma() without a cast", async () => {
    // The app's src/ beside the generated client, where its imports (./generated/prisma/client.js) expect it.
    const source = path.join(fixtures, "orm-prisma-express", "src");
    for (const name of readdirSync(source)) await copyFile(path.join(source, name), path.join(generated.folder, name));
    const repository = fileURLToPath(new URL("../../../..", import.meta.url));
    const adapterModule = path.relative(generated.folder, path.join(repository, "src/runtime/adapters/prisma.js"));
    await writeFile(
      path.join(generated.folder, "auth-adapter.ts"),
      `import prismaAdapter from ${JSON.stringify(adapterModule)};\nimport { prisma } from "./db.js";\n\nexport const adapter = prismaAdapter(prisma);\n`,
    );
    await writeFile(
      path.join(generated.folder, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { target: "ES2022", module: "NodeNext", strict: true, skipLibCheck: true, noEmit: true },
        include: ["*.ts"],
      }),
    );
    expect(typecheckProject(generated.folder)).toEqual({ status: 0, output: "" });
  }, 120_000);
});
