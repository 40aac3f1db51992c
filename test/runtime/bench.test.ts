// `npm run bench`'s two scripts, run as the README says (on the built runtime) at a tiny scale: every row
// they promise is printed with a figure, and neither fails. The figures themselves are not checked: speed is
// measured by the benchmark, never asserted in tests.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);
const quick = { ...process.env, BENCH_SECONDS: "0.02", BENCH_ROUNDS: "1", BENCH_RUNS: "1", ROUNDS: "1" };

describe("npm run bench", () => {
  it("prints the session reads, the endpoints against the floor, the CLI start-up and the load", async () => {
    const { stdout } = await run(process.execPath, ["bench/session-read.bench.mjs"], { cwd: root, env: quick });
    for (const row of [
      "GET /session through Auth",
      "decode, a JWE never seen before",
      "GET /session following its user",
      "GET /session, signed out",
      "GET /csrf",
      "GET /providers",
      "credentials sign-in (csrf + POST)",
      "(floor: Request + Response + body)",
      "bin/auth.js secret --raw",
    ]) {
      expect(stdout).toMatch(new RegExp(`${row.replace(/[()+/]/g, "\\$&")}\\s+[\\d,.]+`));
    }
    expect(stdout).toMatch(/Load average before: [\d.]+ [\d.]+ [\d.]+; after: /);
  }, 180_000);

  it("prints the cold start of ours and @auth/core, with the first read against a warm one", async () => {
    const { stdout } = await run(process.execPath, ["bench/cold-start.bench.mjs"], { cwd: root, env: quick });
    expect(stdout).toMatch(/^ours\s+[\d.]+ ms \(\s*[\d.]+ ms\)/m);
    expect(stdout).toMatch(/^reference\s+[\d.]+ ms/m);
    expect(stdout).toMatch(/ours ÷ reference, auth import: [\d.]+/);
    expect(stdout).toMatch(/load average before: /);
  }, 180_000);
});
