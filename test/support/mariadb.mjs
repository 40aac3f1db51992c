// MariaDB for tests: makes sure the server answers on 127.0.0.1:3306 (starting Debian's service when it is
// down, because locally nobody runs .ci/run first), makes sure a password-login test user exists, and hands
// each test file a fresh, uniquely named database that it drops afterwards. Tests only ever use TCP loopback.
import { randomBytes } from "node:crypto";
import mysql from "mysql2/promise";
import { runServiceCommand, waitUntil, whichCommand } from "./database-servers.mjs";

const host = "127.0.0.1";
const port = 3306;
/** A loopback-only user for the test suites; its password is no secret. */
const account = { user: "create_auth_test", password: "create_auth_test" };
/** The test user may only touch databases with this prefix. */
const databasePrefix = "create_auth_test_";

/** One start-and-user check per process; every test file in the process shares it. */
let serverReady;

/** Resolves once the server accepts the test user over TCP, starting it and creating the user if needed. */
export function ensureMariaDB() {
  serverReady ??= prepareServer().catch((error) => {
    serverReady = undefined;
    throw error;
  });
  return serverReady;
}

/**
 * Creates an empty utf8mb4 database named `create_auth_test_<random>` for the test user.
 * `drop()` removes it again.
 */
export async function createMariaDBDatabase() {
  await ensureMariaDB();
  const database = `${databasePrefix}${randomBytes(6).toString("hex")}`;
  await asTestUser((connection) =>
    connection.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`),
  );
  return {
    connection: { host, port, user: account.user, password: account.password, database },
    async drop() {
      await asTestUser((connection) => connection.query(`DROP DATABASE IF EXISTS \`${database}\``));
    },
  };
}

async function asTestUser(work) {
  const connection = await mysql.createConnection({ host, port, user: account.user, password: account.password });
  try {
    return await work(connection);
  } finally {
    await connection.end();
  }
}

async function prepareServer() {
  if (!(await serverAnswers())) await startServer();
  if (!(await testUserCanLogIn())) await createTestUser();
  if (!(await testUserCanLogIn())) {
    throw new Error(`MariaDB on ${host}:${port} refuses the test user "${account.user}" even after creating it`);
  }
}

/** True when MariaDB answers on the port, even if only to refuse our user (any error the server sent). */
async function serverAnswers() {
  try {
    await asTestUser(() => undefined);
    return true;
  } catch (error) {
    // Server errors carry a SQLSTATE (1045/1698 access denied, 1130 host not allowed); socket errors do not.
    return typeof error?.sqlState === "string";
  }
}

async function testUserCanLogIn() {
  try {
    await asTestUser(() => undefined);
    return true;
  } catch {
    return false;
  }
}

/** Starts Debian's mariadb service (sysvinit script, or systemd behind `service` where it runs). */
async function startServer() {
  if (!whichCommand("mariadbd") && !whichCommand("mysqld")) {
    throw new Error(
      "MariaDB is not running on 127.0.0.1:3306 and is not installed: `apt-get install -y mariadb-server` " +
        "(or run .ci/run, which installs and starts it).",
    );
  }
  const start = whichCommand("service")
    ? await runServiceCommand("service", ["mariadb", "start"])
    : await runServiceCommand("/etc/init.d/mariadb", ["start"]);
  // Another test process may be starting it at the same moment; only the wait decides.
  await waitUntil(serverAnswers, {
    // A failed start (not root, say) gets a short grace for a concurrent starter, not the full minute.
    timeoutMs: start.code === 0 ? 60_000 : 15_000,
    failure: () =>
      `MariaDB did not accept connections on ${host}:${port} (start exited ${start.code}):\n${start.output}`,
  });
}

/**
 * Creates the test user through root's unix-socket login (Debian's default for root), for both names a
 * loopback client can arrive under, with rights on the test databases only.
 */
async function createTestUser() {
  const client = whichCommand("mariadb") ? "mariadb" : "mysql";
  const grants = ["localhost", "127.0.0.1"]
    .map(
      (origin) =>
        `CREATE USER IF NOT EXISTS '${account.user}'@'${origin}' IDENTIFIED BY '${account.password}'; ` +
        `GRANT ALL PRIVILEGES ON \`${databasePrefix.replaceAll("_", "\\_")}%\`.* TO '${account.user}'@'${origin}';`,
    )
    .join(" ");
  const created = await runServiceCommand(client, ["-u", "root", "-e", grants]);
  if (created.code !== 0) {
    throw new Error(
      `Could not create the MariaDB test user "${account.user}" as root over the local socket ` +
        `(run the tests as root, or create the user yourself):\n${created.output}`,
    );
  }
}
