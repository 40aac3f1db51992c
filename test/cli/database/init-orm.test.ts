/**
 * `create-auth init --orm drizzle|prisma`, run in memory: the auth tables merged into the app's own Drizzle
 * schema or Prisma schema (its lines all kept), the app's existing db/client instance handed to the adapter
 * (imported the way the app imports its modules: `./db`, `$lib/server/…`, `./db/client.js`), or a new client
 * module and schema where the app has none; the dependencies, env keys and next steps each case needs; a
 * second run plans nothing; a --db that contradicts the ORM's own setup is refused.
 */
import { afterAll, describe, expect, it } from "vitest";
import { drizzleSchema } from "../../../src/cli/database/drizzle/render.js";
import { projectOrms } from "../../../src/cli/database/orm-plan.js";
import { prismaSchema } from "../../../src/cli/database/prisma/render.js";
import { sqlSchema } from "../../../src/cli/database/sql/render.js";
import {
  type CliRun,
  initFixture,
  initInMemory,
  type MemoryProject,
  memoryFixture,
  removeTemps,
  stable,
} from "../support.js";

afterAll(removeTemps);

const BASE = ["--providers", "oidc", "--yes", "--no-install"];
const SCHEMA_NOT_WRITTEN_YET =
  'import { defineConfig } from "prisma/config";\n\nexport default defineConfig({ schema: "db/auth.prisma" });\n';

interface Case {
  name: string;
  fixture: string;
  args: string[];
  /** The files to snapshot, by their path in the project. */
  snapshot: string[];
}

async function init(fixture: string, args: string[]): Promise<{ project: MemoryProject; run: CliRun }> {
  return initFixture(fixture, [...BASE, ...args]);
}

/**
 * Every line of `before` is in `after`, in the same order: the merge only added lines. A Drizzle module's
 * import of its dialect's builders gains the ones the auth tables use: its names are checked instead.
 */
function expectLinesKept(before: string, after: string): void {
  const lines = after.split("\n");
  let at = 0;
  for (const line of before.split("\n")) {
    const builders = /^import \{ (.+) \} from "(drizzle-orm\/[a-z-]+)";$/.exec(line);
    if (builders) {
      const merged = after.match(new RegExp(`import \\{([^}]+)\\} from "${builders[2]}";`))?.[1] ?? "";
      for (const name of builders[1]!.split(", ")) expect(merged).toMatch(new RegExp(`\\b${name}\\b`));
      continue;
    }
    const found = lines.indexOf(line, at);
    expect(found, `kept: ${line}`).toBeGreaterThanOrEqual(0);
    at = found + 1;
  }
}

function dependencies(project: MemoryProject): { deps: Record<string, string>; dev: Record<string, string> } {
  const pkg = JSON.parse(project.read("package.json"));
  return { deps: pkg.dependencies ?? {}, dev: pkg.devDependencies ?? {} };
}

const snapshotName = (file: string) => `${file.replaceAll("/", "_")}.snap`;

