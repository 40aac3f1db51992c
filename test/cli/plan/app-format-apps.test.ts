/**
 * The app's own format check and lint stay green after each command, on apps that format with Prettier
 * other than sv's (app-format.test.ts): a create-next-app 16 app with Prettier 3 (single quotes, no
 * semicolons, no .prettierignore) and an express-generator app with Prettier 2 pinned, the one run of
 * app-format.ts's Prettier 2 path (its API is a CommonJS module's default export, `format` is synchronous,
 * `getFileInfo` takes one ignore file). Each is installed once here as a user would, then the built CLI (a
 * plain Node process: under vitest's module runner Prettier 2's CommonJS entry imports differently) runs init,
 * add-provider and remove on it, with the app's `prettier --check .` (and its `eslint`, where it has one)
 * after each; remove gives the app back byte for byte.
 */
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listFilesRecursive } from "../../../src/cli/project/reader.js";
import { copyFixture, fixturePath, installApp } from "../../support/fixture-app.mjs";
import { runCommand } from "../../support/processes.mjs";
import { assertBuilt, runCli } from "../support.js";

const apps: { next?: string; express?: string } = {};

beforeAll(async () => {
  assertBuilt();
  // Both installs wait on npm's cache and the network, not the CPU: side by side.
  const [next, express] = await Promise.all(
    ["scaffold-next-16-prettier", "scaffold-express-generator-prettier2"].map(async (fixture) => {
      const dir = await copyFixture(fixturePath(fixture));
      await installApp(dir);
      return dir;
    }),
  );
  Object.assign(apps, { next, express });
}, 240_000);

afterAll(() => {
  for (const dir of Object.values(apps)) rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** The app's files as text, without what install and the tools add. */
function tree(dir: string): Map<string, string> {
  return new Map(
    listFilesRecursive(dir)
      .filter((file) => !/^(node_modules|\.next)\//.test(file) && !/^(package-lock\.json|next-env\.d\.ts)$/.test(file))
      .map((file) => [file, readFileSync(path.join(dir, file), "utf8")]),
  );
}

/** One of the app's own tools, from its node_modules, as its package.json scripts run it. */
const tool = (dir: string, name: string, ...args: string[]) =>
  runCommand(path.join(dir, "node_modules", ".bin", name), args, { cwd: dir });

/** A command of the built CLI in the app's folder: it succeeds, and the app's Prettier formatted every new file. */
function cli(dir: string, ...argv: string[]) {
  const result = runCli(argv, { cwd: dir });
  expect(result.status, `${argv.join(" ")}\n${result.stdout}\n${result.stderr}`).toBe(0);
  expect(result.stdout).not.toContain("Prettier could not format");
  return result;
}

/** init, add-provider and remove, the app's own checks after each; remove gives the app back. */
async function roundTrip(dir: string, checks: (dir: string) => Promise<void>) {
  const before = tree(dir);
  cli(dir, "init", "--providers", "github,credentials", "--yes", "--no-install");
  await checks(dir);
  cli(dir, "add-provider", "google", "--yes", "--no-install");
  await checks(dir);
  const removed = cli(dir, "remove", "--yes", "--no-install");
  expect(removed.stdout).not.toMatch(/edited after init/);
  expect(tree(dir)).toEqual(before);
  await checks(dir);
}

describe("a Next.js app formatted by Prettier 3: single quotes, no semicolons", () => {
  it("passes its own prettier --check and eslint after init and add-provider; remove gives it back", async () => {
    const dir = apps.next!;
    await roundTrip(dir, async () => {
      await tool(dir, "prettier", "--check", ".");
      await tool(dir, "eslint");
    });
  }, 180_000);

  it("init writes the auth module in the app's style", async () => {
    const dir = apps.next!;
    cli(dir, "init", "--providers", "github", "--yes", "--no-install");
    const auth = readFileSync(path.join(dir, "src/auth.ts"), "utf8");
    expect(auth).toMatch(/^import NextAuth from '@create-auth\/runtime\/next'$/m);
    expect(auth).not.toMatch(/;$/m);
    cli(dir, "remove", "--yes", "--no-install");
  }, 60_000);
});

describe("an express-generator app formatted by Prettier 2", () => {
  it("passes its own prettier --check after init and add-provider; remove gives it back", async () => {
    const dir = apps.express!;
    await roundTrip(dir, async () => {
      await tool(dir, "prettier", "--check", ".");
    });
  }, 120_000);

  it("init writes the auth module as the app's Prettier 2 formats it: single quotes", async () => {
    const dir = apps.express!;
    cli(dir, "init", "--providers", "github", "--yes", "--no-install");
    const auth = readFileSync(path.join(dir, "auth.js"), "utf8");
    expect(auth).toMatch(/^const \{ getSession \} = require\('@create-auth\/runtime\/express'\);$/m);
    expect(auth).not.toContain('require("');
    cli(dir, "remove", "--yes", "--no-install");
  }, 60_000);
});
