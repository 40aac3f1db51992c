// `auth doctor` where only a disk will do: the secret searched in a real git repository's history (committed,
// then removed: still found, never printed), and the schema read from real databases (SQLite through
// better-sqlite3, PostgreSQL) with a table or a column missing, through the app's own node_modules.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SqlDialect } from "../../../../src/cli/database/sql/render.js";
import { createMariaDBDatabase } from "../../../support/mariadb.mjs";
import { createPostgresDatabase } from "../../../support/postgres.mjs";
import { initFixture, materialize, removeTemps, repoRoot } from "../../support.js";
import { authTables, byId, type DoctorRun, doctorOnDisk, onDiskWithDatabase } from "./support.js";

afterAll(removeTemps);

function git(root: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=Dev", "-c", "user.email=dev@example.com", ...args], {
    cwd: root,
    encoding: "utf8",
  });
}

describe("the secret in git history", () => {
  let root: string;
  let secret: string;

  beforeAll(async () => {
    const { project, run } = await initFixture("next-app", ["--providers", "credentials", "--yes", "--no-install"]);
    expect(run.status).toBe(0);
    root = materialize(project);
    secret = /^AUTH_SECRET=(.*)$/m.exec(readFileSync(path.join(root, ".env.local"), "utf8"))![1]!;
    git(root, "init", "-q", "-b", "main");
    git(root, "add", ".");
    git(root, "commit", "-q", "-m", "app");
  });

  test("a fresh secret in an ignored, never committed env file passes", async () => {
    const run = await doctorOnDisk(root);
    expect(byId(run, "secret.not-committed")).toHaveLength(1);
    expect(byId(run, "secret.env-ignored")).toHaveLength(1);
  });

  test("a committed env file is found while tracked and after it is removed, by commit and path, never by value", async () => {
    git(root, "add", "-f", ".env.local");
    git(root, "commit", "-q", "-m", "oops: env");
    const leaked = git(root, "rev-parse", "--short", "HEAD").trim();
    const tracked = await doctorOnDisk(root);
    expect(byId(tracked, "secret.env-tracked")[0]).toMatchObject({ level: "error", file: ".env.local" });
    expect(byId(tracked, "secret.committed")[0]!.message).toContain(`.env.local in commit ${leaked}`);

    git(root, "rm", "-q", "--cached", ".env.local");
    git(root, "commit", "-q", "-m", "untrack env");
    // A second copy on a branch that is not checked out is history too.
    git(root, "checkout", "-q", "-b", "config");
    writeFileSync(path.join(root, "config.js"), `export const secret = "${secret}";\n`);
    git(root, "add", "config.js");
    git(root, "commit", "-q", "-m", "hardcode");
    git(root, "checkout", "-q", "main");

    const after = await doctorOnDisk(root);
    expect(after.status).toBe(1);
    expect(byId(after, "secret.env-tracked")).toEqual([]);
    const [committed] = byId(after, "secret.committed");
    expect(committed!.message).toContain(`.env.local in commit ${leaked}`);
    expect(committed!.message).toContain("config.js in commit");
    expect(after.stdout).toContain("[secret.committed]");
    expect(after.stdout).not.toContain(secret);
    expect(after.json).not.toContain(secret);
  });

  test("a new secret that was never committed passes again", async () => {
    const file = path.join(root, ".env.local");
    writeFileSync(file, readFileSync(file, "utf8").replace(secret, "Qm3v_8xLr0sT9wEbN4kYp7dZc1HfGu6-AoIaV3lXhS2"));
    expect(byId(await doctorOnDisk(root), "secret.not-committed")).toHaveLength(1);
  });
});

