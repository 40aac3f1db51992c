/**
 * add-provider and remove-provider through the built CLI (`node bin/auth.js …`) on copies of the fixtures,
 * as a user runs them after init (the in-memory init's tree written to disk: init's own built runs are in
 * init.test.ts): `add-provider oidc --no-install` on each framework leaves an app whose auth module typechecks
 * against the runtime package it now holds (./providers/oidc among its exports, its declarations complete);
 * `remove-provider oidc --json` then gives back the tree init left, byte for byte.
 * Reads dist/: run under the shared dist lock.
 */
import { mkdirSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliAsync } from "../../../support/speed-run-cli.js";
import {
  assertBuilt,
  hashTree,
  initFixture,
  materialize,
  read,
  removeTemps,
  repoRoot,
  tempDir,
  typecheckApps,
} from "../../support.js";

afterAll(removeTemps);

const RUNTIME = "vendor/auth-runtime";
const APPS = [
  { name: "next", fixture: "next-app", auth: "auth.ts" },
  { name: "sveltekit", fixture: "sveltekit-2", auth: "src/auth.ts" },
  { name: "express", fixture: "express-5-ts", auth: "src/auth.ts" },
  { name: "solid-start", fixture: "solid-start-2", auth: "src/auth.ts" },
  { name: "qwik", fixture: "qwik-city-1", auth: "src/routes/plugin@auth.ts" },
];

describe("auth add-provider oidc, then remove-provider oidc, with the built CLI", () => {
  const root = tempDir("add-provider");
  const initialised = new Map<string, string>();
  const added = new Map<string, { status: number | null; stdout: string; stderr: string }>();
  let checked: { status: number | null; output: string };

  beforeAll(async () => {
    assertBuilt();
    symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"), "dir");
    // The apps one after the other in memory, then their built add-provider runs at the same time (processes on
    // folders of their own).
    for (const app of APPS) {
      // A copy of the fixture after init, every app under one root for one compiler run.
      const { project, run: init } = await initFixture(app.fixture, [
        "--providers",
        "credentials",
        "--yes",
        "--no-install",
      ]);
      if (init.status !== 0) throw new Error(`${app.name}: ${init.stderr}`);
      const dir = materialize(project, path.join(root, app.name));
      initialised.set(app.name, hashTree(dir));
    }
    await Promise.all(
      APPS.map(async (app) => {
        const dir = path.join(root, app.name);
        added.set(
          app.name,
          await runCliAsync(["add-provider", "oidc", "--yes", "--no-install"], { cwd: dir, bin: "auth" }),
        );
        mkdirSync(path.join(dir, "node_modules/@create-auth"), { recursive: true });
        symlinkSync(`../../${RUNTIME}`, path.join(dir, "node_modules/@create-auth/runtime"), "dir");
      }),
    );
    checked = typecheckApps(root, { files: APPS.map(({ name, auth }) => `${name}/${auth}`) });
  }, 180_000);

  it.each(APPS)("$name: add-provider exits 0 and the runtime package exports ./providers/oidc", ({ name }) => {
    const run = added.get(name)!;
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const pkg = JSON.parse(read(path.join(root, name), `${RUNTIME}/package.json`)) as { exports: object };
    expect(Object.keys(pkg.exports)).toContain("./providers/oidc");
    expect(read(path.join(root, name), `${RUNTIME}/MANIFEST.json`)).toContain('"./providers/oidc"');
  });

  it("every app's auth module typechecks (strict) against the runtime package it holds", () => {
    expect(checked.output).toBe("");
    expect(checked.status).toBe(0);
  });

  // Processes on folders of their own: the five run at the same time.
  it.concurrent.for(APPS)(
    "$name: remove-provider oidc --json gives back the tree init left",
    async ({ name }, { expect }) => {
      const dir = path.join(root, name);
      // The package link the typecheck needed is not the app's (the fixtures have no node_modules).
      rmSync(path.join(dir, "node_modules"), { recursive: true, force: true });
      const run = await runCliAsync(["remove-provider", "oidc", "--yes", "--no-install", "--json"], {
        cwd: dir,
        bin: "auth",
      });
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      const result = JSON.parse(run.stdout) as { ok: boolean; command: string; outcome: { applied: boolean } };
      expect(result).toMatchObject({ ok: true, command: "remove-provider", outcome: { applied: true } });
      expect(hashTree(dir)).toBe(initialised.get(name));
    },
  );
});
