// A private PostgreSQL cluster for one test: initdb into a temporary directory, a server on a free loopback
// port (no Unix socket), and `restart()`, which the shared server on 5432 must never be given. initdb and the
// server refuse to run as root, so as root they run as the `postgres` user (runuser, as .ci/run does), which
// then owns the directory. `close()` stops the server by its data directory and removes the directory.
import { execFileSync } from "node:child_process";
import { chownSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runServiceCommand, whichCommand } from "./database-servers.mjs";
import { freePort } from "./ports.mjs";

const host = "127.0.0.1";
/** The bootstrap superuser initdb creates; loopback trust authentication, so no password. */
const user = "auth_test";

/** The newest /usr/lib/postgresql/<version>/bin holding initdb and pg_ctl (Debian keeps them off PATH). */
async function postgresBin() {
  const listing = await runServiceCommand("sh", ["-c", "ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V"]);
  const newest = listing.output.trim().split("\n").filter(Boolean).at(-1);
  if (newest) return newest;
  if (whichCommand("initdb"))
    return path.dirname((await runServiceCommand("sh", ["-c", "command -v initdb"])).output.trim());
  throw new Error("A private PostgreSQL needs initdb and pg_ctl: `apt-get install -y postgresql` (or run .ci/run).");
}

/**
 * Creates and starts the cluster. Resolves `{ port, connection, url, restart(mode), stop(), start(), close() }`;
 * `connection` is pg's config for the database `postgres`.
 */
export async function startPrivatePostgres() {
  const bin = await postgresBin();
  const root = process.getuid?.() === 0;
  const directory = mkdtempSync(path.join(tmpdir(), "create-auth-pg-"));
  const data = path.join(directory, "data");
  const log = path.join(directory, "server.log");
  if (root) {
    const id = (flag) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
    chownSync(directory, id("-u"), id("-g"));
  }
  /**
   * Runs a PostgreSQL program (as the postgres user when we are root) and throws its output when it fails.
   * runServiceCommand writes output to a file: the server pg_ctl leaves behind must not hold a pipe of ours.
   */
  const run = async (program, args) => {
    const command = root ? "runuser" : path.join(bin, program);
    const full = root ? ["-u", "postgres", "--", path.join(bin, program), ...args] : args;
    const result = await runServiceCommand(command, full);
    if (result.code !== 0) throw new Error(`${program} ${args.join(" ")} exited ${result.code}:\n${result.output}`);
    return result.output;
  };

  const port = await freePort();
  try {
    // --no-sync and fsync=off: the machine itself never crashes mid-test, and what PostgreSQL has written
    // (WAL at each commit) stays in the OS's cache through any stop of the server, an immediate one included.
    await run("initdb", ["-D", data, "-U", user, "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  const options = [
    `-p ${port}`,
    `-c listen_addresses=${host}`,
    "-c unix_socket_directories=''",
    "-c fsync=off",
    // Never synchronous_commit=off: a commit would then answer before its WAL is written, and an immediate
    // stop would lose the last transactions, which is exactly what a restart test must be able to see.
    "-c full_page_writes=off",
    "-c max_connections=40",
    "-c shared_buffers=16MB",
  ].join(" ");
  let running = false;
  const start = async () => {
    await run("pg_ctl", ["-D", data, "-l", log, "-o", options, "-w", "-t", "60", "start"]);
    running = true;
  };
  const stop = async (mode = "fast") => {
    if (!running) return;
    await run("pg_ctl", ["-D", data, "-m", mode, "-w", "-t", "60", "stop"]);
    running = false;
  };
  // A test worker that dies must not leave our server running: SIGQUIT is PostgreSQL's immediate shutdown,
  // sent to the postmaster named in this cluster's own pid file.
  const onExit = () => {
    try {
      process.kill(Number(readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]), "SIGQUIT");
    } catch {}
  };
  process.once("exit", onExit);
  try {
    await start();
  } catch (error) {
    process.off("exit", onExit);
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    connection: { host, port, user, database: "postgres" },
    url: `postgres://${user}@${host}:${port}/postgres`,
    start,
    stop,
    /** Stops the server (`fast`: connections are ended, a checkpoint written) and starts it again. */
    async restart(mode = "fast") {
      await stop(mode);
      await start();
    },
    async close() {
      try {
        await stop("immediate");
      } finally {
        process.off("exit", onExit);
        rmSync(directory, { recursive: true, force: true });
      }
    },
  };
}