describe.each<Case>([
  {
    name: "drizzle-next-existing",
    fixture: "orm-drizzle-next",
    args: ["--orm", "drizzle", "--db", "postgres"],
    snapshot: ["src/auth.ts", "src/db/schema.ts"],
  },
  {
    name: "drizzle-sveltekit-existing",
    fixture: "orm-drizzle-sveltekit",
    args: ["--orm", "drizzle", "--db", "sqlite", "--strategy", "jwt"],
    snapshot: ["src/auth.ts"],
  },
  {
    name: "drizzle-express-folder",
    fixture: "orm-drizzle-schema-folder",
    args: ["--orm", "drizzle", "--db", "mysql"],
    snapshot: ["src/auth.ts"],
  },
  {
    name: "drizzle-qwik-new",
    fixture: "qwik-city-1",
    args: ["--orm", "drizzle", "--db", "sqlite"],
    snapshot: ["src/routes/plugin@auth.ts", "src/auth-db.ts"],
  },
  {
    name: "drizzle-express-js-new",
    fixture: "express-4-js",
    args: ["--orm", "drizzle", "--db", "postgres"],
    snapshot: ["auth.js", "auth-db.js", "auth-schema.js"],
  },
  {
    name: "drizzle-solid-start-new",
    fixture: "solid-start-2",
    args: ["--orm", "drizzle", "--db", "mysql"],
    snapshot: ["src/auth-db.ts"],
  },
  {
    name: "prisma-express-existing",
    fixture: "orm-prisma-express",
    args: ["--orm", "prisma", "--db", "sqlite"],
    snapshot: ["src/auth.ts", "prisma/schema.prisma"],
  },
  {
    name: "prisma-sveltekit-folder",
    fixture: "orm-prisma-sveltekit",
    args: ["--orm", "prisma", "--db", "postgres"],
    snapshot: ["src/auth.ts", "prisma/schema/auth.prisma", "prisma/schema/user.prisma"],
  },
  {
    name: "prisma-next-new",
    fixture: "next-app",
    args: ["--orm", "prisma", "--db", "postgres"],
    snapshot: ["auth.ts", "auth-db.ts", "prisma.config.ts"],
  },
  {
    name: "prisma-qwik-new",
    fixture: "qwik-city-1",
    args: ["--orm", "prisma", "--db", "mysql"],
    snapshot: ["src/routes/plugin@auth.ts", "src/auth-db.ts"],
  },
  {
    name: "prisma-solid-start-new",
    fixture: "solid-start-2",
    args: ["--orm", "prisma", "--db", "sqlite"],
    snapshot: ["src/auth.ts", "src/auth-db.ts"],
  },
  {
    name: "prisma-express-js-new",
    fixture: "express-4-js",
    args: ["--orm", "prisma", "--db", "sqlite"],
    snapshot: ["auth.js", "auth-db.js", "prisma.config.mjs"],
  },
])("init $args.1 --db $args.3 on $fixture ($name)", ({ name, fixture, args, snapshot }) => {
  it("plans, writes as snapshotted, and a second run has nothing to do", async () => {
    const { project, run } = await init(fixture, args);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    await expect(stable(run.stdout, project.root)).toMatchFileSnapshot(`__snapshots__/init-orm-${name}/summary.txt`);
    for (const file of snapshot) {
      await expect(project.read(file)).toMatchFileSnapshot(`__snapshots__/init-orm-${name}/${snapshotName(file)}`);
    }
    const before = project.hash();
    const again = await initInMemory(project, [...BASE, ...args]);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain("Nothing to do");
    expect(project.hash()).toBe(before);
  });
});

describe("Drizzle: the app's schema and db instance", () => {
  it("adds the auth tables to the app's schema module, keeping every line of it, and imports its db", async () => {
    const original = memoryFixture("orm-drizzle-next").read("src/db/schema.ts");
    const { project } = await init("orm-drizzle-next", ["--orm", "drizzle", "--db", "postgres"]);
    const schema = project.read("src/db/schema.ts");
    expectLinesKept(original, schema);
    for (const table of ["accounts", "sessions", "verificationTokens", "authenticators"]) {
      expect(schema).toContain(`export const ${table} = pgTable(`);
    }
    const auth = project.read("src/auth.ts");
    expect(auth).toContain('import { db } from "./db";');
    expect(auth).toContain("adapter: drizzle(db, { users, accounts, sessions, verificationTokens, authenticators }),");
    // No new client, no new driver, no connection setting of ours, no SQL migration (users existed).
    expect(project.has("src/auth-db.ts")).toBe(false);
    expect(project.has("auth-migrations")).toBe(false);
    expect(project.read(".env.local")).not.toContain("DATABASE_URL");
    expect(dependencies(project).deps["drizzle-orm"]).toBe("^0.45.1");
  });

  it("imports a SvelteKit app's db through $lib, and an Express ESM app's with .js, under its export name", async () => {
    const svelte = (await init("orm-drizzle-sveltekit", ["--orm", "drizzle", "--db", "sqlite"])).project;
    expect(svelte.read("src/auth.ts")).toContain('import { db } from "$lib/server/db";');
    expect(svelte.read("src/auth.ts")).toMatch(/ from "\$lib\/server\/db\/schema";/);
    const express = (await init("orm-drizzle-schema-folder", ["--orm", "drizzle", "--db", "mysql"])).project;
    const auth = express.read("src/auth.ts");
    expect(auth).toContain('import { database } from "./db/client.js";');
    expect(auth).toContain("adapter: drizzle(database, {");
  });

  it("without an instance: a client module and the auth tables beside it, the first migration, the driver", async () => {
    const { project, run } = await init("qwik-city-1", ["--orm", "drizzle", "--db", "sqlite"]);
    expect(project.read("src/auth-schema.ts")).toBe(drizzleSchema("sqlite"));
    expect(project.read("auth-migrations/0001_auth_tables.sql")).toBe(sqlSchema("sqlite"));
    expect(project.read("src/auth-db.ts")).toContain('import * as schema from "./auth-schema";');
    expect(project.read("src/routes/plugin@auth.ts")).toContain(
      'adapter: drizzle(authDb(event.env.get("AUTH_DATABASE_FILE")), { users, accounts, sessions, verificationTokens, authenticators }),',
    );
    const { deps, dev } = dependencies(project);
    expect(deps).toMatchObject({ "drizzle-orm": "^0.45.4", "better-sqlite3": expect.any(String) });
    expect(dev).toHaveProperty("@types/better-sqlite3");
    expect(dev).not.toHaveProperty("drizzle-kit");
    expect(project.read(".env")).toContain("AUTH_DATABASE_FILE=auth.db");
    expect(project.read(".gitignore")).toContain("auth.db*");
    expect(run.stdout).toContain("npx create-auth migrate");
  });

  it("writes CommonJS modules for a CommonJS Express app", async () => {
    const { project } = await init("express-4-js", ["--orm", "drizzle", "--db", "postgres"]);
    const schema = project.read("auth-schema.js");
    expect(schema).toContain('} = require("drizzle-orm/pg-core");');
    expect(schema).not.toMatch(/^(import|export) /m);
    expect(schema).toContain("module.exports = { users, accounts, sessions, verificationTokens, authenticators };");
    expect(project.read("auth-db.js")).toContain('const schema = require("./auth-schema");');
    expect(project.read("auth.js")).toContain(
      'const { users, accounts, sessions, verificationTokens, authenticators } = require("./auth-schema");',
    );
  });

  it("refuses a --db the app's Drizzle config contradicts, writing nothing", async () => {
    const project = memoryFixture("orm-drizzle-next");
    const before = project.hash();
    const run = await initInMemory(project, [...BASE, "--orm", "drizzle", "--db", "mysql"]);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("--db mysql contradicts this app's setup");
    expect(run.stderr).toContain("--db postgres");
    expect(project.hash()).toBe(before);
  });
});