describe("a history git cannot read is never called clean", () => {
  let root: string;

  beforeAll(async () => {
    const { project } = await initFixture("next-app", ["--providers", "credentials", "--yes", "--no-install"]);
    root = materialize(project);
  });

  const unchecked = (run: DoctorRun) => {
    expect(byId(run, "secret.not-committed")).toEqual([]);
    expect(byId(run, "secret.committed")).toEqual([]);
    const [found] = byId(run, "secret.history-unchecked");
    expect(found).toMatchObject({ level: "warning" });
    return found!;
  };

  test("a .git that is not a repository", async () => {
    writeFileSync(path.join(root, ".git"), "gitdir: ./nowhere\n");
    try {
      expect(unchecked(await doctorOnDisk(root)).message).toContain(`git does not read ${path.join(root, ".git")}`);
    } finally {
      rmSync(path.join(root, ".git"));
    }
  });

  test("a repository with an object missing", async () => {
    git(root, "init", "-q", "-b", "main");
    git(root, "add", ".");
    git(root, "commit", "-q", "-m", "app");
    const blob = git(root, "rev-parse", "HEAD:package.json").trim();
    rmSync(path.join(root, ".git/objects", blob.slice(0, 2), blob.slice(2)), { force: true });
    expect(unchecked(await doctorOnDisk(root)).message).toContain("git could not list this repository's history");
  });

  test("git not installed (not on PATH)", async () => {
    if (!existsSync(path.join(root, ".git"))) git(root, "init", "-q");
    const saved = process.env["PATH"];
    process.env["PATH"] = path.join(root, "no-bin-here");
    try {
      expect(unchecked(await doctorOnDisk(root)).message).toContain("git could not be run (ENOENT)");
    } finally {
      process.env["PATH"] = saved;
    }
  });
});

/** The init'ed app on disk with this repository's node_modules (the drivers), its tables created and then broken. */
async function appWithSchema(dialect: SqlDialect, env: Record<string, string>, breakIt: string[]): Promise<string> {
  const { project, run } = await initFixture("next-app", [
    "--providers",
    "credentials",
    "--db",
    dialect,
    "--yes",
    "--no-install",
  ]);
  expect(run.status).toBe(0);
  return onDiskWithDatabase(project, env, [...authTables(dialect), ...breakIt]);
}

