/**
 * The secret half of the safety contract for the commands that connect to the app's database: `migrate`
 * and `db prune`, with --dry-run and --json, never print the password of the DATABASE_URL they read from the
 * app's .env: not in the target they name, not when PostgreSQL refuses the password, not when nothing listens.
 * Real PostgreSQL on loopback, an app folder on disk with this repository's drivers linked in.
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlSchema } from "../../../src/cli/database/sql/render.js";
import { createPostgresDatabase } from "../../support/postgres.mjs";
import { removeTemps, repoRoot, tempDir } from "../support.js";
import { runOnDisk } from "../support-disk.js";

afterAll(removeTemps);

const WRONG = "Wr0ng-pa55-4f7e9c";

/** An app folder with the drivers, the auth tables' migration and `url` as DATABASE_URL in its .env. */
function app(url: string): string {
  const root = tempDir("safety-db");
  writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "app", private: true }));
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"), "dir");
  mkdirSync(path.join(root, "auth-migrations"));
  writeFileSync(path.join(root, "auth-migrations/0001_auth_tables.sql"), sqlSchema("postgres"));
  writeFileSync(path.join(root, ".env"), `# the app's database\nDATABASE_URL="${url}"\n`);
  return root;
}

/** `auth <args>` as typed: these commands write no files, install nothing and read no runtime. */
const cli = (args: string[]) => runOnDisk(args, { cwd: repoRoot, bin: "auth", install: "refuse", writes: false });

const COMMANDS = [
  ["migrate", "{dir}", "--dry-run"],
  ["migrate", "{dir}", "--dry-run", "--json"],
  ["db", "prune", "{dir}", "--dry-run"],
  ["db", "prune", "{dir}", "--dry-run", "--json"],
];
const argv = (command: string[], root: string) => command.map((arg) => (arg === "{dir}" ? root : arg));
const title = (command: string[]) => command.filter((arg) => arg !== "{dir}").join(" ");

describe("migrate and db prune never print the database password", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  beforeAll(async () => {
    database = await createPostgresDatabase();
  });
  afterAll(() => database.drop());

  it("with the right password: the target names the user, host and database only", async () => {
    const { host, port, user, password, database: name } = database.connection;
    const root = app(`postgres://${user}:${password}@${host}:${port}/${name}`);
    for (const command of COMMANDS) {
      const result = await cli(argv(command, root));
      const said = result.stdout + result.stderr;
      expect(said, title(command)).toContain(`${user}@${host}:${port}/${name}`);
      expect(said, title(command)).not.toContain(`:${password}@`);
    }
  });

  it("when the URL itself is malformed (a port that is not a number, an unknown scheme)", async () => {
    for (const url of [
      `postgres://notes:${WRONG}@127.0.0.1:port/notes`,
      `postgress://notes:${WRONG}@127.0.0.1/notes`,
    ]) {
      const root = app(url);
      for (const command of COMMANDS) {
        const result = await cli(argv(command, root));
        expect(result.stdout + result.stderr, `${title(command)} on ${url}`).not.toContain(WRONG);
      }
    }
  });

  it("when PostgreSQL refuses the password, and when nothing listens at the address", async () => {
    const { host, port, user, database: name } = database.connection;
    for (const url of [
      `postgres://${user}:${WRONG}@${host}:${port}/${name}`,
      `postgres://notes:${WRONG}@127.0.0.1:1/notes`,
    ]) {
      const root = app(url);
      for (const command of COMMANDS) {
        const result = await cli(argv(command, root));
        // Both fail in one line: a dry run that cannot read the database cannot say what would run.
        expect(result.stdout + result.stderr, title(command)).toContain("Could not connect to PostgreSQL");
        expect(result.stdout + result.stderr, `${title(command)} on ${url}`).not.toContain(WRONG);
      }
    }
  });
});
