/**
 * The next steps init prints are computed from the app: the script that exists (`dev` or `start`, after the
 * app's build when `start` runs its output), the package manager, the monorepo's workspace command when the
 * app is a workspace member, and Qwik City's production step only naming the Node server when the app has
 * that adapter. On every fixture, each step runs in the order printed (runnable-steps.ts): no script the app
 * lacks, no file that does not exist by then.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { initInMemory, type MemoryProject, memoryFixture, repoRoot, runInMemory } from "../../support.js";
import { type AppView, printedSteps, unrunnable } from "./runnable-steps.js";

const ARGS = ["--providers", "github", "--yes", "--no-install"];

function startLine(stdout: string): string {
  return (
    stdout
      .split("\n")
      .find((line) => /^\s+\d+\. Start the app/.test(line))
      ?.replace(/^\s+\d+\. /, "") ?? ""
  );
}

function setScripts(project: MemoryProject, scripts: Record<string, string>, file = "package.json"): void {
  const pkg = JSON.parse(project.read(file)) as { scripts?: Record<string, string> };
  pkg.scripts = scripts;
  project.write(file, `${JSON.stringify(pkg, null, 2)}\n`);
}

/** The fixture moved into `apps/web` of a workspace whose root has no scripts, with `root` files added. */
function inWorkspace(fixture: string, root: Record<string, string>): MemoryProject {
  const project = memoryFixture(fixture);
  for (const file of [...project.files.keys()]) project.rename(file, `apps/web/${file}`);
  for (const [file, content] of Object.entries(root)) project.write(file, content);
  return project;
}

describe("init's start step", () => {
  it("runs express-generator's only script, start", async () => {
    const project = memoryFixture("express-generator-4");
    const run = await initInMemory(project, ARGS);
    expect(startLine(run.stdout)).toBe("Start the app (npm start) and sign in at http://localhost:3000/auth/signin");
  });

  it("runs dev when an Express app has no start script", async () => {
    const project = memoryFixture("express-4-js");
    setScripts(project, { dev: "node --watch app.js" });
    const run = await initInMemory(project, ARGS);
    expect(startLine(run.stdout)).toBe("Start the app (npm run dev) and sign in at http://localhost:3000/auth/signin");
  });

  it("names no command when the app has none of the scripts", async () => {
    const project = memoryFixture("sveltekit-2");
    setScripts(project, { build: "vite build" });
    const run = await initInMemory(project, ARGS);
    expect(startLine(run.stdout)).toBe("Start the app and sign in at http://localhost:5173/auth/signin");
  });

  it("uses the package manager the lockfile names", async () => {
    const project = memoryFixture("solid-start-2");
    project.write("pnpm-lock.yaml", "lockfileVersion: '9.0'\n");
    const run = await initInMemory(project, ARGS);
    expect(startLine(run.stdout)).toBe("Start the app (pnpm dev) and sign in at http://localhost:3000/api/auth/signin");
  });

  it.each<{ manager: string; root: Record<string, string>; command: string }>([
    {
      manager: "npm",
      root: { "package.json": '{ "private": true, "workspaces": ["apps/*"] }\n', "package-lock.json": "{}\n" },
      command: "npm run dev -w acme-notes",
    },
    {
      manager: "pnpm",
      root: {
        "package.json": '{ "private": true }\n',
        "pnpm-workspace.yaml": "packages:\n  - apps/*\n",
        "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
      },
      command: "pnpm --filter acme-notes dev",
    },
    {
      manager: "yarn",
      root: { "package.json": '{ "private": true, "workspaces": ["apps/*"] }\n', "yarn.lock": "\n" },
      command: "yarn workspace acme-notes dev",
    },
  ])("in a $manager workspace, runs the app's dev script as a workspace command", async ({ root, command }) => {
    const project = inWorkspace("next-app", root);
    const run = await runInMemory(project, ["init", path.join(project.root, "apps/web"), ...ARGS]);
    expect(run.stderr).toBe("");
    expect(startLine(run.stdout)).toBe(
      `Start the app (${command}) and sign in at http://localhost:3000/api/auth/signin`,
    );
  });
});

describe("Qwik City's production step", () => {
  it("names server/entry.node-server when the app has the Node adapter", async () => {
    const run = await initInMemory(memoryFixture("qwik-city-1"), ARGS);
    expect(run.stdout).toContain("node --env-file=.env server/entry.node-server");
  });

  it("asks for a server adapter instead when the app has none (create-qwik's empty starter)", async () => {
    const project = memoryFixture("qwik-city-1");
    project.remove("src/entry.node-server.tsx");
    project.rename("adapters", "unused-adapters");
    const run = await initInMemory(project, ARGS);
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain("entry.node-server");
    expect(run.stdout).toContain("Production: add a server adapter (npx qwik add");
  });
});

describe("init's start step after a build", () => {
  it("builds an Express TypeScript app before npm start runs its output (dist/server.js)", async () => {
    const run = await initInMemory(memoryFixture("express-5-ts"), ARGS);
    expect(startLine(run.stdout)).toBe(
      "Start the app (npm run build && npm start) and sign in at http://localhost:3000/auth/signin",
    );
  });

  it("starts an app whose start script runs its sources without a build", async () => {
    const run = await initInMemory(memoryFixture("express-4-js"), ARGS);
    expect(startLine(run.stdout)).toBe("Start the app (npm start) and sign in at http://localhost:3000/auth/signin");
  });

  it("builds from the app's folder once in a yarn workspace whose app has no name", async () => {
    const project = inWorkspace("express-5-ts", {
      "package.json": '{ "private": true, "workspaces": ["apps/*"] }\n',
      "yarn.lock": "\n",
    });
    const pkg = JSON.parse(project.read("apps/web/package.json")) as Record<string, unknown>;
    delete pkg["name"];
    project.write("apps/web/package.json", `${JSON.stringify(pkg, null, 2)}\n`);
    const run = await runInMemory(project, ["init", path.join(project.root, "apps/web"), ...ARGS]);
    expect(startLine(run.stdout)).toBe(
      "Start the app (cd apps/web && yarn build && yarn start) and sign in at http://localhost:3000/auth/signin",
    );
  });
});

