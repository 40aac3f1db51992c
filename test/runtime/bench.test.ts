// `npm run bench`'s two scripts, run as the README says (on the built runtime) at a tiny scale: every row
// they promise is printed with its figures, nothing the peers log gets into the output, and neither fails.
// The figures themselves are not checked: speed is measured by the benchmark, never asserted in tests.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);
const quick = { ...process.env, BENCH_SECONDS: "0.02", BENCH_ROUNDS: "1", BENCH_RUNS: "2" };
const literal = (text: string) => text.replace(/[()+/.÷]/g, "\\$&");
const figure = "[\\d,]+(\\.\\d+)?";
// ops/s, ops per CPU-second, mean, p99, p99 ÷ mean.
const figures = `\\s+${figure}\\s+${figure}\\s+${figure}\\s+${figure}\\s+${figure}×`;
// A ratio by the wall clock and by CPU time.
const ratio = `${figure}× \\(CPU ${figure}×\\)`;

describe("npm run bench", () => {
  it("prints every endpoint row for ours, the reference, better-auth and the floor, with ops/s, mean, p99 and the ratios", async () => {
    const { stdout, stderr } = await run(process.execPath, ["bench/endpoints.bench.mjs"], { cwd: root, env: quick });
    // label, reference, whether better-auth has the row, whether the row times its own floor (one request)
    const rows: [string, string, boolean, boolean][] = [
      ["GET /session, JWT, browser cookies", "@auth/core", true, true],
      ["GET /session, JWT, re-issue due", "@auth/core", true, true],
      ["GET /session, database (SQLite)", "@auth/core", true, true],
      ["GET /session, anonymous", "@auth/core", true, true],
      ["GET /csrf", "@auth/core", false, true],
      ["GET /providers", "@auth/core", false, true],
      ["credentials sign-in (csrf + form POST)", "@auth/core", true, false],
      ["server-side auth() read in Next", "next-auth 5", true, false],
    ];
    for (const [label, reference, betterAuth, itsFloor] of rows) {
      const block = stdout.slice(stdout.indexOf(`\n${label}\n`));
      expect(block, label).toMatch(new RegExp(`^\\s+ours${figures}$`, "m"));
      expect(block, label).toMatch(new RegExp(`^\\s+${literal(reference)}${figures}$`, "m"));
      expect(block, label).toMatch(new RegExp(`^\\s+better-auth${betterAuth ? figures : "\\s+n/a"}$`, "m"));
      expect(block, label).toMatch(new RegExp(`^\\s+floor${figures}$`, "m"));
      expect(block, label).toMatch(new RegExp(`^\\s+its floor${itsFloor ? figures : "\\s+n/a"}$`, "m"));
      const better = betterAuth ? ratio : "n/a";
      const own = itsFloor ? ratio : "n/a";
      expect(block, label).toMatch(
        new RegExp(
          `ours ÷ ${literal(reference)} ${ratio}, ours ÷ better-auth ${better}, ours ÷ floor ${ratio}, ours ÷ its floor ${own}, its floor ÷ floor ${own}`,
        ),
      );
      expect(stdout, label).toMatch(
        new RegExp(
          `^\\| ${literal(label)} \\| ${figure} \\| ${ratio}.* \\| ${better} \\| ${ratio} \\| ${own} \\| ${own} \\| ${figure}× \\| ${figure}× \\|$`,
          "m",
        ),
      );
    }
    expect(stdout).toMatch(/following its stored user \(issue 21\) ÷ the plain read: [\d.]+× \(CPU [\d.]+×\)/);
    expect(stdout).toMatch(/^Endpoints: \d+ cores \(.+\), Node v\d+/m);
    expect(stdout).toMatch(/Load average before: [\d.]+ [\d.]+ [\d.]+; after: [\d.]+ [\d.]+ [\d.]+/);
    // better-auth's telemetry and warnings are silenced, so the table is all there is.
    expect(stderr).toBe("");
    expect(stdout).not.toMatch(/telemetry|WARN|\[better-auth\]/i);
  }, 180_000);

  it("prints the import cost of each side's auth module, the CLI start-up, the installed size and the first read", async () => {
    const { stdout } = await run(process.execPath, ["bench/startup.bench.mjs"], { cwd: root, env: quick });
    const timed = `\\s+${figure}\\s+${figure}\\s+${figure}\\s+${figure}`;
    expect(stdout).toMatch(new RegExp(`^node -e 0${timed}`, "m"));
    expect(stdout).toMatch(new RegExp(`^Next's modules alone${timed}\\s+\\+?-?${figure} ms`, "m"));
    for (const side of ["ours", "@auth/core", "next-auth 5", "better-auth"]) {
      expect(stdout).toMatch(new RegExp(`^  ${side}${timed}\\s+[+-]${figure} ms\\s+[+-]${figure} ms$`, "m"));
    }
    for (const command of ["auth --help", "auth secret --raw"]) {
      expect(stdout).toMatch(new RegExp(`^  ${literal(command)}${timed}\\s+[+-]${figure} ms \\(${figure}×\\)`, "m"));
    }
    for (const host of ["Express 5", "Hono 4", "Fastify 5", "React Router 7", "Astro 7", "h3 1 (Nuxt 4's server)"]) {
      expect(stdout).toMatch(new RegExp(`^  ${literal(host)} alone${timed}\\s+[+-]${figure} ms$`, "m"));
      expect(stdout).toMatch(new RegExp(`^    ours${timed}\\s+[+-]${figure} ms over ${literal(host)}$`, "m"));
    }
    expect(stdout).toMatch(new RegExp(`^    @auth/express${timed}\\s+[+-]${figure} ms over Express 5$`, "m"));
    expect(stdout).toMatch(
      /^Auth module import timed inside the process, after Next's modules .*, \d+ fresh processes per side \(ms\)$/m,
    );
    for (const side of ["ours", "@auth/core", "next-auth 5", "better-auth"]) {
      expect(stdout).toMatch(new RegExp(`^  ${literal(side)}\\s+${figure}\\s+${figure}\\s+${figure}$`, "m"));
    }
    for (const part of ["vendor/auth-runtime", "oauth4webapi", "total"]) {
      expect(stdout).toMatch(new RegExp(`^  ${literal(part)}\\s+${figure} B\\s+\\d+ KiB$`, "m"));
    }
    expect(stdout).toMatch(new RegExp(`^  ours\\s+${figure}\\s+${figure}\\s+${figure}×$`, "m"));
    expect(stdout).toMatch(new RegExp(`^  next-auth 5\\s+${figure}\\s+${figure}\\s+${figure}×$`, "m"));
    expect(stdout).toMatch(new RegExp(`^  the floor\\s+${figure}\\s+${figure}\\s+${figure}×$`, "m"));
    expect(stdout).toMatch(/Load average before: [\d.]+ [\d.]+ [\d.]+; after: /);
  }, 180_000);
});
