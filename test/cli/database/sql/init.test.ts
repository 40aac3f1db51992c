/**
 * `create-auth init --db sqlite|postgres|mysql` (no ORM), run in memory on the fixtures: the first migration
 * is the table model's DDL (or what the project's migrations lack), the client module and the auth config
 * are as snapshotted for Next and SvelteKit, the other frameworks wire the adapter too, a second run plans
 * nothing, an existing client module is never overwritten; SQLite goes through node:sqlite where the Node and
 * the app allow it, else better-sqlite3 with the reason; and the generated SQLite clients, written to a disk,
 * really create the tables (node:sqlite's under Node 24).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_DRIVERS, hasNodeSqlite, lowestVersion, sqliteDriver } from "../../../../src/cli/database/drivers.js";
import { MIGRATIONS_DIR } from "../../../../src/cli/database/sql/migrations.js";
import { sqlSchema } from "../../../../src/cli/database/sql/render.js";
import { ensureNode24 } from "../../../support/node24.mjs";
import { onNode } from "../../on-node.js";
import {
  type CliRun,
  initFixture,
  initInMemory,
  type MemoryProject,
  materialize,
  memoryFixture,
  read,
  removeTemps,
  repoRoot,
  stable,
} from "../../support.js";

afterAll(removeTemps);

const DIALECTS = ["sqlite", "postgres", "mysql"] as const;
const FIRST = `${MIGRATIONS_DIR}/0001_auth_tables.sql`;

function init(fixture: string, args: string[]) {
  return initFixture(fixture, ["--providers", "oidc", "--yes", "--no-install", ...args]);
}

describe.each([
  { fixture: "next-app", auth: "auth.ts", client: "auth-db.ts", env: ".env.local" },
  { fixture: "sveltekit-2", auth: "src/auth.ts", client: "src/lib/server/auth-db.ts", env: ".env" },
])("init --strategy database on $fixture", ({ fixture, auth, client, env }) => {
  onNode("20.19.0");
  describe.each(DIALECTS)("--db %s", (db) => {
    const snapshots = `__snapshots__/init-${fixture}-${db}`;
    let project: MemoryProject;
    let first: CliRun;

    beforeAll(async () => {
      ({ project, run: first } = await init(fixture, ["--strategy", "database", "--db", db]));
    }, 60_000);

    it("exits 0 and prints the plan and the database's next step", async () => {
      expect(first.stderr).toBe("");
      expect(first.status).toBe(0);
      await expect(stable(first.stdout, project.root)).toMatchFileSnapshot(`${snapshots}/summary.txt`);
    });

    it("writes the dialect's schema from the table model as the first migration", () => {
      expect(project.read(FIRST)).toBe(sqlSchema(db));
      expect(project.has("auth-schema.sql")).toBe(false);
    });

    it("wires the adapter and database sessions into the auth config, through the client module", async () => {
      await expect(project.read(auth)).toMatchFileSnapshot(`${snapshots}/auth.ts.snap`);
      await expect(project.read(client)).toMatchFileSnapshot(`${snapshots}/auth-db.ts.snap`);
    });

    it("adds the driver to the dependencies and its types to the devDependencies", async () => {
      await expect(project.read("package.json")).toMatchFileSnapshot(`${snapshots}/package.json.snap`);
    });

    it("puts the connection setting in the env file and .env.example", () => {
      const key = db === "sqlite" ? "AUTH_DATABASE_FILE" : "DATABASE_URL";
      expect(project.read(env)).toMatch(new RegExp(`^${key}=${db === "sqlite" ? "auth\\.db" : ""}$`, "m"));
      expect(project.read(".env.example")).toMatch(new RegExp(`^${key}=$`, "m"));
    });

    it("plans nothing on a second run", async () => {
      const before = project.hash();
      const again = await initInMemory(project, ["--providers", "oidc", "--strategy", "database", "--db", db, "--yes"]);
      expect(again.status).toBe(0);
      expect(again.stdout).toContain("Nothing to do");
      expect(project.hash()).toBe(before);
    });
  });
});

describe("init --db on the other frameworks", () => {
  onNode("20.19.0");
  it.each([
    {
      fixture: "express-5-ts",
      auth: "src/auth.ts",
      client: "src/auth-db.ts",
      name: "db",
      from: "./auth-db.js",
      adapter: "sqlite(db)",
    },
    {
      fixture: "solid-start-2",
      auth: "src/auth.ts",
      client: "src/auth-db.ts",
      name: "db",
      from: "./auth-db",
      adapter: "sqlite(db)",
    },
    // Qwik City gives settings to the request (event.env), so the database opens on the first request.
    {
      fixture: "qwik-city-1",
      auth: "src/routes/plugin@auth.ts",
      client: "src/auth-db.ts",
      name: "authDatabase",
      from: "../auth-db",
      adapter: 'sqlite(authDatabase(event.env.get("AUTH_DATABASE_FILE")))',
    },
  ])(
    "$fixture: writes the migration and the client module, and wires the adapter",
    async ({ fixture, auth, client, name, from, adapter }) => {
      const { project, run } = await init(fixture, ["--strategy", "database", "--db", "sqlite"]);
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      expect(project.read(FIRST)).toBe(sqlSchema("sqlite"));
      expect(project.read(client)).toContain('import Database from "better-sqlite3";');
      const config = project.read(auth);
      expect(config).toContain('import sqlite from "@create-auth/runtime/adapters/sqlite";');
      expect(config).toContain(`import { ${name} } from "${from}";`);
      expect(config).toContain(`adapter: ${adapter},`);
      expect(config).toContain('session: { strategy: "database" },');
    },
  );

  it("writes CommonJS for a CommonJS Express app", async () => {
    const { project, run } = await init("express-4-js", ["--db", "postgres"]);
    expect(run.status).toBe(0);
    const config = project.read("auth.js");
    expect(config).toContain('const postgres = require("@create-auth/runtime/adapters/postgres").default;');
    expect(config).toContain('const { pool } = require("./auth-db");');
    expect(config).toContain("adapter: postgres(pool),");
    expect(project.read("auth-db.js")).toContain("module.exports = { pool };");
  });
});

describe("init --db: choices and safety", () => {
  onNode("20.19.0");
  it("keeps JWT sessions with --strategy jwt, the adapter storing users and accounts", async () => {
    const { project, run } = await init("next-app", ["--strategy", "jwt", "--db", "postgres"]);
    expect(run.status).toBe(0);
    const config = project.read("auth.ts");
    expect(config).toContain("adapter: postgres(pool),");
    expect(config).toContain('session: { strategy: "jwt" },');
  });

  it("writes no database files without --db", async () => {
    const { project, run } = await init("next-app", ["--db", "none"]);
    expect(run.status).toBe(0);
    expect(project.has(MIGRATIONS_DIR)).toBe(false);
    expect(project.has("auth-db.ts")).toBe(false);
    expect(project.read("auth.ts")).not.toContain("adapter");
  });

  it("fails naming --db for --strategy database without a database, writing nothing", async () => {
    const project = memoryFixture("next-app");
    const before = project.hash();
    const run = await initInMemory(project, ["--providers", "oidc", "--strategy", "database", "--yes"]);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/^create-auth: .*--db sqlite\|postgres\|mysql.*\n$/);
    expect(project.hash()).toBe(before);
  });

  it("warns that Edge middleware (Next before 15.5) cannot open the database", async () => {
    const project = memoryFixture("next-15-app");
    project.write("package.json", project.read("package.json").replace('"next": "15.5.29"', '"next": "15.3.4"'));
    const run = await initInMemory(project, ["--providers", "oidc", "--db", "sqlite", "--yes", "--no-install"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Note: middleware.ts runs on the Edge runtime before Next 15.5");
  });

  it("says nothing about the Edge where middleware runs on Node.js (Next 15.5)", async () => {
    const { run } = await init("next-15-app", ["--db", "sqlite"]);
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain("Edge runtime");
  });

  it("adds a database to an app set up without one, saying what to add to its auth module", async () => {
    const { project } = await init("next-app", ["--db", "none"]);
    const auth = project.read("auth.ts");
    const run = await initInMemory(project, ["--providers", "oidc", "--db", "sqlite", "--yes", "--no-install"]);
    expect(run.status).toBe(0);
    expect(project.read("auth.ts")).toBe(auth);
    expect(project.read(FIRST)).toBe(sqlSchema("sqlite"));
    expect(run.stdout).toContain(
      'Note: auth.ts exists, so init leaves it as it is: add `adapter: sqlite(db)` (import sqlite from "@create-auth/runtime/adapters/sqlite", { db } from "./auth-db") and `session: { strategy: "database" }` to its config.',
    );
  });

  it("keeps the SQLite file out of git", async () => {
    const { project } = await init("next-app", ["--db", "sqlite"]);
    expect(project.read(".gitignore").split("\n")).toContain("auth.db*");
  });

  it("the generated SQLite client creates every auth table on first open, from the env file's path", async () => {
    const { project, run } = await init("express-4-js", ["--db", "sqlite"]);
    expect(run.status).toBe(0);
    project.write(".env", project.read(".env").replace("AUTH_DATABASE_FILE=auth.db", "AUTH_DATABASE_FILE=data.sqlite"));
    const dir = materialize(project);
    const opened = spawnSync(process.execPath, ["-e", 'require("./auth-db").db.close()'], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, NODE_PATH: path.join(repoRoot, "node_modules") },
    });
    expect(opened.stderr).toBe("");
    const db = new Database(path.join(dir, "data.sqlite"), { readonly: true });
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all()
      .map((row) => (row as { name: string }).name);
    db.close();
    expect(tables).toEqual(["accounts", "authenticators", "sessions", "users", "verification_tokens"]);
  });

  it("asks apps for the driver versions this repository tests against", () => {
    const tested = JSON.parse(read(repoRoot, "package.json")).devDependencies as Record<string, string>;
    for (const driver of Object.values(DATABASE_DRIVERS)) {
      for (const [name, range] of Object.entries({ ...driver.packages, ...driver.typePackages })) {
        expect({ name, range }).toEqual({ name, range: tested[name] });
      }
    }
  });
});

describe("init --db: the migrations folder", () => {
  onNode("20.19.0");

  it("PostgreSQL and MySQL: the next step is `npx create-auth migrate`, reading DATABASE_URL from the env file", async () => {
    for (const db of ["postgres", "mysql"]) {
      const { run } = await init("express-4-js", ["--db", db]);
      expect(run.stdout).toMatch(
        /set DATABASE_URL in \.env \([^)]*\), then create the tables: npx create-auth migrate \(applies auth-migrations\/ to the database DATABASE_URL names\)/,
      );
    }
  });

  it("writes nothing more where the project's migrations already create every auth table", async () => {
    const project = memoryFixture("express-4-js");
    project.write(FIRST, sqlSchema("postgres"));
    const run = await initInMemory(project, ["--providers", "oidc", "--db", "postgres", "--yes", "--no-install"]);
    expect(run.status).toBe(0);
    expect(project.files.keys()).not.toContain(`${MIGRATIONS_DIR}/0002_auth_tables.sql`);
    expect([...project.files.keys()].filter((file) => file.startsWith(`${MIGRATIONS_DIR}/`))).toEqual([FIRST]);
  });

  it("writes the next numbered migration with what an older 0001 lacks", async () => {
    const project = memoryFixture("express-4-js");
    project.write(FIRST, sqlSchema("postgres").replace("  session_state TEXT,\n", ""));
    const run = await initInMemory(project, ["--providers", "oidc", "--db", "postgres", "--yes", "--no-install"]);
    expect(run.status).toBe(0);
    expect(project.read(`${MIGRATIONS_DIR}/0002_accounts_session_state.sql`)).toContain(
      "ALTER TABLE accounts ADD COLUMN session_state TEXT;",
    );
  });

  it("says the first migration supersedes an earlier init's auth-schema.sql, and leaves that file alone", async () => {
    const project = memoryFixture("express-4-js");
    project.write("auth-schema.sql", sqlSchema("sqlite"));
    const run = await initInMemory(project, ["--providers", "oidc", "--db", "sqlite", "--yes", "--no-install"]);
    expect(run.status).toBe(0);
    expect(project.read(FIRST)).toBe(sqlSchema("sqlite"));
    expect(project.read("auth-schema.sql")).toBe(sqlSchema("sqlite"));
    expect(stable(run.stdout, project.root)).toContain(
      "auth-schema.sql is from an earlier init: auth-migrations/0001_auth_tables.sql supersedes it (the same CREATE TABLE IF NOT EXISTS statements, so it is safe to apply on a database created from it). Delete auth-schema.sql once you use npx create-auth migrate.",
    );
  });
});

describe("the SQLite driver: node:sqlite where the Node and the app allow it, else better-sqlite3 saying why", () => {
  it.each([
    ["20.19.0", false],
    ["22.12.0", false],
    ["22.13.0", true],
    ["23.3.0", false],
    ["23.4.0", true],
    ["24.11.1", true],
    ["v25.0.0", true],
  ])("Node %s has an unflagged node:sqlite: %s", (version, expected) => {
    expect(hasNodeSqlite(version)).toBe(expected);
  });

  it.each([
    ["^18.17.0 || ^20.3.0 || >=21.0.0", "18.17.0"],
    [">=24", "24.0.0"],
    [">= 22.13.0 < 25", "22.13.0"],
    ["^22.13.0 || ^24", "22.13.0"],
    ["22.x", "22.0.0"],
    ["~22.14", "22.14.0"],
    [">22.12.0", "22.12.1"],
    ["22.13 - 24", "22.13.0"],
    ["<=24", "0.0.0"],
    ["*", "0.0.0"],
    ["latest", "0.0.0"],
  ])("the lowest version %j allows is %s", (range, lowest) => {
    expect(lowestVersion(range)).toBe(lowest);
  });

  it.each([
    { case: "a JavaScript app on Node 24", node: "24.11.1", pkg: {}, ts: false, module: "node:sqlite", types: {} },
    {
      case: "a TypeScript app without @types/node gets them",
      node: "24.11.1",
      pkg: {},
      ts: true,
      module: "node:sqlite",
      types: { "@types/node": "^22.13.0" },
    },
    {
      case: "a TypeScript app whose @types/node has node:sqlite keeps its own",
      node: "22.13.0",
      pkg: { devDependencies: { "@types/node": "^24.0.0" } },
      ts: true,
      module: "node:sqlite",
      types: {},
    },
    {
      case: "Node 22.12",
      node: "22.12.0",
      pkg: {},
      ts: false,
      module: "better-sqlite3",
      why: "the Node running init has no unflagged node:sqlite, which arrived in Node 22.13.",
    },
    {
      case: "engines.node allowing Node 20",
      node: "24.11.1",
      pkg: { engines: { node: "^20.19.0 || >=22" } },
      ts: false,
      module: "better-sqlite3",
      why: 'package.json\'s engines.node ("^20.19.0 || >=22") allows Node older than 22.13, which has no unflagged node:sqlite.',
    },
    {
      case: "@types/node 20 in a TypeScript app",
      node: "24.11.1",
      pkg: { devDependencies: { "@types/node": "^20.19.0" } },
      ts: true,
      module: "better-sqlite3",
      why: 'package.json\'s @types/node ("^20.19.0") has no types for node:sqlite (they start with @types/node 22); raise it to ^22.13.0 or later to use node:sqlite (docs/cli-database.md).',
    },
  ])("$case: $module", ({ node, pkg, ts, module, types, why }) => {
    const choice = sqliteDriver(node, pkg, ts);
    expect(choice.driver.module).toBe(module);
    if (module === "node:sqlite") {
      expect(choice).toMatchObject({ reason: null, driver: { packages: {}, typePackages: types } });
    } else {
      expect(choice.driver).toBe(DATABASE_DRIVERS.sqlite);
      expect(choice.reason).toBe(
        `SQLite through better-sqlite3 (a native module, compiled on install where no prebuilt binary fits), not Node's own node:sqlite: ${why}`,
      );
    }
  });

  describe("init on Node 24", () => {
    onNode("24.11.1");

    it("writes a node:sqlite client (PRAGMAs through exec), typed for TypeScript, and no better-sqlite3 in it", async () => {
      const { project, run } = await init("sveltekit-2", ["--db", "sqlite"]);
      expect(run.status).toBe(0);
      const client = project.read("src/lib/server/auth-db.ts");
      expect(client).toContain('import { DatabaseSync } from "node:sqlite";');
      expect(client).toContain('export const db = new DatabaseSync(env.AUTH_DATABASE_FILE || "auth.db");');
      expect(client).toContain('db.exec("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON;");');
      expect(client).not.toContain("better-sqlite3");
      expect(run.stdout).toContain("SQLite client for the auth adapter (node:sqlite, AUTH_DATABASE_FILE)");
    });

    it("Qwik City's factory opens a node:sqlite database on the first request, unless engines.node allows Node 18", async () => {
      const project = memoryFixture("qwik-city-1");
      const pkg = JSON.parse(project.read("package.json"));
      delete pkg.engines;
      pkg.devDependencies["@types/node"] = "^24.0.0";
      project.write("package.json", JSON.stringify(pkg, null, 2));
      const run = await initInMemory(project, ["--providers", "oidc", "--db", "sqlite", "--yes", "--no-install"]);
      expect(run.status).toBe(0);
      expect(project.read("src/auth-db.ts")).toContain(
        'export function authDatabase(file: string | undefined): DatabaseSync {\n  if (!db) {\n    db = new DatabaseSync(file || "auth.db");',
      );

      const { project: withEngines, run: kept } = await init("qwik-city-1", ["--db", "sqlite"]);
      expect(withEngines.read("src/auth-db.ts")).toContain('import Database from "better-sqlite3";');
      expect(kept.stdout).toContain('engines.node ("^18.17.0 || ^20.3.0 || >=21.0.0") allows Node older than 22.13');
    });

    it("keeps better-sqlite3 for a TypeScript app whose @types/node lacks node:sqlite, saying so", async () => {
      const { project, run } = await init("next-app", ["--db", "sqlite"]);
      expect(project.read("auth-db.ts")).toContain('import Database from "better-sqlite3";');
      expect(run.stdout).toContain(`package.json's @types/node ("^20.19.0") has no types for node:sqlite`);
    });

    it("plans nothing on a second run, and keeps a client module written with better-sqlite3 on an older Node", async () => {
      const { project } = await init("express-4-js", ["--db", "sqlite"]);
      project.write(
        "auth-db.js",
        project.read("auth-db.js").replace('require("node:sqlite")', 'require("better-sqlite3")'),
      );
      const before = project.hash();
      const again = await initInMemory(project, ["--providers", "oidc", "--db", "sqlite", "--yes"]);
      expect(again.stdout).toContain("Nothing to do");
      expect(project.hash()).toBe(before);
    });

    it("the generated node:sqlite client creates every auth table on first open, run by Node 24", async () => {
      const { project, run } = await init("express-4-js", ["--db", "sqlite"]);
      expect(run.status).toBe(0);
      expect(project.read("auth-db.js")).toContain('const { DatabaseSync } = require("node:sqlite");');
      const dir = materialize(project);
      const { node } = await ensureNode24();
      const opened = spawnSync(node, ["-e", 'require("./auth-db").db.close()'], { cwd: dir, encoding: "utf8" });
      expect(opened.status, opened.stderr).toBe(0);
      const db = new Database(path.join(dir, "auth.db"), { readonly: true });
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .all()
        .map((row) => (row as { name: string }).name);
      const journal = db.pragma("journal_mode", { simple: true });
      db.close();
      expect(tables).toEqual(["accounts", "authenticators", "sessions", "users", "verification_tokens"]);
      expect(journal).toBe("wal");
    }, 120_000);
  });
});