// ---------------------------------------------------------------------------------------------------
// Every fixture's steps, run in order

/** Fixtures init refuses (no framework; Yarn Plug'n'Play): they print no steps. */
const REFUSED = new Set(["not-next", "shape-yarn-berry-pnp"]);
/** Workspace roots: init runs in the app's folder. */
const APP_DIRS: Record<string, string> = {
  "shape-npm-workspace": "apps/web",
  "shape-pnpm-workspace-sveltekit-js": "apps/web",
  "shape-yarn-berry-workspace-qwik": "apps/web",
  "shape-yarn-classic-workspace": "apps/api",
};
/** More init flags per fixture than the providers: the database and ORM its own setup names. */
const DATABASE_ARGS: Record<string, string[][]> = {
  "next-app": [
    ["--db", "sqlite"],
    ["--db", "postgres", "--strategy", "database"],
  ],
  "express-5-ts": [["--db", "mysql"]],
  "orm-drizzle-next": [["--orm", "drizzle", "--db", "postgres"]],
  "orm-drizzle-schema-folder": [["--orm", "drizzle", "--db", "mysql"]],
  "orm-drizzle-sveltekit": [["--orm", "drizzle", "--db", "sqlite"]],
  "orm-prisma-express": [["--orm", "prisma", "--db", "sqlite"]],
  "orm-prisma-next": [["--orm", "prisma", "--db", "mysql"]],
  "orm-prisma-sveltekit": [["--orm", "prisma", "--db", "postgres"]],
};

const FIXTURES = readdirSync(path.join(repoRoot, "test/fixtures")).filter(
  (name) => existsSync(path.join(repoRoot, "test/fixtures", name, "package.json")) && !REFUSED.has(name),
);
const CASES = FIXTURES.flatMap((fixture) =>
  [[], ...(DATABASE_ARGS[fixture] ?? [])].map((extra) => ({ fixture, extra, flags: extra.join(" ") || "no database" })),
);

/** The app as init left it, seen from its own folder. */
function appView(project: MemoryProject, appDir: string): AppView {
  const at = (file: string) => (appDir ? `${appDir}/${file}` : file);
  const pkg = JSON.parse(project.read(at("package.json"))) as {
    scripts?: Record<string, string>;
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const gitignore = [at(".gitignore"), ".gitignore"].map((file) => project.files.get(file) ?? "").join("\n");
  return {
    scripts: pkg.scripts ?? {},
    dependencies: { ...pkg.dependencies, ...pkg.devDependencies },
    exists: (file) => project.has(at(file)),
    gitignore,
  };
}

describe("every fixture's next steps, run in the order printed", () => {
  it.each(CASES)("$fixture ($flags)", async ({ fixture, extra }) => {
    const project = memoryFixture(fixture);
    const appDir = APP_DIRS[fixture] ?? "";
    const args = ["init", path.join(project.root, appDir), "--providers", "github,credentials", ...extra];
    const run = await runInMemory(project, [...args, "--yes", "--no-install"]);
    expect(run.stderr).toBe("");
    const steps = printedSteps(run.stdout);
    expect(steps.length).toBeGreaterThan(2);
    expect(unrunnable(steps, appView(project, appDir))).toEqual([]);
  });
});

describe("the next-steps walk", () => {
  const app: AppView = {
    scripts: { build: "tsc", start: "node dist/server.js", dev: "tsc && node --watch dist/server.js" },
    dependencies: { express: "5.3.0" },
    exists: (file) => ["src/app.ts", "src/auth.ts", ".env"].includes(file),
    gitignore: "node_modules/\ndist/\n",
  };

  it("finds npm start running build output before anything was built", () => {
    expect(unrunnable(["Start the app (npm start) and sign in at http://localhost:3000/auth/signin"], app)).toEqual([
      'step 1 → "start": node dist/server.js: dist/server.js does not exist (nothing has been built yet)',
    ]);
  });

  it("accepts it after the app's build, and a script that builds first", () => {
    expect(unrunnable(["Start the app (npm run build && npm start)", "Or npm run dev"], app)).toEqual([]);
  });

  it("finds a script the app does not have, and a file it does not have", () => {
    expect(unrunnable(["Run pnpm preview, then edit src/server.ts."], app)).toEqual([
      "step 1: src/server.ts does not exist (nothing has been built yet)",
      'step 1: the app has no "preview" script',
    ]);
  });

  it("finds build output the app does not ignore (a typo, not a build folder)", () => {
    expect(unrunnable(["npm run build, then node --env-file=.env dits/server.js"], app)).toEqual([
      "step 1: dits/server.js does not exist",
    ]);
  });

  it("finds an npx tool the app does not depend on", () => {
    expect(unrunnable(["Create the tables: npx prisma migrate dev"], app)).toEqual([
      "step 1: npx prisma needs prisma, which the app does not depend on",
    ]);
  });
});