describe("Prisma: the app's schema and client", () => {
  it("adds the auth models to a single schema file, keeping every line, and hands its client to prisma()", async () => {
    const original = memoryFixture("orm-prisma-express").read("prisma/schema.prisma");
    const { project, run } = await init("orm-prisma-express", ["--orm", "prisma", "--db", "sqlite"]);
    expectLinesKept(original, project.read("prisma/schema.prisma"));
    expect(project.read("prisma/schema.prisma")).toMatch(/model VerificationToken \{/);
    const auth = project.read("src/auth.ts");
    // The app's export is named as the adapter is: imported under another name.
    expect(auth).toContain('import { prisma as prismaClient } from "./db.js";');
    expect(auth).toContain("adapter: prisma(prismaClient),");
    expect(project.has("src/auth-db.ts")).toBe(false);
    expect(run.stdout).toContain("npx prisma generate");
    expect(run.stdout).toContain("npx prisma db push");
  });

  it("writes the auth models to auth.prisma in a schema folder, keeping the other files' lines", async () => {
    const fixture = memoryFixture("orm-prisma-sveltekit");
    const { project } = await init("orm-prisma-sveltekit", ["--orm", "prisma", "--db", "postgres"]);
    for (const file of [
      "prisma/schema/user.prisma",
      "prisma/schema/schema.prisma",
      "prisma/schema/models/note.prisma",
    ]) {
      expectLinesKept(fixture.read(file), project.read(file));
    }
    expect(project.read("prisma/schema/schema.prisma")).toBe(fixture.read("prisma/schema/schema.prisma"));
    expect(project.read("prisma/schema/auth.prisma")).toMatch(/model Session \{/);
    expect(project.read("src/auth.ts")).toContain('import { db } from "$lib/server/prisma";');
  });

  it("without a schema or client: schema.prisma, prisma.config, a client on the driver adapter, the packages", async () => {
    const { project } = await init("next-app", ["--orm", "prisma", "--db", "postgres"]);
    expect(project.read("prisma/schema.prisma")).toBe(prismaSchema("postgresql"));
    expect(project.read("prisma.config.ts")).toContain('schema: "prisma/schema.prisma"');
    const client = project.read("auth-db.ts");
    expect(client).toContain('import { PrismaClient } from "./generated/prisma/client";');
    expect(client).toContain("new PrismaPg({ connectionString: setting })");
    expect(project.read("auth.ts")).toContain('import { db } from "./auth-db";');
    expect(project.read("auth.ts")).toContain("adapter: prisma(db),");
    const { deps, dev } = dependencies(project);
    expect(deps).toMatchObject({ "@prisma/client": "^7.10.0", "@prisma/adapter-pg": "^7.10.0" });
    expect(dev).toMatchObject({ prisma: "^7.10.1" });
    expect(project.read(".env.local")).toContain("DATABASE_URL=");
  });

  it("a prisma.config naming a schema not written yet: the schema goes where it says, the config is kept", async () => {
    const project = memoryFixture("next-app");
    project.write("prisma.config.ts", SCHEMA_NOT_WRITTEN_YET);
    const run = await initInMemory(project, [...BASE, "--orm", "prisma", "--db", "postgres"]);
    expect(run.stderr).toBe("");
    expect(project.read("db/auth.prisma")).toBe(prismaSchema("postgresql"));
    expect(project.has("prisma/schema.prisma")).toBe(false);
    expect(project.read("prisma.config.ts")).toBe(SCHEMA_NOT_WRITTEN_YET);
  });

  it("opens SQLite through better-sqlite3 with dates as integer milliseconds, MySQL through mariadb", async () => {
    const sqlite = (await init("solid-start-2", ["--orm", "prisma", "--db", "sqlite"])).project;
    expect(sqlite.read("src/auth-db.ts")).toContain(
      'new PrismaBetterSqlite3({ url: setting || "auth.db" }, { timestampFormat: "unixepoch-ms" })',
    );
    const mysql = (await init("qwik-city-1", ["--orm", "prisma", "--db", "mysql"])).project;
    expect(mysql.read("src/auth-db.ts")).toContain("new PrismaMariaDb(");
    expect(dependencies(mysql).deps).toHaveProperty("@prisma/adapter-mariadb");
    expect(mysql.read("src/routes/plugin@auth.ts")).toContain(
      'adapter: prisma(authDb(event.env.get("DATABASE_URL"))),',
    );
  });

  it("refuses a --db the app's datasource contradicts", async () => {
    const run = (await init("orm-prisma-express", ["--orm", "prisma", "--db", "postgres"])).run;
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("--db postgres contradicts this app's setup");
  });
});

describe("the ORM an app already uses (what init offers first and takes --db from)", () => {
  it.each([
    ["orm-drizzle-next", [{ orm: "drizzle", dialect: "postgres" }]],
    ["orm-drizzle-sveltekit", [{ orm: "drizzle", dialect: "sqlite" }]],
    ["orm-drizzle-schema-folder", [{ orm: "drizzle", dialect: "mysql" }]],
    ["orm-prisma-express", [{ orm: "prisma", dialect: "sqlite" }]],
    ["orm-prisma-sveltekit", [{ orm: "prisma", dialect: "postgres" }]],
    ["next-app", []],
  ])("%s: %j", (fixture, expected) => {
    const info = { srcDir: fixture !== "next-app", language: "ts" as const };
    expect(projectOrms(memoryFixture(fixture).reader(), info)).toEqual(expected);
  });
});

describe("--orm without --db", () => {
  it("takes the dialect from the app's own Drizzle or Prisma setup", async () => {
    const drizzle = await init("orm-drizzle-next", ["--orm", "drizzle"]);
    expect(drizzle.run.status, drizzle.run.stderr).toBe(0);
    expect(drizzle.run.stdout).toContain("database: postgres through drizzle");
    const prisma = await init("orm-prisma-express", ["--orm", "prisma"]);
    expect(prisma.run.status, prisma.run.stderr).toBe(0);
    expect(prisma.run.stdout).toContain("database: sqlite through prisma");
  });
});

describe("--orm without a usable database", () => {
  it("refuses --orm with --db none, and --orm without --db where no setup names the dialect, naming --db", async () => {
    const none = (await init("next-app", ["--orm", "drizzle", "--db", "none"])).run;
    expect(none.status).not.toBe(0);
    expect(none.stderr).toContain("--db sqlite|postgres|mysql");
    const missing = (await init("next-app", ["--orm", "prisma"])).run;
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain("--orm prisma needs the database's dialect");
    expect(missing.stderr).toContain("--db sqlite|postgres|mysql");
  });
});

describe("the app's own users table (integer, bigint and uuid ids)", () => {
  it("Drizzle, serial ids: user_id columns are integers, email gains its unique constraint, name is filled", async () => {
    const original = memoryFixture("orm-drizzle-serial-next").read("src/db/schema.ts");
    const { project, run } = await init("orm-drizzle-serial-next", ["--orm", "drizzle", "--db", "postgres"]);
    expect(run.status).toBe(0);
    const schema = project.read("src/db/schema.ts");
    expect(schema).toContain('  email: text("email").notNull().unique("users_email_key"),\n');
    // The app's own column stays required: its inferred types are the app's.
    expect(schema).toContain('  name: text("name").notNull(),\n');
    expect(schema.match(/userId: integer\("user_id"\)\.notNull\(\),/g)).toHaveLength(3);
    // The one edit of the app's own lines: the unique constraint on its email.
    expectLinesKept(
      original.replace('text("email").notNull()', 'text("email").notNull().unique("users_email_key")'),
      schema,
    );
    const auth = project.read("src/auth.ts");
    expect(auth).toContain(
      "adapter: drizzle(db, { users, accounts, sessions, verificationTokens, authenticators }, {\n",
    );
    expect(auth).toContain(
      '    newUserColumns: (user) => ({ name: user.name ?? user.email?.split("@")[0] ?? "" }),\n  }),',
    );
    expect(auth).toContain("// users.name is required in your schema");
    // Drizzle's adapter reads the id kind from the users table it is given.
    expect(auth).not.toContain("userIds");
  });

  const prismaCases = [
    { fixture: "orm-prisma-int-express", db: "sqlite", file: "prisma/schema.prisma", kind: "integer", type: "Int" },
    { fixture: "orm-prisma-bigint-next", db: "mysql", file: "prisma/schema.prisma", kind: "bigint", type: "BigInt" },
    {
      fixture: "orm-prisma-uuid-sveltekit",
      db: "postgres",
      file: "prisma/schema/auth.prisma",
      kind: "uuid",
      type: 'String  @map("user_id") @db.Uuid',
    },
  ];
  for (const { fixture, db, file, kind, type } of prismaCases) {
    it(`Prisma, ${kind} ids (${fixture}): the userId fields are ${type.split(" ")[0]}, the adapter is told`, async () => {
      const { project, run } = await init(fixture, ["--orm", "prisma", "--db", db]);
      expect(run.status, run.stderr).toBe(0);
      const merged = project.read(file);
      const userIds = [...merged.matchAll(/^ {2}userId +(.+)$/gm)].map((match) => match[1]!.replace(/ +/g, " "));
      expect(userIds).toHaveLength(3);
      for (const field of userIds) expect(field.startsWith(type.split(" ")[0]!)).toBe(true);
      if (kind === "uuid") for (const field of userIds) expect(field).toContain("@db.Uuid");
      const auth = project.read(project.has("src/auth.ts") ? "src/auth.ts" : "auth.ts");
      expect(auth).toContain(`    userIds: "${kind}",\n`);
    });
  }

  it("Prisma: a User email without @unique gains it, and a required name is filled through the adapter", async () => {
    const { project } = await init("orm-prisma-int-express", ["--orm", "prisma", "--db", "sqlite"]);
    const schema = project.read("prisma/schema.prisma");
    expect(schema).toContain("  email String? @unique\n  name  String\n");
    expect(project.read("src/auth.ts")).toContain(
      '    newUserColumns: (user) => ({ name: user.name ?? user.email?.split("@")[0] ?? "" }),',
    );
  });

  it("an auth module init wrote without a database is left as it is; the note gives the adapter call on one line", async () => {
    const project = memoryFixture("orm-prisma-int-express");
    expect((await initInMemory(project, [...BASE, "--db", "none"])).status).toBe(0);
    const auth = project.read("src/auth.ts");
    const run = await initInMemory(project, [...BASE, "--orm", "prisma", "--db", "sqlite"]);
    expect(run.status, run.stderr).toBe(0);
    expect(project.read("src/auth.ts")).toBe(auth);
    expect(run.stdout.replace(/\s+/g, " ")).toContain(
      'add `adapter: prisma(prismaClient, { userIds: "integer", newUserColumns: (user) => ({ name: user.name ?? user.email?.split("@")[0] ?? "" }) })`',
    );
  });

  it("refuses a required column sign-up cannot fill, naming it and the fix, and writes nothing", async () => {
    const project = memoryFixture("orm-drizzle-serial-next");
    project.files.set(
      "src/db/schema.ts",
      project.read("src/db/schema.ts").replace('.notNull().default("member")', ".notNull()"),
    );
    const before = project.hash();
    const run = await initInMemory(project, [...BASE, "--orm", "drizzle", "--db", "postgres"]);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("users.role is required without a default");
    expect(run.stderr).toContain("Give each a default (.default(…) or .$defaultFn(…)) or make it nullable");
    expect(project.hash()).toBe(before);
  });
});
