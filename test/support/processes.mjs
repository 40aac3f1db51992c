// Child processes for the end-to-end harness: finite commands (init, install, build) that must succeed,
// and long-running servers that we start, wait for over HTTP, and stop by the exact PID we spawned.
// Servers run in their own process group so stopping one also ends any worker it forked, and nothing else.
import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";

/** Keeps the last `limit` characters of a stream, enough to explain a failure without flooding logs. */
function tail(limit) {
  let text = "";
  return {
    push(chunk) {
      text = (text + chunk).slice(-limit);
    },
    get text() {
      return text;
    },
  };
}

/**
 * Runs a command to completion. Resolves with its output and duration; rejects with the output's tail
 * when it exits non-zero, so a failed install or build explains itself in the test report.
 */
export function runCommand(command, args, { cwd, env, timeoutMs = 300_000 } = {}) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
    const output = tail(20_000);
    child.stdout.on("data", (chunk) => output.push(chunk.toString()));
    child.stderr.on("data", (chunk) => output.push(chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      const ms = Math.round(performance.now() - started);
      if (code === 0) resolve({ output: output.text, ms });
      else reject(new Error(`${command} ${args.join(" ")} exited with ${code ?? signal}:\n${output.text}`));
    });
  });
}

/**
 * Starts a long-running server and resolves once `readyUrl` answers any HTTP status. Rejects (after
 * stopping it) when it exits early or is not ready within `timeoutMs`. `echo` also prints its output live.
 */
export async function startServer(command, args, { cwd, env, readyUrl, timeoutMs = 60_000, echo = false }) {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd,
    env: env ?? process.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const output = tail(20_000);
  child.stdout.on("data", (chunk) => {
    output.push(chunk.toString());
    if (echo) process.stdout.write(chunk);
  });
  child.stderr.on("data", (chunk) => {
    output.push(chunk.toString());
    if (echo) process.stderr.write(chunk);
  });
  let exited = false;
  const closed = new Promise((resolve) => {
    child.once("close", () => {
      exited = true;
      resolve();
    });
  });
  child.once("error", (error) => output.push(`spawn error: ${error.message}\n`));

  const server = {
    pid: child.pid,
    output: () => output.text,
    readyMs: 0,
    /** Settles when the process has exited, for whatever reason. */
    closed,
    /** Sends SIGTERM to the server's process group, then SIGKILL if it has not exited after 5 s. */
    async stop() {
      if (exited || child.pid === undefined) return;
      signalGroup(child.pid, "SIGTERM");
      const stopped = await Promise.race([closed.then(() => true), sleep(5_000).then(() => false)]);
      if (!stopped) {
        signalGroup(child.pid, "SIGKILL");
        await closed;
      }
    },
  };

  const deadline = started + timeoutMs;
  while (performance.now() < deadline) {
    if (exited) throw new Error(`${command} ${args.join(" ")} exited before it was ready:\n${output.text}`);
    try {
      await fetch(readyUrl, { redirect: "manual", signal: AbortSignal.timeout(2_000) });
      server.readyMs = Math.round(performance.now() - started);
      return server;
    } catch {
      await sleep(100);
    }
  }
  await server.stop();
  throw new Error(`${command} ${args.join(" ")} was not ready at ${readyUrl} within ${timeoutMs} ms:\n${output.text}`);
}

/** Signals the process group led by `pid` (ours, from `detached: true`); ignores one already gone. */
function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if (error.code !== "ESRCH") throw error;
  }
}
