// `npm run bench:http` run as the README says (on the built CLI and runtime) at a tiny scale: the Express half
// always (about 30 s: two tsc builds and 1 s runs), the Next half only with BENCH_HTTP_NEXT=1 (about 1.5 minutes
// more: two `next build`s). Every row is printed with figures, the ratios and the load average follow, and the
// run exits 0, which it does only when no request errored, timed out, got a non-2xx answer or went unanswered,
// and the checked answers were the signed-in session. The figures themselves are never asserted.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);
const frameworks = process.env.BENCH_HTTP_NEXT === "1" ? ["express", "next"] : ["express"];
const tiny = {
  ...process.env,
  HTTP_FRAMEWORKS: frameworks.join(","),
  HTTP_SECONDS: "1",
  HTTP_ROUNDS: "1",
  HTTP_WARMUP: "1",
  HTTP_CONNECTIONS: "2",
};

/** A table row: its label, then requests/s, mean, p50, p99 and the three counts, all zero. */
function rowPattern(label: string): RegExp {
  const escaped = label.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  return new RegExp(`^${escaped}\\s+[\\d,]+\\s+[\\d.]+\\s+[\\d.]+\\s+[\\d.]+\\s+0\\s+0\\s+0$`, "m");
}

const ROWS = {
  express: {
    peer: "@auth/express",
    rows: ["Express GET /auth/session", "Express GET /me"],
  },
  next: {
    peer: "next-auth 5",
    rows: ["Next GET /api/auth/session", "Next GET /me"],
  },
};

describe("npm run bench:http", () => {
  it(`loads ${frameworks.join(" and ")}, ours and the peer, through booted servers with no failed request`, async () => {
    const { stdout } = await run(process.execPath, ["bench/http/run.mjs"], {
      cwd: root,
      env: tiny,
      maxBuffer: 10 * 1024 * 1024,
    });
    for (const framework of frameworks) {
      const { peer, rows } = ROWS[framework as keyof typeof ROWS];
      for (const row of rows) {
        expect(stdout).toMatch(rowPattern(`${row}, ours`));
        expect(stdout).toMatch(rowPattern(`${row}, ${peer}`));
        expect(stdout).toContain(`${row}, ours ÷ ${peer}: requests/s `);
      }
    }
    expect(stdout).toMatch(/Load average before: [\d.]+ [\d.]+ [\d.]+; after: [\d.]+ [\d.]+ [\d.]+/);
  }, 600_000);

  it("refuses a scale that is not a whole positive number, naming the variable", async () => {
    const failed = run(process.execPath, ["bench/http/run.mjs"], { cwd: root, env: { ...tiny, HTTP_SECONDS: "0.5" } });
    await expect(failed).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("HTTP_SECONDS") });
  });
});
