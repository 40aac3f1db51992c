/**
 * findDatabaseSetup (src/cli/database/setup.ts): which dialect and schema flavour `auth generate` writes,
 * read from the flags, the adapter init wired into the auth module, the ORM's own config, and the driver in
 * package.json, in that order; a flag contradicting what the app declares, an ambiguous app and an app that
 * says nothing are refused in one line naming the flag. On fixture apps held in memory.
 */
import { afterAll, describe, expect, it } from "vitest";
import { findDatabaseSetup } from "../../../src/cli/database/setup.js";
import { CliError } from "../../../src/cli/errors.js";
import { detectProject } from "../../../src/cli/frameworks/detect-project.js";
import { initFixture, type MemoryProject, memoryFixture, removeTemps } from "../support.js";

afterAll(removeTemps);

async function setupOf(project: MemoryProject, flags: { db?: string; orm?: string } = {}) {
  const reader = project.reader();
  const { info } = await detectProject(reader, {});
  return findDatabaseSetup(reader, info, flags);
}

/** The CliError a call throws (code and one-line message), or a failure when it does not throw one. */
async function refusal(call: () => unknown): Promise<{ code: string; message: string }> {
  try {
    await call();
  } catch (error) {
    if (error instanceof CliError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a CliError");
}

function withDependencies(fixture: string, dependencies: Record<string, string>): MemoryProject {
  const project = memoryFixture(fixture);
  const pkg = JSON.parse(project.read("package.json")) as { dependencies?: Record<string, string> };
  pkg.dependencies = { ...pkg.dependencies, ...dependencies };
  project.write("package.json", `${JSON.stringify(pkg, null, 2)}\n`);
  return project;
}

/** init with a database and nothing else asked: the setup findDatabaseSetup then reads. */
function initWithDb(fixture: string, db: string) {
  return initFixture(fixture, ["--providers", "github", "--db", db, "--yes", "--no-install"]);
}

describe("an app init set up with --db", () => {
  it.each([
    { fixture: "next-app", db: "postgres", auth: "auth.ts" },
    { fixture: "sveltekit-2", db: "mysql", auth: "src/auth.ts" },
    { fixture: "express-5-ts", db: "sqlite", auth: "src/auth.ts" },
  ])("$fixture --db $db: the adapter its auth module imports", async ({ fixture, db, auth }) => {
    const { project, run } = await initWithDb(fixture, db);
    expect(run.status).toBe(0);
    expect(await setupOf(project)).toMatchObject({
      dialect: db,
      orm: "none",
      evidence: [`${auth} imports @create-auth/runtime/adapters/${db}`],
    });
  });

  it("takes flags that agree with the setup, and says they were given", async () => {
    const { project } = await initWithDb("next-app", "postgres");
    expect(await setupOf(project, { db: "postgres", orm: "none" })).toMatchObject({
      dialect: "postgres",
      orm: "none",
      evidence: ["--orm none", "--db postgres"],
    });
  });

  it("refuses --db naming another database than the adapter, naming both (a usage error)", async () => {
    const { project } = await initWithDb("next-app", "postgres");
    expect(await refusal(() => setupOf(project, { db: "mysql" }))).toEqual({
      code: "InvalidOption",
      message:
        "--db mysql contradicts this app's setup: auth.ts imports @create-auth/runtime/adapters/postgres. Drop --db mysql, or change the setup first.",
    });
  });

  it("refuses --orm naming another flavour than the adapter", async () => {
    const { project } = await initWithDb("next-app", "sqlite");
    const { code, message } = await refusal(() => setupOf(project, { orm: "prisma" }));
    expect(code).toBe("InvalidOption");
    expect(message).toContain(
      "--orm prisma contradicts this app's setup: auth.ts imports @create-auth/runtime/adapters/sqlite",
    );
  });
});

describe("an app without an adapter in its auth module", () => {
  it.each([
    { driver: "pg", dialect: "postgres" },
    { driver: "mysql2", dialect: "mysql" },
    { driver: "better-sqlite3", dialect: "sqlite" },
  ])("reads the dialect from the $driver driver in package.json", async ({ driver, dialect }) => {
    const project = withDependencies("next-app", { [driver]: "*" });
    expect(await setupOf(project)).toMatchObject({ dialect, orm: "none", evidence: [`${driver} in package.json`] });
  });

  it("lets --db choose over a driver in package.json (a dependency is not a setup)", async () => {
    const project = withDependencies("next-app", { pg: "*" });
    expect(await setupOf(project, { db: "sqlite" })).toMatchObject({ dialect: "sqlite", evidence: ["--db sqlite"] });
  });

  it("refuses two drivers of different databases, naming --db and both", async () => {
    const project = withDependencies("next-app", { pg: "*", mysql2: "*" });
    expect(await refusal(() => setupOf(project))).toEqual({
      code: "MissingAnswer",
      message:
        "package.json depends on pg and mysql2: say which database holds the auth tables with --db postgres|mysql.",
    });
  });

  it("says in one line that nothing names a database, and which flag does", async () => {
    const { code, message } = await refusal(() => setupOf(memoryFixture("next-app")));
    expect(code).toBe("MissingAnswer");
    expect(message).toMatch(/^No database setup found in .*: say which with --db sqlite\|postgres\|mysql\.$/);
    expect(message).not.toContain("\n");
  });

  it("refuses an unknown --db or --orm value, listing the choices", async () => {
    const project = memoryFixture("next-app");
    expect(await refusal(() => setupOf(project, { db: "oracle" }))).toEqual({
      code: "InvalidOption",
      message: 'Unknown --db value "oracle" (one of: sqlite, postgres, mysql).',
    });
    expect((await refusal(() => setupOf(project, { db: "sqlite", orm: "typeorm" }))).message).toBe(
      'Unknown --orm value "typeorm" (one of: none, drizzle, prisma).',
    );
  });
});

describe("an app on Drizzle or Prisma, before init wires an adapter", () => {
  it("Drizzle: the dialect drizzle.config declares, the schema module it names", async () => {
    expect(await setupOf(memoryFixture("orm-drizzle-next"))).toMatchObject({
      dialect: "postgres",
      orm: "drizzle",
      evidence: ["Drizzle (drizzle.config.ts)", "drizzle.config.ts is set up for PostgreSQL"],
      project: { orm: "drizzle", authSchemaFile: "src/db/schema.ts" },
    });
  });

  it("Prisma: the datasource's provider, the schema folder prisma.config names", async () => {
    expect(await setupOf(memoryFixture("orm-prisma-sveltekit"))).toMatchObject({
      dialect: "postgres",
      orm: "prisma",
      evidence: ["Prisma (prisma.config.ts)", 'prisma/schema declares provider "postgresql"'],
      project: { orm: "prisma", layout: "folder", schemaPath: "prisma/schema" },
    });
  });

  it("refuses --db naming another dialect than drizzle.config's, naming both", async () => {
    expect(await refusal(() => setupOf(memoryFixture("orm-drizzle-schema-folder"), { db: "postgres" }))).toEqual({
      code: "InvalidOption",
      message:
        "--db postgres contradicts this app's setup: drizzle.config.ts is set up for MySQL. Drop --db postgres, or change the setup first.",
    });
  });

  it("--orm none takes SQL migrations in a Drizzle app, its dialect then from the driver", async () => {
    expect(await setupOf(memoryFixture("orm-drizzle-next"), { orm: "none" })).toMatchObject({
      dialect: "postgres",
      orm: "none",
      evidence: ["--orm none", "pg in package.json"],
      project: null,
    });
  });

  it("asks which with --orm when the app depends on both Drizzle and Prisma", async () => {
    const project = withDependencies("orm-drizzle-next", { "@prisma/client": "*" });
    expect(await refusal(() => setupOf(project))).toEqual({
      code: "MissingAnswer",
      message:
        "This app depends on both Drizzle and Prisma: say which holds the auth tables with --orm drizzle|prisma.",
    });
    expect(await setupOf(project, { orm: "drizzle" })).toMatchObject({ orm: "drizzle", dialect: "postgres" });
  });
});
