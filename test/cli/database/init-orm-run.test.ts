/**
 * The client modules `init --orm` writes into a JavaScript (CommonJS) Express app really run: written to a
 * disk, required by Node 24 as the app would, handed to the adapter the auth module uses, against a real
 * PostgreSQL whose tables come from the table model's SQL. Drizzle: the CommonJS auth-schema module and the
 * node-postgres client. Prisma: the client generated (offline) from the schema init wrote, whose `.ts`
 * imports Node runs by stripping types, on @prisma/adapter-pg.
 * And the built CLI on a real terminal (util-linux `script`): an app's users table init must refuse is refused
 * before the first question, not after the last; so is a unique constraint on email that rows of the app's
 * reachable database already break.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { type Host, processHost } from "../../../src/cli/commands/host.js";
import { openDatabase } from "../../../src/cli/database/connect.js";
import { sqlSchema } from "../../../src/cli/database/sql/render.js";
import { run } from "../../../src/cli/main.js";
import { ensureNode24 } from "../../support/node24.mjs";
import { createPostgresDatabase } from "../../support/postgres.mjs";
import { runPrisma } from "../../support/prisma-client.mjs";
import {
  assertBuilt,
  cliBin,
  copyFixture,
  hashTree,
  initFixture,
  materialize,
  removeTemps,
  repoRoot,
  tempDir,
} from "../support.js";

const databases: { drop(): Promise<void> }[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
  removeTemps();
});

/** A fresh database with the auth tables, and its URL. */
async function database(): Promise<string> {
  const created = await createPostgresDatabase();
  databases.push(created);
  const { host, port, user, password, database: name } = created.connection;
  const url = `postgres://${user}:${encodeURIComponent(password)}@${host}:${port}/${name}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(sqlSchema("postgres"));
  await client.end();
  return url;
}

/** The app's express-4-js copy after `init --orm <orm> --db postgres`, on disk, its packages linked. */
async function app(orm: "drizzle" | "prisma"): Promise<string> {
  const { project, run } = await initFixture("express-4-js", [
    "--providers",
    "oidc",
    "--orm",
    orm,
    "--db",
    "postgres",
    "--yes",
    "--no-install",
  ]);
  if (run.status !== 0) throw new Error(run.stderr);
  const root = tempDir(`init-orm-run-${orm}`);
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"), "dir");
  const dir = materialize(project, path.join(root, "app"));
  mkdirSync(path.join(dir, "node_modules/@create-auth"), { recursive: true });
  symlinkSync("../../vendor/auth-runtime", path.join(dir, "node_modules/@create-auth/runtime"), "dir");
  return dir;
}

/** Requires the client module as auth.js does, and stores and reads a user through the ORM adapter. */
async function roundTrip(dir: string, orm: "drizzle" | "prisma", url: string): Promise<unknown> {
  // The setting init left blank in .env, filled as the next step says.
  const env = readFileSync(path.join(dir, ".env"), "utf8");
  expect(env).toMatch(/^DATABASE_URL=$/m);
  writeFileSync(path.join(dir, ".env"), env.replace(/^DATABASE_URL=$/m, `DATABASE_URL=${url}`));
  writeFileSync(
    path.join(dir, "round-trip.js"),
    [
      `const adapter = require("@create-auth/runtime/adapters/${orm}").default;`,
      'const { db } = require("./auth-db");',
      ...(orm === "drizzle" ? ['const tables = require("./auth-schema");'] : []),
      "(async () => {",
      `  const auth = adapter(db${orm === "drizzle" ? ", tables" : ""});`,
      '  await auth.createUser({ id: "u1", email: "ada@example.test", emailVerified: null });',
      '  const user = await auth.getUserByEmail("ada@example.test");',
      "  console.log(JSON.stringify({ id: user.id, email: user.email }));",
      `  await ${orm === "drizzle" ? "db.$client.end()" : "db.$disconnect()"};`,
      "})();",
    ].join("\n"),
  );
  const { node } = await ensureNode24();
  const result = spawnSync(node, ["round-trip.js"], { cwd: dir, encoding: "utf8", timeout: 60_000 });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout.trim());
}

it("Drizzle: the CommonJS client and schema modules store and read a user on PostgreSQL", async () => {
  const dir = await app("drizzle");
  expect(await roundTrip(dir, "drizzle", await database())).toEqual({ id: "u1", email: "ada@example.test" });
}, 120_000);

it("Prisma: the client module runs the generated client's TypeScript on Node 24 and stores a user", async () => {
  const dir = await app("prisma");
  await runPrisma(dir, readFileSync(path.join(dir, "prisma/schema.prisma"), "utf8"), ["generate"]);
  expect(await roundTrip(dir, "prisma", await database())).toEqual({ id: "u1", email: "ada@example.test" });
}, 180_000);

const hasScript = spawnSync("script", ["--version"], { stdio: "ignore" }).status === 0;

it.skipIf(!hasScript)(
  "refuses a users table sign-up cannot fill on a terminal before asking anything, and writes nothing",
  () => {
    assertBuilt();
    const dir = copyFixture("orm-drizzle-serial-next");
    const schema = path.join(dir, "src/db/schema.ts");
    writeFileSync(schema, readFileSync(schema, "utf8").replace('.notNull().default("member")', ".notNull()"));
    const before = hashTree(dir);
    // No --providers, no --db: on a terminal init would ask for both. stdin is closed: a prompt would end the run.
    const command = `stty cols 120 rows 50; exec ${process.execPath} ${cliBin()} init ${dir} --no-install`;
    const run = spawnSync("script", ["-qec", command, "/dev/null"], { encoding: "utf8", input: "", timeout: 60_000 });
    const screen = run.stdout.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, "g"), "");
    expect(screen).toContain("users.role is required without a default");
    expect(screen).not.toContain("Sign-in providers");
    expect(run.status).not.toBe(0);
    expect(hashTree(dir)).toBe(before);
  },
);

it("refuses, before asking anything, an email constraint that rows of the app's database already break, naming them", async () => {
  const dir = copyFixture("orm-prisma-int-express");
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
  const env = { DATABASE_URL: "file:./dev.db" };
  const db = await openDatabase(dir, env);
  try {
    await db.query("CREATE TABLE users (id INTEGER PRIMARY KEY AUTOINCREMENT, email TEXT, name TEXT NOT NULL)");
    await db.query(
      "INSERT INTO users (email, name) VALUES ('ada@example.test', 'Ada'), ('ada@example.test', 'Ada L.'), ('bob@example.test', 'Bob')",
    );
  } finally {
    await db.close();
  }
  const schema = readFileSync(path.join(dir, "prisma/schema.prisma"), "utf8");
  let stderr = "";
  const host: Host = {
    ...processHost(),
    cwd: dir,
    env,
    terminal: false,
    stdout: () => {},
    stderr: (text) => {
      stderr += text;
    },
  };
  const status = await run(
    ["init", dir, "--providers", "github", "--orm", "prisma", "--db", "sqlite", "--yes", "--no-install"],
    "create-auth",
    host,
  );
  expect(status).not.toBe(0);
  expect(stderr).toContain("init would add a unique constraint to users.email");
  expect(stderr).toContain("already share an address: ada@example.test. Merge or change those users");
  expect(readFileSync(path.join(dir, "prisma/schema.prisma"), "utf8")).toBe(schema);
  expect(existsSync(path.join(dir, "src/auth.ts"))).toBe(false);
});
