// `npm run bench:http` run as the README says (on the built CLI and runtime) at a tiny scale: the Express half
// always (about 30 s: two tsc builds and 1 s runs), the Next half only with BENCH_HTTP_NEXT=1 (about 1.5 minutes
// more: two `next build`s). Every row is printed with figures, the ratios and the load average follow, and the
// run exits 0, which it does only when no request errored, timed out, got a non-2xx answer or went unanswered,
// and the checked answers were the signed-in session. The figures themselves are never asserted.
import { execFile } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkProtected, checkSignedIn, loadUrl } from "../../bench/http/load.mjs";

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
    expect(stdout).toMatch(/^Ours: dist\/ built \d{4}-/m);
    expect(stdout).toMatch(/^Versions: express [\d.]+, @auth\/express [\d.]+, @auth\/core [\d.]+, next [\d.]+, /m);
    expect(stdout).toMatch(/Load average before: [\d.]+ [\d.]+ [\d.]+; after: [\d.]+ [\d.]+ [\d.]+/);
  }, 600_000);

  it("refuses a scale that is not a whole positive number, naming the variable", async () => {
    const failed = run(process.execPath, ["bench/http/run.mjs"], { cwd: root, env: { ...tiny, HTTP_SECONDS: "0.5" } });
    await expect(failed).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("HTTP_SECONDS") });
  });
});

describe("the checks that fail a run", () => {
  // A server answering what a misconfigured app would: signed out, an error, the wrong user, an open page.
  const answers: Record<string, [number, string]> = {
    "/signed-out": [200, "null"],
    "/other-user": [200, JSON.stringify({ user: { name: "Someone Else" }, expires: "2030-01-01T00:00:00.000Z" })],
    "/signed-in": [200, JSON.stringify({ user: { name: "Demo User" }, expires: "2030-01-01T00:00:00.000Z" })],
    "/error": [500, "<h1>Something went wrong</h1>"],
    "/open-page": [200, "<p>Welcome</p>"],
    "/redirected": [302, ""],
  };
  const server = http.createServer((request, response) => {
    const [status, body] = answers[request.url ?? ""] ?? [404, "not found"];
    response.writeHead(status, status === 302 ? { location: "/signin" } : {}).end(body);
  });
  let origin = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const expected = { name: "Demo User", kind: "session" };

  it("accepts only the signed-in user's session", async () => {
    await expect(checkSignedIn(`${origin}/signed-in`, "a=b", expected)).resolves.toBeNull();
    await expect(checkSignedIn(`${origin}/signed-out`, "a=b", expected)).resolves.toMatch(/another session: null/);
    await expect(checkSignedIn(`${origin}/other-user`, "a=b", expected)).resolves.toMatch(/Someone Else/);
    await expect(checkSignedIn(`${origin}/error`, "a=b", expected)).resolves.toMatch(/answered 500/);
    await expect(checkSignedIn(`${origin}/open-page`, "a=b", { ...expected, kind: "page" })).resolves.toMatch(
      /does not show Demo User/,
    );
  });

  it("calls a page that answers signed-out visitors with 200 unprotected", async () => {
    await expect(checkProtected(`${origin}/redirected`)).resolves.toBeNull();
    await expect(checkProtected(`${origin}/open-page`)).resolves.toMatch(/answered 200, not 401 or a redirect/);
  });

  it("counts the non-2xx answers of a loaded URL", async () => {
    const result = await loadUrl(`${origin}/error`, "a=b", { seconds: 1, connections: 2 });
    expect(result.requests).toBeGreaterThan(0);
    expect(result.non2xx).toBe(result.requests);
    expect(result.errors).toBe(0);
  });
});
