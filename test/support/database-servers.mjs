// What the PostgreSQL and MariaDB test harnesses share: running a service's start command (which may leave a
// daemon behind holding whatever output it was given) and waiting for a server to answer.
import { spawn } from "node:child_process";
import { accessSync, closeSync, constants, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/** Service tools live in sbin, which a non-login PATH may lack. */
const searchPath = [...(process.env.PATH ?? "").split(path.delimiter), "/usr/sbin", "/sbin", "/usr/bin", "/bin"];

/** True when `command` is an executable on the (sbin-extended) PATH. */
export function whichCommand(command) {
  return searchPath.some((directory) => {
    try {
      accessSync(path.join(directory, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Runs a command to its exit and resolves `{ code, output }`, whatever the exit code. Output goes to a file,
 * not a pipe: init scripts leave daemons behind that inherit it, and a pipe would then never close. The
 * command gets its own process group, so the daemon outlives a test worker that is interrupted.
 */
export function runServiceCommand(command, args, { timeoutMs = 120_000 } = {}) {
  const directory = mkdtempSync(path.join(tmpdir(), "create-auth-db-"));
  const logPath = path.join(directory, "output.log");
  const log = openSync(logPath, "a");
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ["ignore", log, log],
      detached: true,
      env: { ...process.env, PATH: searchPath.join(path.delimiter) },
    });
    closeSync(log);
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    const finish = (settle) => {
      clearTimeout(timer);
      const output = readFileSync(logPath, "utf8");
      rmSync(directory, { recursive: true, force: true });
      settle(output);
    };
    child.once("error", (error) => finish(() => reject(error)));
    child.once("exit", (code, signal) => finish((output) => resolve({ code: code ?? signal, output })));
  });
}

/** Polls `check` until it resolves true; throws `failure()`'s message after `timeoutMs`. */
export async function waitUntil(check, { timeoutMs, intervalMs = 250, failure }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(intervalMs);
  }
  throw new Error(failure());
}
