#!/usr/bin/env node
// `npm run fuzz`: the property-based fuzz of the HTTP surface (test/security/fuzz.test.ts) run much longer than
// the unit project runs it, with a random seed. The seed is printed first, so a failure can be replayed:
//   FUZZ_SEED=<seed> FUZZ_RUNS=<runs> npm run fuzz
// fast-check's failure report also names a `path`; FUZZ_PATH=<path> replays just that counterexample, and
// arguments after `--` go to vitest (e.g. `npm run fuzz -- -t "grants a session"` for one property).
import { spawn } from "node:child_process";
import { randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const seed = process.env.FUZZ_SEED || String(randomInt(1, 2 ** 31 - 1));
const runs = process.env.FUZZ_RUNS || "20000";
if (!/^-?\d+$/.test(seed) || !/^[1-9]\d*$/.test(runs)) {
  console.error(`fuzz: FUZZ_SEED must be an integer and FUZZ_RUNS a positive integer (got ${seed}, ${runs})`);
  process.exit(2);
}
console.log(
  `fuzz: seed ${seed}, ${runs} runs per property. Replay with FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run fuzz`,
);

const require = createRequire(import.meta.url);
const vitestPackage = require.resolve("vitest/package.json");
const vitestBin = path.join(path.dirname(vitestPackage), JSON.parse(readFileSync(vitestPackage, "utf8")).bin.vitest);
const child = spawn(
  process.execPath,
  [vitestBin, "run", "--project", "unit", "test/security/fuzz.test.ts", ...process.argv.slice(2)],
  { stdio: "inherit", env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs } },
);
child.on("exit", (code, signal) => {
  if (code !== 0) console.log(`fuzz: failed with seed ${seed} (FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run fuzz)`);
  process.exit(code ?? (signal ? 1 : 0));
});
