/**
 * The next steps init prints are computed from the app: the script that exists (`dev` or `start`), the
 * package manager, the monorepo's workspace command when the app is a workspace member, and Qwik City's
 * production step only naming the Node server when the app has that adapter.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { initInMemory, type MemoryProject, memoryFixture, runInMemory } from "./support.js";

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
