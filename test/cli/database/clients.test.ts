/**
 * The client modules `init --db` writes, run for real: each is loaded by Node exactly as the app would load
 * it (the CommonJS Express fixture, its .env, the runtime package written into the app), handed to its
 * adapter, and used to store a user and a session and read them back from a real SQLite file, PostgreSQL
 * and MariaDB. The MySQL case writes and reads in two processes in different time zones: the pool's UTC
 * setting is what makes them agree on the expiry.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import mysql from "mysql2/promise";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "../../../src/cli/database/sql/migrations.js";
import { createMariaDBDatabase } from "../../support/mariadb.mjs";
import { ensureNode24 } from "../../support/node24.mjs";
import { createPostgresDatabase } from "../../support/postgres.mjs";
import { initInMemory, materialize, memoryFixture, read, removeTemps, repoRoot } from "../support.js";

const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops.splice(0)) await drop();
  removeTemps();
});

const EXPIRES = "2031-05-06T07:08:09.123Z";
/** The first migration init writes; what `npx create-auth migrate` applies to a server database. */
const FIRST = `${MIGRATIONS_DIR}/0001_auth_tables.sql`;

/** Loads the app's client module and its adapter in a fresh Node process; runs `body` with `adapter` in scope. */
function inApp(dir: string, db: string, body: string, timeZone = "UTC", node = process.execPath): unknown {
  const script = `
    import { createRequire } from "node:module";
    const require = createRequire(process.cwd() + "/");
    const client = require("./auth-db");
    const { default: factory } = await import("./vendor/auth-runtime/adapters/${db}.js");
    const adapter = factory(client.db ?? client.pool);
    try {
      const result = await (async () => { ${body} })();
      console.log(JSON.stringify(result));
    } finally {
      await client.pool?.end();
      client.db?.close();
    }`;
  const run = spawnSync(node, ["--input-type=module", "-e", script], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, NODE_PATH: path.join(repoRoot, "node_modules"), TZ: timeZone },
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
}

/**
 * `init --db <db>` planned in memory on the CommonJS Express fixture, as if on Node `nodeVersion` (which
 * picks the SQLite driver), then the app written to a temp dir.
 */
async function initApp(db: string, nodeVersion = "20.19.0"): Promise<string> {
  const project = memoryFixture("express-4-js");
  const real = Object.getOwnPropertyDescriptor(process.versions, "node")!;
  Object.defineProperty(process.versions, "node", { ...real, value: nodeVersion });
  try {
    const run = await initInMemory(project, ["--providers", "oidc", "--db", db, "--yes", "--no-install"]);
    if (run.status !== 0) throw new Error(run.stderr);
  } finally {
    Object.defineProperty(process.versions, "node", real);
  }
  return materialize(project);
}

function setEnv(dir: string, key: string, value: string): void {
  writeFileSync(path.join(dir, ".env"), read(dir, ".env").replace(new RegExp(`^${key}=.*$`, "m"), `${key}=${value}`));
}

const STORE = `
  const user = await adapter.createUser({ id: "u1", name: "Ada", email: "ada@example.test", emailVerified: null, image: null });
  await adapter.createSession({ sessionToken: "token-1", userId: user.id, expires: new Date("${EXPIRES}") });
  return user.id;`;
const READ = `
  const found = await adapter.getSessionAndUser("token-1");
  return { email: found?.user.email, expires: found?.session.expires.toISOString() };`;

describe("the generated database clients with their adapters", () => {
  it("SQLite: stores a session in the file named in .env and reads it back", async () => {
    const dir = await initApp("sqlite");
    setEnv(dir, "AUTH_DATABASE_FILE", "users.sqlite");
    inApp(dir, "sqlite", STORE);
    expect(inApp(dir, "sqlite", READ)).toEqual({ email: "ada@example.test", expires: EXPIRES });
    expect(read(dir, "users.sqlite").length).toBeGreaterThan(0);
  });

  it("SQLite through node:sqlite (init and the app on Node 24): the same, with nothing to install", async () => {
    const dir = await initApp("sqlite", "24.11.1");
    expect(read(dir, "auth-db.js")).toContain('require("node:sqlite")');
    const { node } = await ensureNode24();
    inApp(dir, "sqlite", STORE, "UTC", node);
    expect(inApp(dir, "sqlite", READ, "UTC", node)).toEqual({ email: "ada@example.test", expires: EXPIRES });
    expect(read(dir, "auth.db").length).toBeGreaterThan(0);
  }, 120_000);

  it("PostgreSQL: stores a session at DATABASE_URL after the first migration is applied", async () => {
    const dir = await initApp("postgres");
    const database = await createPostgresDatabase();
    drops.push(database.drop);
    const { host, port, user, password, database: name } = database.connection;
    const url = `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${host}:${port}/${name}`;
    const pool = new pg.Pool({ connectionString: url });
    await pool.query(read(dir, FIRST));
    await pool.end();
    setEnv(dir, "DATABASE_URL", url);
    inApp(dir, "postgres", STORE);
    expect(inApp(dir, "postgres", READ)).toEqual({ email: "ada@example.test", expires: EXPIRES });
  });

  it("MySQL (MariaDB): a session written in one time zone reads back with the same expiry in another", async () => {
    const dir = await initApp("mysql");
    const database = await createMariaDBDatabase();
    drops.push(database.drop);
    const { host, port, user, password, database: name } = database.connection;
    const connection = await mysql.createConnection({
      host,
      port,
      user,
      password,
      database: name,
      multipleStatements: true,
    });
    await connection.query(read(dir, FIRST));
    await connection.end();
    setEnv(
      dir,
      "DATABASE_URL",
      `mysql://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${host}:${port}/${name}`,
    );
    inApp(dir, "mysql", STORE, "America/New_York");
    expect(inApp(dir, "mysql", READ, "Asia/Tokyo")).toEqual({ email: "ada@example.test", expires: EXPIRES });
  });
});