describe("the database schema", () => {
  test("SQLite: a missing column and a missing table the adapter uses are errors; a passkey table is a note", async () => {
    const env = { AUTH_DATABASE_FILE: "auth.db" };
    const healthy = await doctorOnDisk(await appWithSchema("sqlite", env, []), env);
    expect(byId(healthy, "database.schema")[0]!.message).toContain("SQLite auth.db");

    const root = await appWithSchema("sqlite", env, [
      "ALTER TABLE users DROP COLUMN image",
      "DROP TABLE sessions",
      "DROP TABLE authenticators",
      "DROP TABLE verification_tokens",
    ]);
    const run = await doctorOnDisk(root, env);
    expect(byId(run, "database.column-missing")[0]!.message).toContain("users lacks image");
    const tables = byId(run, "database.table-missing");
    expect(tables.find((f) => f.message.includes("no sessions table"))).toMatchObject({ level: "error" });
    // Each note names the one feature that would use the table.
    expect(tables.find((f) => f.message.includes("no authenticators table"))).toMatchObject({
      level: "info",
      message: expect.stringContaining("(used only by passkeys, which the app does not configure)"),
    });
    expect(tables.find((f) => f.message.includes("no verification_tokens table"))).toMatchObject({
      level: "info",
      message: expect.stringContaining("(used only by email links and passwords, which the app does not configure)"),
    });
    expect(byId(run, "database.schema")).toEqual([]);
  });

  test("SQLite, email links: the app's users with an address nobody proved are named, until the app marks them", async () => {
    const env = { AUTH_DATABASE_FILE: "auth.db" };
    const { project, run } = await initFixture("next-app", [
      "--providers",
      "nodemailer",
      "--db",
      "sqlite",
      "--yes",
      "--no-install",
    ]);
    expect(run.status).toBe(0);
    const rows = [
      "INSERT INTO users (id, email) VALUES ('u1', 'ann@example.com'), ('u2', 'bob@example.com'), ('u3', NULL)",
      // Proved: signed in by a link before, or through a provider account.
      "INSERT INTO users (id, email, email_verified) VALUES ('u4', 'cid@example.com', 1700000000000)",
      "INSERT INTO users (id, email) VALUES ('u5', 'dee@example.com')",
      "INSERT INTO accounts (user_id, type, provider, provider_account_id) VALUES ('u5', 'oauth', 'github', '5')",
    ];
    const root = await onDiskWithDatabase(project, env, [...authTables("sqlite"), ...rows]);
    const [warned] = byId(await doctorOnDisk(root, env), "users.unproved-address");
    expect(warned).toMatchObject({ level: "warning" });
    expect(warned!.message).toContain(
      "2 users have an address nobody proved to auth (ann@example.com, bob@example.com: no email_verified",
    );
    expect(warned!.fix).toMatch(
      /^where your app verified these addresses, mark them before anyone signs in: UPDATE users SET email_verified = unixepoch\(\) \* 1000 WHERE email IS NOT NULL AND email_verified IS NULL AND </,
    );

    // The fix as printed, with the app's condition: nothing left to say, the table takes new users.
    const db = new Database(path.join(root, "auth.db"));
    db.exec(
      `${warned!.fix!.split(": ").slice(1).join(": ").replace("<your condition for a verified address>", "email LIKE '%@example.com'")}`,
    );
    db.close();
    const after = await doctorOnDisk(root, env);
    expect(byId(after, "users.unproved-address")).toEqual([]);
    expect(byId(after, "users.table")[0]).toMatchObject({ level: "ok" });
  });

  test("SQLite: no database file yet is a note, not a crash", async () => {
    const { project } = await initFixture("next-app", [
      "--providers",
      "credentials",
      "--db",
      "sqlite",
      "--yes",
      "--no-install",
    ]);
    const root = materialize(project);
    symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"), "dir");
    const run = await doctorOnDisk(root, { AUTH_DATABASE_FILE: "missing.db" });
    expect(byId(run, "database.unreachable")[0]).toMatchObject({ level: "info" });
  });

  test("PostgreSQL: a dropped column is an error naming the table and column; the password is never printed", async () => {
    const database = await createPostgresDatabase();
    try {
      const { host, port, user, password, database: name } = database.connection;
      const env = { DATABASE_URL: `postgres://${user}:${password}@${host}:${port}/${name}` };
      const root = await appWithSchema("postgres", env, ["ALTER TABLE accounts DROP COLUMN scope"]);
      const run = await doctorOnDisk(root, env);
      expect(byId(run, "database.column-missing")[0]!.message).toBe(
        `PostgreSQL postgres://${user}@${host}:${port}/${name}: accounts lacks scope, which the postgres adapter reads and writes.`,
      );
      expect(run.json).not.toContain(`:${password}@`);
      const unreachable = await doctorOnDisk(root, {
        DATABASE_URL: `postgres://${user}:wrong@${host}:${port}/${name}`,
      });
      expect(byId(unreachable, "database.unreachable")).toHaveLength(1);
    } finally {
      await database.drop();
    }
  });

  test("MariaDB: a missing verification_tokens table is a note without email links; a dropped column an error", async () => {
    const database = await createMariaDBDatabase();
    try {
      const { host, port, user, password, database: name } = database.connection;
      const env = { DATABASE_URL: `mysql://${user}:${password}@${host}:${port}/${name}` };
      const root = await appWithSchema("mysql", env, [
        "DROP TABLE verification_tokens",
        "ALTER TABLE sessions DROP COLUMN expires",
      ]);
      const run = await doctorOnDisk(root, env);
      expect(byId(run, "database.table-missing")).toEqual([
        expect.objectContaining({ level: "info", message: expect.stringContaining("no verification_tokens table") }),
      ]);
      expect(byId(run, "database.column-missing")[0]!.message).toContain("sessions lacks expires");
    } finally {
      await database.drop();
    }
  });
});
