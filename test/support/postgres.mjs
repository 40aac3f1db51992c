// PostgreSQL for tests: makes sure the machine's cluster answers on 127.0.0.1:5432 (starting it when it is
// down, because locally nobody runs .ci/run first), makes sure a password-login test role exists, and hands
// each test file a fresh, uniquely named database that it drops afterwards. Tests only ever use TCP loopback.
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { runServiceCommand, waitUntil, whichCommand } from "./database-servers.mjs";

const host = "127.0.0.1";
const port = 5432;
/** A loopback-only role for the test suites; its password is no secret. */
const role = { user: "create_auth_test", password: "create_auth_test" };

/** One start-and-role check per process; every test file in the process shares it. */
let serverReady;

/** Resolves once the server accepts the test role over TCP, starting the cluster and creating the role if needed. */
export function ensurePostgres() {
  serverReady ??= prepareServer().catch((error) => {
    serverReady = undefined;
    throw error;
  });
  return serverReady;
}

/**
 * Creates an empty database named `create_auth_test_<random>` owned by the test role.
 * `drop()` removes it again (also closing any connection a test left open).
 */
export async function createPostgresDatabase() {
  await ensurePostgres();
  const database = `create_auth_test_${randomBytes(6).toString("hex")}`;
  await asTestRole("postgres", (client) => client.query(`CREATE DATABASE "${database}"`));
  const connection = { host, port, user: role.user, password: role.password, database };
  return {
    connection,
    async drop() {
      await asTestRole("postgres", async (client) => {
        await closedConnections(client, database);
        await dropped(client, database);
      });
    },
  };
}

/**
 * Waits (up to a second) until no session is connected to `database`. A pool that has just ended still holds
 * its server sessions for a moment; FORCE would terminate them, and the terminate notice would reach a client
 * its pool has already let go of: an uncaught error in the test worker, which runs on to the next file.
 */
async function closedConnections(client, database) {
  const deadline = Date.now() + 1_000;
  while (Date.now() < deadline) {
    const { rows } = await client.query("SELECT count(*)::int AS sessions FROM pg_stat_activity WHERE datname = $1", [
      database,
    ]);
    if (rows[0].sessions === 0) return;
    await sleep(20);
  }
}

/**
 * Drops `database`. A plain DROP first: the server itself cancels an autovacuum worker busy on the fresh
 * tables, whereas FORCE would refuse to terminate it (its process belongs to no role the test role is a member
 * of, so PostgreSQL answers "must be a member of the role whose process is being terminated"). Only a session
 * of our own that outlived the wait above (55006, "being accessed by other users") needs FORCE.
 */
async function dropped(client, database) {
  try {
    await client.query(`DROP DATABASE IF EXISTS "${database}"`);
  } catch (error) {
    if (error?.code !== "55006") throw error;
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  }
}

async function asTestRole(database, work) {
  const client = new pg.Client({ host, port, user: role.user, password: role.password, database });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function prepareServer() {
  if (!(await serverAnswers())) await startCluster();
  if (!(await testRoleCanLogIn())) await createTestRole();
  if (!(await testRoleCanLogIn())) {
    throw new Error(`PostgreSQL on ${host}:${port} refuses the test role "${role.user}" even after creating it`);
  }
}

/** True when something on the port speaks PostgreSQL and is past its startup (any auth answer counts). */
async function serverAnswers() {
  const client = new pg.Client({ host, port, user: role.user, password: role.password, database: "postgres" });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (error) {
    // 28P01 wrong password, 28000 no such role, 3D000 no such database: the server is up, the role is not.
    return ["28P01", "28000", "3D000"].includes(error?.code);
  }
}

async function testRoleCanLogIn() {
  try {
    await asTestRole("postgres", () => undefined);
    return true;
  } catch {
    return false;
  }
}

/** Finds the cluster that owns port 5432 (Debian's postgresql-common) and starts it. */
async function startCluster() {
  if (!(await whichCommand("pg_lsclusters"))) {
    throw new Error(
      "PostgreSQL is not running on 127.0.0.1:5432 and is not installed: `apt-get install -y postgresql` " +
        "(or run .ci/run, which installs and starts it).",
    );
  }
  const listing = await runServiceCommand("pg_lsclusters", ["--no-header"]);
  const cluster = listing.output
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .find((fields) => fields[2] === String(port));
  if (!cluster) throw new Error(`No PostgreSQL cluster is configured on port ${port}:\n${listing.output}`);
  const [version, name] = cluster;
  // Another test process may be starting it at the same moment; its failure then is harmless, so only
  // the wait below decides.
  const start = await runServiceCommand("pg_ctlcluster", [version, name, "start"]);
  await waitUntil(serverAnswers, {
    // A failed start (not root, say) gets a short grace for a concurrent starter, not the full minute.
    timeoutMs: start.code === 0 ? 60_000 : 15_000,
    failure: () =>
      `PostgreSQL ${version}/${name} did not accept connections on ${host}:${port} ` +
      `(pg_ctlcluster exited ${start.code}):\n${start.output}`,
  });
}

/** Creates the test role through the postgres superuser's peer login (we run as root, so `runuser`). */
async function createTestRole() {
  const sql =
    `DO $$ BEGIN CREATE ROLE ${role.user} LOGIN CREATEDB PASSWORD '${role.password}'; ` +
    "EXCEPTION WHEN duplicate_object THEN NULL; END $$;";
  const created = await runServiceCommand("runuser", [
    "-u",
    "postgres",
    "--",
    "psql",
    "-v",
    "ON_ERROR_STOP=1",
    "-c",
    sql,
  ]);
  if (created.code !== 0) {
    throw new Error(
      `Could not create the PostgreSQL test role "${role.user}" (needs root, or run as the postgres user):\n${created.output}`,
    );
  }
}
