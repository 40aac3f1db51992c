#!/usr/bin/env node
/**
 * The start-up bench (issue 25, points 1, 4 and 6), timed from outside by hyperfine (Debian's `hyperfine`):
 *   1. the import of what a JWT + GitHub Next app's auth module loads, ours against @auth/core, next-auth 5
 *      and better-auth, each over Next's own modules alone (loaded on every side) and over bare `node -e 0`;
 *   2. CLI start-up, `auth --help` and `auth secret --raw`, against bare `node -e 0`;
 *   3. the installed size of the runtime package such an app gets, with its peer dependencies;
 *   4. the same import timed inside each process, over fresh processes (medians), free of process start-up;
 *   5. the first GET /session after a cold import against a warm one, ours, next-auth 5 and the floor (a
 *      Request and a JSON Response alone, whose first call is already many times a warm one), in fresh processes;
 *   6. on each other host (bench/support/hosts.mjs: Express, Hono, Fastify, …), the same app's auth module
 *      over the framework's own modules, and the peers' packages for that host where they exist.
 * It prints; it asserts nothing. `npm run bench` builds first; `BENCH_RUNTIME=<dir>` times another build of
 * src/runtime; BENCH_RUNS (hyperfine's runs per command, default 20) and BENCH_ROUNDS (fresh processes per
 * side for the in-process import and the first read, default 9) set the scale.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { HOSTS } from "./support/hosts.mjs";
import { installedSize } from "./support/installed-size.mjs";
import { loadAverage, machine } from "./support/measure.mjs";

const root = path.resolve(import.meta.dirname, "..");
const runtimeDir = path.resolve(process.env.BENCH_RUNTIME ?? path.join(root, "dist", "runtime"));
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);

if (spawnSync("hyperfine", ["--version"], { stdio: "ignore" }).status !== 0) {
  console.error("The start-up bench needs hyperfine, which is not installed: apt-get install -y hyperfine");
  process.exit(1);
}
if (spawnSync(process.execPath, ["bin/auth.js", "--help"], { cwd: root, stdio: "ignore" }).status !== 0) {
  console.error(
    "The start-up bench runs the built CLI, and `node bin/auth.js --help` fails: run `npm run build` first",
  );
  process.exit(1);
}

const loadBefore = loadAverage();
const quote = (value) => `'${value.replaceAll("'", "'\\''")}'`;
const node = quote(process.execPath);
const child = (side) => `${node} bench/support/import-child.mjs ${quote(side)} ${quote(runtimeDir)}`;
const commands = [
  { name: "node -e 0", command: `${node} -e 0` },
  { name: "Next's modules alone", command: child("next") },
  { name: "ours", command: child("ours"), auth: true },
  { name: "@auth/core", command: child("@auth/core"), auth: true },
  { name: "next-auth 5", command: child("next-auth"), auth: true },
  { name: "better-auth", command: child("better-auth"), auth: true },
  { name: "auth --help", command: `${node} bin/auth.js --help`, cli: true },
  { name: "auth secret --raw", command: `${node} bin/auth.js secret --raw`, cli: true },
  ...Object.entries(HOSTS).flatMap(([id, host]) =>
    ["alone", "ours", ...Object.keys(host.peers)].map((side) => ({
      name: side === "alone" ? `${host.name} alone` : side,
      command: `${node} bench/support/host-import-child.mjs ${id} ${quote(side)} ${quote(runtimeDir)}`,
      host: id,
      alone: side === "alone",
    })),
  ),
];

// -N: no shell in between, so the figures are the processes' own.
const json = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-startup-")), "hyperfine.json");
// hyperfine's own warnings (statistical outliers) would break into the table: counted, shown on failure.
const hyperfine = spawnSync(
  "hyperfine",
  [
    "-N",
    "--style",
    "none",
    "--warmup",
    "3",
    "--runs",
    String(RUNS),
    "--export-json",
    json,
    ...commands.map((c) => c.command),
  ],
  { cwd: root, encoding: "utf8", stdio: ["ignore", "ignore", "pipe"] },
);
if (hyperfine.status !== 0) {
  console.error(hyperfine.stderr);
  process.exit(1);
}
const outliers = (hyperfine.stderr.match(/Statistical outliers/g) ?? []).length;
const { results } = JSON.parse(fs.readFileSync(json, "utf8"));
fs.rmSync(path.dirname(json), { recursive: true, force: true });
const timed = commands.map((command, index) => ({ ...command, ...results[index] }));
const [bare, nextAlone] = timed;

const ms = (seconds) => (seconds * 1000).toFixed(1).padStart(8);
const over = (a, b) => `${(a.mean - b.mean >= 0 ? "+" : "") + ((a.mean - b.mean) * 1000).toFixed(1)} ms`.padStart(11);
console.log(`Start-up: ${machine()}, runtime from ${path.relative(root, runtimeDir) || "."}`);
console.log(
  `hyperfine -N, ${RUNS} runs after 3 warm-ups; wall ms (CPU = user + system); hyperfine saw outliers in ${outliers} of ${commands.length} commands\n`,
);
console.log(
  `${"".padEnd(34)}${"mean".padStart(8)}${"± σ".padStart(8)}${"median".padStart(8)}${"CPU".padStart(8)}   over Next's modules   over node -e 0`,
);
const line = (row, ...tail) =>
  console.log(
    `${row.name.padEnd(34)}${ms(row.mean)}${ms(row.stddev ?? 0)}${ms(row.median)}${ms(row.user + row.system)}   ${tail.join("      ")}`,
  );
line(bare);
line(nextAlone, "".padStart(11), over(nextAlone, bare));
console.log("auth module import (JWT + GitHub, Next)");
for (const row of timed.filter((entry) => entry.auth))
  line({ ...row, name: `  ${row.name}` }, over(row, nextAlone), over(row, bare));
console.log("CLI start-up");
for (const row of timed.filter((entry) => entry.cli)) {
  line(
    { ...row, name: `  ${row.name}` },
    "".padStart(11),
    `${over(row, bare)} (${(row.mean / bare.mean).toFixed(2)}×)`,
  );
}
console.log("auth module import on each host (JWT + GitHub)");
for (const id of Object.keys(HOSTS)) {
  const [alone, ...sides] = timed.filter((row) => row.host === id);
  line({ ...alone, name: `  ${alone.name}` }, "".padStart(11), over(alone, bare));
  for (const row of sides) {
    line({ ...row, name: `    ${row.name}` }, `${over(row, alone)} over ${HOSTS[id].name}`);
  }
}

const size = installedSize(root);
console.log("\nInstalled size of a JWT + GitHub Next app's runtime package and its peers (apparent bytes, du -k)");
for (const part of size.parts) {
  console.log(
    `  ${part.name.padEnd(32)}${part.bytes.toLocaleString("en-US").padStart(12)} B${String(part.kib).padStart(8)} KiB`,
  );
}
console.log(
  `  ${"total".padEnd(32)}${size.bytes.toLocaleString("en-US").padStart(12)} B${String(size.kib).padStart(8)} KiB`,
);

// The auth part of the import timed inside each process (import-child.mjs), in fresh processes, sides
// alternating: free of the process start-up hyperfine's differences of two means carry (their σ is as large).
const IMPORT_SIDES = ["ours", "@auth/core", "next-auth", "better-auth"];
const inProcess = Object.fromEntries(IMPORT_SIDES.map((side) => [side, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const side of IMPORT_SIDES) {
    const out = execFileSync(process.execPath, ["bench/support/import-child.mjs", side, runtimeDir], {
      cwd: root,
      encoding: "utf8",
    });
    inProcess[side].push(JSON.parse(out).importMs);
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(
  `\nAuth module import timed inside the process, after Next's modules (JWT + GitHub, Next), ${ROUNDS} fresh processes per side (ms)`,
);
console.log(`${"".padEnd(34)}${"median".padStart(8)}${"min".padStart(8)}${"max".padStart(8)}`);
for (const [side, samples] of Object.entries(inProcess)) {
  const label = side === "next-auth" ? "next-auth 5" : side;
  console.log(
    `  ${label.padEnd(32)}${median(samples).toFixed(1).padStart(8)}${Math.min(...samples)
      .toFixed(1)
      .padStart(8)}${Math.max(...samples)
      .toFixed(1)
      .padStart(8)}`,
  );
}

// The first read after a cold import against warm ones, each side in fresh processes, interleaved.
const { encode } = await import(pathToFileURL(path.join(runtimeDir, "jwt.js")).href);
const jwe = await encode({
  token: { name: "Ada Lovelace", email: "ada@example.test", sub: "user-1" },
  secret: "benchmark-secret-with-more-than-thirty-two-characters",
  salt: "authjs.session-token",
});
const firstRead = { ours: [], "next-auth": [], floor: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const side of Object.keys(firstRead)) {
    const out = execFileSync(process.execPath, ["bench/support/first-read-child.mjs", side, runtimeDir, jwe], {
      cwd: root,
      encoding: "utf8",
    });
    firstRead[side].push(JSON.parse(out));
  }
}
// The floor's row is the bar any first call meets: Request + Response alone, compiled on first use.
const FIRST_READ_LABELS = { "next-auth": "next-auth 5", floor: "the floor" };
console.log(`\nFirst GET /session after a cold import, ${ROUNDS} fresh processes per side (medians, ms)`);
console.log(`${"".padEnd(34)}${"first".padStart(8)}${"warm".padStart(8)}   first ÷ warm`);
for (const [side, samples] of Object.entries(firstRead)) {
  const first = median(samples.map((sample) => sample.first));
  const warm = median(samples.map((sample) => sample.warm));
  console.log(
    `  ${(FIRST_READ_LABELS[side] ?? side).padEnd(32)}${first.toFixed(2).padStart(8)}${warm.toFixed(2).padStart(8)}   ${(first / warm).toFixed(1)}×`,
  );
}
console.log(`\nLoad average before: ${loadBefore}; after: ${loadAverage()}`);
