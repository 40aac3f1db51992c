// Redis for tests: a private redis-server per caller (Debian's, /usr/bin/redis-server), on a free loopback
// port with its own temporary directory and no persistence, so a test can stop it and start it again on the
// same port to see what the rate limiter does while Redis is gone and after it returns. Nothing is shared with
// another test file or helper; `close()` stops the server by the pid we spawned and removes its directory.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { waitUntil, whichCommand } from "./database-servers.mjs";
import { freePort } from "./ports.mjs";

const host = "127.0.0.1";

/** Resolves true when a RESP PING on 127.0.0.1:`port` gets +PONG within a second. */
export function redisAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1_000 });
    let reply = "";
    const done = (answered) => {
      socket.destroy();
      resolve(answered);
    };
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.on("data", (chunk) => {
      reply += chunk.toString();
      if (reply.includes("\r\n")) done(reply.startsWith("+PONG"));
    });
    socket.once("timeout", () => done(false));
    socket.once("error", () => done(false));
  });
}

/**
 * Starts a private redis-server. Resolves `{ port, url, start(), stop(), close(), output() }`: `stop()` ends
 * the server (SIGTERM, then SIGKILL), `start()` starts it again on the same port, empty, `close()` stops it
 * for good and removes its directory.
 */
export async function startRedis() {
  if (!whichCommand("redis-server")) {
    throw new Error(
      "The rate-limit tests need Debian's redis-server: `apt-get install -y redis-server` (or run .ci/run).",
    );
  }
  const port = await freePort();
  const directory = mkdtempSync(path.join(tmpdir(), "create-auth-redis-"));
  let child;
  let exited;
  let output = "";

  async function start() {
    if (child) return;
    output = "";
    // No RDB or AOF: a restart must come back empty, as a crashed cache does, and nothing is written to disk.
    child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", host, "--save", "", "--appendonly", "no", "--dir", directory],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    const current = child;
    exited = new Promise((resolve) => current.once("exit", resolve));
    current.stdout.on("data", (chunk) => {
      output = (output + chunk).slice(-10_000);
    });
    current.stderr.on("data", (chunk) => {
      output = (output + chunk).slice(-10_000);
    });
    current.once("exit", () => {
      if (child === current) child = undefined;
    });
    await waitUntil(() => (child === current ? redisAnswers(port) : Promise.reject(new Error(output))), {
      timeoutMs: 15_000,
      intervalMs: 50,
      failure: () => `redis-server did not answer on ${host}:${port}:\n${output}`,
    });
  }

  async function stop() {
    const current = child;
    if (!current) return;
    current.kill("SIGTERM");
    const stopped = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(r, 5_000, false))]);
    if (!stopped) {
      current.kill("SIGKILL");
      await exited;
    }
    child = undefined;
  }

  // A test worker that dies must not leave our server running.
  const onExit = () => child?.kill("SIGKILL");
  process.once("exit", onExit);

  await start();
  return {
    port,
    url: `redis://${host}:${port}`,
    start,
    stop,
    output: () => output,
    async close() {
      await stop();
      process.off("exit", onExit);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
