// `auth doctor` as users run it: the built CLI in a child process on an app on disk, its exit code the
// verdict (0 without errors, 1 with one: program.ts hands runDoctor's exit code back to main.ts), --json the
// one object on stdout.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { assertBuilt, initFixture, materialize, removeTemps, runCli } from "../../support.js";

afterAll(removeTemps);

let root: string;

beforeAll(async () => {
  assertBuilt();
  const { project, run } = await initFixture("next-app", ["--providers", "credentials", "--yes", "--no-install"]);
  expect(run.status).toBe(0);
  root = materialize(project);
});

test("a healthy app exits 0; without its secret it exits 1 and says so, in words and in JSON", () => {
  const healthy = runCli(["doctor", root, "--json"], { bin: "auth" });
  expect(healthy.status).toBe(0);
  expect(JSON.parse(healthy.stdout)).toMatchObject({ ok: true });

  const env = path.join(root, ".env.local");
  writeFileSync(env, readFileSync(env, "utf8").replace(/^AUTH_SECRET=.*$/m, ""));
  const broken = runCli(["doctor", root], { bin: "auth" });
  expect(broken.status).toBe(1);
  expect(broken.stdout).toMatch(/^ {2}\[secret\.missing\] AUTH_SECRET is not set/m);
  expect(broken.stderr).toBe("");
  const json = runCli(["doctor", root, "--json"], { bin: "auth" });
  expect(json.status).toBe(1);
  const report = JSON.parse(json.stdout) as { ok: boolean; findings: { id: string; level: string }[] };
  expect(report.ok).toBe(false);
  expect(report.findings).toContainEqual(expect.objectContaining({ id: "secret.missing", level: "error" }));
});
