// The database commands agree, walked as the docs print them on copies of the fixtures, on disk, with real
// databases (a SQLite file, PostgreSQL on loopback): init --db … → generate → migrate → doctor → db prune.
// Whatever one command says creates the tables (migrate's "Run:", generate's next step, doctor's fix, db
// prune's hint) is the same command; a create-auth command printed is run as printed and does what it says.
// Every command finds the database the app's settings name, drizzle.config's `dbCredentials.url` included.
// init reads the runtime from dist/: run this file under the shared lock (flock -s /tmp/dist.lock).
import { existsSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import type { Finding } from "../../../../src/cli/checks/finding.js";
import { createPostgresDatabase } from "../../../support/postgres.mjs";
import { copyFixture, removeTemps, repoRoot } from "../../support.js";
import { runOnDisk } from "../../support-disk.js";

afterAll(removeTemps);

/** A copy of a fixture with this repository's node_modules (the drivers), and `env` written to `envFile`. */
function app(fixture: string, envFile: string, env: string): string {
  const dir = copyFixture(fixture);
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
  writeFileSync(path.join(dir, envFile), env);
  return dir;
}

/** A command as typed in the app's folder (no process environment: the env file is what counts). */
async function cli(dir: string, argv: string[]) {
  return runOnDisk(argv, { cwd: dir, env: {} });
}

async function init(dir: string, flags: string[]): Promise<void> {
  const run = await cli(dir, ["init", "--providers", "github", "--yes", "--no-install", ...flags]);
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
}

async function doctorFindings(dir: string): Promise<Finding[]> {
  const run = await cli(dir, ["doctor", "--json"]);
  return (JSON.parse(run.stdout) as { findings: Finding[] }).findings.filter((f) => f.id.startsWith("database."));
}

/**
 * The one command doctor names to create the tables: every missing-table finding names the same, as does
 * the note on a SQLite file not created yet.
 */
async function createCommand(dir: string): Promise<string> {
  const findings = (await doctorFindings(dir)).filter(
    (f) => f.id === "database.table-missing" || f.id === "database.unreachable",
  );
  expect(findings.length).toBeGreaterThan(0);
  const fixes = [...new Set(findings.map((f) => f.fix!.replace(/^[^:]*: /, "")))];
  expect(fixes).toHaveLength(1);
  return fixes[0]!;
}

/** `npx create-auth <args>` printed by a command, run as printed; anything else is not ours to run here. */
async function runPrinted(dir: string, command: string) {
  const args = /^npx create-auth ((?:[\w-]+ ?)+)$/.exec(command)?.[1];
  if (!args) throw new Error(`not one create-auth command: ${command}`);
  return cli(dir, args.trim().split(" "));
}

async function schemaChecked(dir: string): Promise<void> {
  const findings = await doctorFindings(dir);
  expect(findings.filter((f) => f.level === "error")).toEqual([]);
  expect(findings.map((f) => f.id)).toContain("database.schema");
}

describe("SQL (init --db, no ORM): doctor's fix is the command that creates the tables, run as printed", () => {
  test("PostgreSQL (express-5-ts): migrate only, as init's 0001 is written and pending", async () => {
    const database = await createPostgresDatabase();
    try {
      const { user, password, host, port, database: name } = database.connection;
      const dir = app("express-5-ts", ".env", `DATABASE_URL=postgres://${user}:${password}@${host}:${port}/${name}\n`);
      await init(dir, ["--db", "postgres"]);
      const generate = await cli(dir, ["generate", "--yes"]);
      expect(generate.stdout).toContain("Nothing to do: auth-migrations already has every auth table and column.");

      const pruneFirst = await cli(dir, ["db", "prune"]);
      expect(pruneFirst.status).toBe(1);
      expect(pruneFirst.stderr).toContain("(are the auth tables there? Create them: npx create-auth migrate).");
      const fix = await createCommand(dir);
      expect(fix).toBe("npx create-auth migrate");

      const migrate = await runPrinted(dir, fix);
      expect(migrate.stdout).toContain("Applied 1 migration.");
      await schemaChecked(dir);
      const prune = await cli(dir, ["db", "prune"]);
      expect(prune.stdout).toMatch(/^Deleted 0 expired sessions and 0 verification tokens from PostgreSQL postgres:/);
    } finally {
      await database.drop();
    }
  });

  test("SQLite (next-app): the file not created yet is a note naming migrate, which creates it", async () => {
    const dir = app("next-app", ".env.local", "");
    await init(dir, ["--db", "sqlite"]);
    const [absent] = await doctorFindings(dir);
    expect(absent).toMatchObject({
      id: "database.unreachable",
      level: "info",
      message:
        "auth.ts uses the sqlite adapter; its tables were not checked: the SQLite database auth.db does not exist yet.",
      fix: "create it and its tables: npx create-auth migrate",
    });
    expect(existsSync(path.join(dir, "auth.db"))).toBe(false);
    expect((await runPrinted(dir, await createCommand(dir))).status).toBe(0);
    await schemaChecked(dir);
    expect((await cli(dir, ["db", "prune"])).stdout).toContain("from SQLite auth.db.");
  });

  test("no database set up yet (express-5-ts): migrate names generate with --db, which, run with a choice, writes what migrate applies", async () => {
    const dir = app("express-5-ts", ".env", "AUTH_DATABASE_FILE=auth.db\n");
    const refused = await cli(dir, ["migrate"]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(
      `create-auth: No SQL migrations in auth-migrations/ (${dir}): write them with npx create-auth generate --db <sqlite|postgres|mysql>, then run npx create-auth migrate.\n`,
    );
    const generate = /write them with (npx create-auth generate --db) <sqlite\|postgres\|mysql>/.exec(
      refused.stderr,
    )![1]!;
    expect((await runPrinted(dir, `${generate} sqlite`)).status).toBe(0);
    expect((await runPrinted(dir, "npx create-auth migrate")).stdout).toContain("Applied 1 migration.");
  });

  test("the migrations recorded and a table dropped since: migrate --repair, run as printed, brings it back and keeps the rows", async () => {
    const dir = app("next-app", ".env.local", "");
    await init(dir, ["--db", "sqlite"]);
    await cli(dir, ["migrate"]);
    const Database = (await import("better-sqlite3")).default;
    const file = path.join(dir, "auth.db");
    const db = new Database(file);
    db.exec("INSERT INTO users (id, email) VALUES ('u1', 'ada@example.test')");
    db.exec("DROP TABLE sessions");
    db.close();
    const missing = (await doctorFindings(dir)).filter((f) => f.id === "database.table-missing");
    expect(missing.map((f) => f.message)).toEqual([
      "SQLite auth.db has no sessions table: the sqlite adapter fails on its first query of it.",
    ]);
    expect(missing[0]?.fix).toBe(
      "create the auth tables: npx create-auth migrate --repair (every file in auth-migrations/ is recorded as applied, so it was dropped since: this re-creates it empty; restore its rows from a backup if you need them)",
    );
    // Plain migrate has nothing to apply and leaves the table missing: that is why the fix names --repair.
    expect((await cli(dir, ["migrate"])).stdout).toContain("Nothing to apply");
    expect((await doctorFindings(dir)).some((f) => f.id === "database.table-missing")).toBe(true);
    const repaired = await runPrinted(dir, "npx create-auth migrate --repair");
    expect(repaired.status).toBe(0);
    expect(repaired.stdout).toMatch(
      /Repair: ran auth-migrations\/0001_\w+\.sql's \d+ CREATE … IF NOT EXISTS statements again/,
    );
    expect((await doctorFindings(dir)).filter((f) => f.level === "error")).toEqual([]);
    const after = new Database(file, { readonly: true });
    expect(after.prepare("SELECT email FROM users").all()).toEqual([{ email: "ada@example.test" }]);
    expect(after.prepare("SELECT COUNT(*) AS n FROM sessions").get()).toEqual({ n: 0 });
    after.close();
    const json = JSON.parse((await cli(dir, ["migrate", "--repair", "--json"])).stdout) as { repaired: string[] };
    expect(json.repaired).toEqual([expect.stringMatching(/^0001_/)]);
    const both = await cli(dir, ["migrate", "--repair", "--dry-run"]);
    expect(both.status).toBe(2);
    expect(both.stderr).toContain("--repair and --dry-run cannot go together");
  });
});

describe("Drizzle: migrate, generate, doctor and db prune read one answer", () => {
  test("the app's own users table (orm-drizzle-next, PostgreSQL): drizzle-kit creates the tables, and every command says so", async () => {
    const database = await createPostgresDatabase();
    try {
      const { user, password, host, port, database: name } = database.connection;
      const dir = app(
        "orm-drizzle-next",
        ".env",
        `DATABASE_URL=postgres://${user}:${password}@${host}:${port}/${name}\n`,
      );
      await init(dir, ["--db", "postgres", "--orm", "drizzle"]);
      const generate = await cli(dir, ["generate", "--yes"]);
      expect(generate.stdout).toContain("Nothing to do: src/db/schema.ts already has every auth table and column.");

      const migrate = await cli(dir, ["migrate"]);
      expect(migrate.status).toBe(0);
      expect(migrate.stdout).toBe(
        "drizzle-kit manages this app's tables (src/auth.ts uses @create-auth/runtime/adapters/drizzle, and auth-migrations/ holds no SQL migration): auth migrate leaves the database to it.\nRun: npx drizzle-kit push\n",
      );
      expect(await createCommand(dir)).toBe("npx drizzle-kit push");
      const prune = await cli(dir, ["db", "prune"]);
      expect(prune.stderr).toContain(
        `at postgres://${user}@${host}:${port}/${name}: relation "sessions" does not exist`,
      );
      expect(prune.stderr).toContain("Create them: npx drizzle-kit push).");
    } finally {
      await database.drop();
    }
  });

  test("generate before init (no adapter yet, orm-drizzle-next): generate's next step and migrate both name drizzle-kit", async () => {
    const dir = app("orm-drizzle-next", ".env", "DATABASE_URL=postgres://nobody@127.0.0.1:9/none\n");
    const generate = await cli(dir, ["generate", "--yes"]);
    expect(generate.stdout).toContain(
      "Create what was added to src/db/schema.ts in your database: npx drizzle-kit push",
    );
    const migrate = await cli(dir, ["migrate"]);
    expect(migrate.status).toBe(0);
    expect(migrate.stdout).toBe(
      "drizzle-kit manages this app's tables (drizzle.config.ts sets up Drizzle, and auth-migrations/ holds no SQL migration): auth migrate leaves the database to it.\nRun: npx drizzle-kit push\n",
    );
  });

  test("auth tables all new (orm-drizzle-sveltekit): DATABASE_URL=local.db is the SQLite file drizzle.config names, for every command", async () => {
    const dir = app(
      "orm-drizzle-sveltekit",
      ".env",
      "# Local settings for Acme Notes (not committed).\nNOTES_PAGE_SIZE=20\nDATABASE_URL=local.db\n",
    );
    await init(dir, ["--db", "sqlite", "--orm", "drizzle"]);
    expect((await cli(dir, ["generate", "--yes"])).stdout).toContain("Nothing to do");
    const fix = await createCommand(dir);
    expect(fix).toBe("npx create-auth migrate");
    const migrate = await runPrinted(dir, fix);
    expect(migrate.stdout).toBe(
      "Database: SQLite local.db\nApplying auth-migrations/0001_auth_tables.sql (8 statements)\nApplied 1 migration.\n",
    );
    await schemaChecked(dir);
    const prune = await cli(dir, ["db", "prune", "--dry-run"]);
    expect(prune.stdout).toBe(
      "Would delete 0 expired sessions and 0 verification tokens from SQLite local.db (dry run: nothing deleted).\n",
    );

    // A column of the app's own on users is in no create-auth migration: drizzle-kit, not generate or migrate.
    const module = path.join(dir, "src/lib/server/db/schema.ts");
    writeFileSync(
      module,
      readFileSync(module, "utf8").replace(
        "\t\timage: text('image')\n",
        "\t\timage: text('image'),\n\t\trole: text('role')\n",
      ),
    );
    const [lacking] = (await doctorFindings(dir)).filter((f) => f.id === "database.column-missing");
    expect(lacking).toMatchObject({
      message:
        "SQLite local.db: users lacks role (as src/lib/server/db/schema.ts maps it), which the drizzle adapter reads and writes.",
      fix: "bring the schema up to date: npx drizzle-kit push",
    });
  });
});

describe("Prisma: generate's next step, migrate and doctor name the same Prisma command", () => {
  test("one schema file without Prisma migrations (orm-prisma-express, SQLite): npx prisma db push", async () => {
    const dir = app("orm-prisma-express", ".env", 'DATABASE_URL="file:./dev.db"\n');
    const generate = await cli(dir, ["generate", "--dry-run", "--json"]);
    expect(JSON.parse(generate.stdout).plan.nextSteps).toContain("Create the tables: npx prisma db push");
    await init(dir, ["--db", "sqlite", "--orm", "prisma"]);
    const migrate = await cli(dir, ["migrate"]);
    expect(migrate.stdout).toContain("\nRun: npx prisma db push\n");
    expect(await createCommand(dir)).toBe("npx prisma db push");
  });
});
