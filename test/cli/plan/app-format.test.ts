/**
 * New files in the app's own Prettier style (src/cli/plan/app-format.ts), with the app's real Prettier: a
 * SvelteKit app made by `sv create` with sv's Prettier add-on (test/fixtures/scaffold-sveltekit-prettier,
 * installed once here as a user would) passes its own `prettier --check .` after init, and remove still knows
 * the files init wrote and gives the app back byte for byte. The pass itself: what it formats, what it leaves
 * (ignored files, files Prettier has no parser for, apps without Prettier), and how it fails.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appFormatted, planInAppStyle } from "../../../src/cli/plan/app-format.js";
import { type FileStep, planFiles } from "../../../src/cli/plan/planner.js";
import type { Plan } from "../../../src/cli/plan/types.js";
import { diskReader, listFilesRecursive } from "../../../src/cli/project/reader.js";
import { copyFixture, fixturePath, installApp } from "../../support/fixture-app.mjs";
import { runCommand } from "../../support/processes.mjs";
import { removeTemps, tempDir } from "../support.js";
import { runOnDisk } from "../support-disk.js";

let app: string;

beforeAll(async () => {
  app = await copyFixture(fixturePath("scaffold-sveltekit-prettier"));
  await installApp(app);
}, 180_000);

afterAll(() => {
  rmSync(app, { recursive: true, force: true });
  removeTemps();
});

/** The app's files as text, without what install and SvelteKit's sync add. */
function tree(dir: string): Map<string, string> {
  return new Map(
    listFilesRecursive(dir)
      .filter((file) => !/^(node_modules|\.svelte-kit|\.git)\//.test(file))
      .map((file) => [file, readFileSync(path.join(dir, file), "utf8")]),
  );
}

/** The app's own format check, as its `lint` script runs it. */
const prettierCheck = (dir: string) =>
  runCommand(path.join(dir, "node_modules", ".bin", "prettier"), ["--check", "."], { cwd: dir });

async function cli(dir: string, ...argv: string[]) {
  const result = await runOnDisk(argv, { cwd: dir });
  expect(result.status, `${argv.join(" ")}\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result;
}

const owned = (file: string, content: string): FileStep => ({
  kind: "owned",
  path: file,
  content,
  reason: "test",
  done: () => false,
});

/** The plan planFiles makes of `steps` in `dir`, as a command's plan. */
const planOf = (dir: string, steps: FileStep[]) => (): Plan => ({
  command: "test",
  projectDir: dir,
  install: null,
  nextSteps: [],
  ...planFiles(diskReader(dir), steps),
});

const contentOf = (plan: Plan, file: string) => {
  const change = plan.changes.find((candidate) => candidate.path === file);
  return change?.kind === "create" ? change.content : undefined;
};

describe("an app formatted by sv's Prettier add-on", () => {
  it("passes its own prettier --check after init and add-provider, and remove gives it back byte for byte", async () => {
    const before = tree(app);
    await cli(app, "init", "--providers", "github,credentials", "--yes", "--no-install");
    const auth = readFileSync(path.join(app, "src/auth.ts"), "utf8");
    // The app's style (tabs, single quotes), not create-auth's own.
    expect(auth).toMatch(/^import \{ SvelteKitAuth \} from '@create-auth\/runtime\/sveltekit';$/m);
    expect(auth).toMatch(/^\t\S/m);
    await prettierCheck(app);

    const again = await cli(app, "init", "--providers", "github,credentials", "--yes", "--no-install");
    expect(again.stdout).not.toMatch(/^\s+(create|edit)\s+src\//m);
    await cli(app, "add-provider", "google", "--yes", "--no-install");
    await prettierCheck(app);

    const removed = await cli(app, "remove", "--yes", "--no-install");
    expect(removed.stdout).not.toMatch(/edited after init/);
    expect(tree(app)).toEqual(before);
  }, 120_000);
});

describe("the app-style pass", () => {
  it("formats new files with the app's config and plugins, and leaves what Prettier ignores or cannot parse", async () => {
    const plan = await planInAppStyle(
      app,
      planOf(app, [
        owned("src/lib/new.ts", 'export const greeting = "hello";\n'),
        owned("src/routes/new/+page.svelte", '<p class="a">{"hi"}</p>\n'),
        owned("static/new.js", 'export const kept = "as written";\n'),
        owned("NOTES.txt", 'kept  "as written"\n'),
      ]),
    );
    expect(contentOf(plan, "src/lib/new.ts")).toBe("export const greeting = 'hello';\n");
    expect(contentOf(plan, "src/routes/new/+page.svelte")).toBe("<p class=\"a\">{'hi'}</p>\n");
    expect(contentOf(plan, "static/new.js")).toBe('export const kept = "as written";\n');
    expect(contentOf(plan, "NOTES.txt")).toBe('kept  "as written"\n');
    expect(plan.notes).toEqual([]);
  });

  it("keeps create-auth's text when the app's Prettier cannot format it, and says so in one note", async () => {
    const broken = 'export const = "no name";\n';
    const plan = await planInAppStyle(
      app,
      planOf(app, [owned("src/lib/broken.ts", broken), owned("src/lib/fine.ts", 'export const a = "b";\n')]),
    );
    expect(contentOf(plan, "src/lib/broken.ts")).toBe(broken);
    expect(contentOf(plan, "src/lib/fine.ts")).toBe("export const a = 'b';\n");
    expect(plan.notes).toHaveLength(1);
    expect(plan.notes[0]).toMatch(/^the app's Prettier could not format src\/lib\/broken\.ts \(/);
  });

  it("says so in one note when the Prettier the app lists cannot be loaded, and only when it lists it", async () => {
    const text = 'export const greeting = "hello";\n';
    const broken = (declared: boolean) => {
      const dir = tempDir("app-format-broken");
      const devDependencies = declared ? { prettier: "^3.0.0" } : {};
      writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "app", devDependencies }));
      writeFileSync(path.join(dir, ".prettierrc"), '{ "singleQuote": true }\n');
      // An install cut short: the package is there, its entry throws when loaded.
      mkdirSync(path.join(dir, "node_modules", "prettier"), { recursive: true });
      writeFileSync(
        path.join(dir, "node_modules", "prettier", "package.json"),
        JSON.stringify({ name: "prettier", version: "3.0.0", main: "index.js" }),
      );
      writeFileSync(path.join(dir, "node_modules", "prettier", "index.js"), 'throw new Error("half installed");\n');
      return dir;
    };
    const listed = broken(true);
    const plan = await planInAppStyle(listed, planOf(listed, [owned("src/new.ts", text)]));
    expect(contentOf(plan, "src/new.ts")).toBe(text);
    expect(plan.notes).toEqual([
      "the app's Prettier could not be loaded (half installed), so create-auth's files are in its own style: run the app's formatter if its check complains.",
    ]);
    // Nothing new to write: nothing to say.
    expect((await planInAppStyle(listed, planOf(listed, []))).notes).toEqual([]);
    // A Prettier that came with another package is not the app's: its failure is no news.
    const hoisted = broken(false);
    expect((await planInAppStyle(hoisted, planOf(hoisted, [owned("src/new.ts", text)]))).notes).toEqual([]);
  });

  it("writes create-auth's text in an app without Prettier, and outside a planning pass", async () => {
    const bare = tempDir("app-format-bare");
    const text = 'export const greeting = "hello";\n';
    const plan = await planInAppStyle(bare, planOf(bare, [owned("src/new.ts", text)]));
    expect(contentOf(plan, "src/new.ts")).toBe(text);
    expect(appFormatted("src/new.ts", text)).toBe(text);
  });
});
