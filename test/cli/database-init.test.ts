/**
 * `create-auth init --db sqlite|postgres|mysql` (no ORM), run in memory on the fixtures: the schema file is
 * the table model's DDL, the client module and the auth config are as snapshotted for Next and SvelteKit,
 * the other frameworks wire the adapter too, a second run plans nothing, an existing client module is
 * never overwritten; and the generated SQLite client, written to a disk, really creates the tables.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_DRIVERS } from "../../src/cli/database/drivers.js";
import { sqlSchema } from "../../src/cli/schema/sql.js";
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
} from "./support.js";

afterAll(removeTemps);

const DIALECTS = ["sqlite", "postgres", "mysql"] as const;

function init(fixture: string, args: string[]) {
  return initFixture(fixture, ["--providers", "oidc", "--yes", "--no-install", ...args]);
}

describe.each([
  { fixture: "next-app", auth: "auth.ts", client: "auth-db.ts", env: ".env.local" },
  { fixture: "sveltekit-2", auth: "src/auth.ts", client: "src/lib/server/auth-db.ts", env: ".env" },
])("init --strategy database on $fixture", ({ fixture, auth, client, env }) => {
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

    it("writes the dialect's schema from the table model as auth-schema.sql", () => {
      expect(project.read("auth-schema.sql")).toBe(sqlSchema(db));
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
    "$fixture: writes the schema and the client module, and wires the adapter",
    async ({ fixture, auth, client, name, from, adapter }) => {
      const { project, run } = await init(fixture, ["--strategy", "database", "--db", "sqlite"]);
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      expect(project.read("auth-schema.sql")).toBe(sqlSchema("sqlite"));
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
    expect(project.has("auth-schema.sql")).toBe(false);
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
    expect(project.read("auth-schema.sql")).toBe(sqlSchema("sqlite"));
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
