#!/usr/bin/env node
/**
 * Cold start, measured against the reference in one run (issue 25, point 1): fresh processes, interleaved,
 * each importing what a Next app with JWT sessions and GitHub imports for its auth module
 * (cold-start-child.mjs), then reading one session. Prints, per side, the medians of: the import over
 * Next's own modules (the goal: ≤ 20 ms for ours), the whole process over an empty `node -e 0`, and the
 * first GET /session against a warm one (the goal: within 2×). It prints; it asserts nothing.
 * `BENCH_RUNTIME=<dir>` points it at another build of src/runtime; `ROUNDS=<n>` (default 15).
 */
import { execFileSync, spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const runtimeDir = path.resolve(process.env.BENCH_RUNTIME ?? path.join(root, "dist", "runtime"));
const rounds = Number(process.env.ROUNDS ?? 15);
const child = path.join(import.meta.dirname, "cold-start-child.mjs");

const { encode } = await import(pathToFileURL(path.join(runtimeDir, "jwt.js")).href);
const cookie = await encode({
  token: { name: "Ada Lovelace", email: "ada@example.test", sub: "user-1" },
  secret: "benchmark-secret-with-more-than-thirty-two-characters",
  salt: "authjs.session-token",
});

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const wall = (args) => {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${args.join(" ")} failed:\n${result.stderr}`);
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, out: result.stdout };
};

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
const loadBefore = load();
const samples = { empty: [], ours: [], reference: [] };
const run = (side) => {
  const { ms, out } = wall([child, side, runtimeDir, cookie]);
  samples[side].push({ wall: ms, ...JSON.parse(out) });
};
// One of each first, unrecorded: the file system cache, not the code, decides a first run.
wall(["-e", "0"]);
run("ours");
run("reference");
samples.ours.length = 0;
samples.reference.length = 0;
for (let index = 0; index < rounds; index++) {
  samples.empty.push(wall(["-e", "0"]).ms);
  run("ours");
  run("reference");
}

const empty = median(samples.empty);
const row = (side) => {
  const of = (key) => median(samples[side].map((sample) => sample[key]));
  return {
    side,
    importMs: of("auth"),
    importCpuMs: of("authCpu"),
    overEmptyMs: of("wall") - empty,
    nextMs: of("next"),
    firstMs: of("first"),
    warmMs: of("warm"),
  };
};
const rows = [row("ours"), row("reference")];
const fixed = (value) => value.toFixed(1).padStart(8);
let commit = "";
try {
  commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
} catch {
  // Not a checkout: the table goes without its commit.
}
console.log(
  `Cold start, ${rounds} interleaved rounds, medians (${os.cpus().length} cores, node ${process.version}${commit ? `, ${commit}` : ""})`,
);
console.log(
  "side        auth import (CPU)        process-over-empty  next's own  first /session  warm /session  first÷warm",
);
for (const r of rows) {
  console.log(
    `${r.side.padEnd(10)} ${fixed(r.importMs)} ms (${fixed(r.importCpuMs)} ms) ${fixed(r.overEmptyMs)} ms       ${fixed(r.nextMs)} ms ${fixed(r.firstMs)} ms    ${fixed(r.warmMs)} ms   ${(r.firstMs / r.warmMs).toFixed(1).padStart(6)}×`,
  );
}
console.log(
  `ours ÷ reference, auth import: ${(rows[0].importMs / rows[1].importMs).toFixed(2)}; empty node: ${empty.toFixed(1)} ms`,
);
console.log(`load average before: ${loadBefore}; after: ${load()}`);
