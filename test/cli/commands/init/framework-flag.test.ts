/**
 * `init --framework <id>` as a user types it, for each of the five frameworks: on its own fixture it sets up
 * that framework; against detection it says so and goes ahead only where the app depends on the framework
 * it names, else it stops with one line and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertBuilt,
  copyFixture,
  hashTree,
  initInMemory,
  memoryFixture,
  read,
  removeTemps,
  runCli,
} from "../../support.js";

const ARGS = ["--providers", "github", "--yes", "--no-install"];

describe("init --framework on each framework's app", () => {
  it.each([
    { framework: "next", fixture: "next-app", name: "Next.js", writes: "app/api/auth/[...nextauth]/route.ts" },
    { framework: "sveltekit", fixture: "sveltekit-2", name: "SvelteKit", writes: "src/hooks.server.ts" },
    { framework: "express", fixture: "express-5-ts", name: "Express", writes: "src/auth.ts" },
    {
      framework: "solid-start",
      fixture: "solid-start-2",
      name: "SolidStart",
      writes: "src/routes/api/auth/[...solidauth].ts",
    },
    { framework: "qwik", fixture: "qwik-city-1", name: "Qwik City", writes: "src/routes/plugin@auth.ts" },
  ])("--framework $framework sets up $name", async ({ framework, fixture, name, writes }) => {
    const project = memoryFixture(fixture);
    const run = await initInMemory(project, ["--framework", framework, ...ARGS]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout.split("\n")[0]).toMatch(new RegExp(`^${name} \\d`));
    expect(run.stdout).not.toContain("--framework");
    expect(project.has(writes)).toBe(true);
  });
});

describe("init --framework against detection", () => {
  it.each([
    { fixture: "next-app", framework: "sveltekit", needs: "@sveltejs/kit", found: "Next.js" },
    { fixture: "sveltekit-2", framework: "next", needs: "next", found: "SvelteKit" },
    { fixture: "qwik-city-1", framework: "express", needs: "express", found: "Qwik City" },
    { fixture: "express-4-js", framework: "solid-start", needs: "@solidjs/start", found: "Express" },
    { fixture: "solid-start-1", framework: "qwik", needs: "@builder.io/qwik-city", found: "SolidStart" },
  ])(
    "$fixture with --framework $framework: one line naming $needs, nothing written",
    async ({ fixture, framework, needs, found }) => {
      const project = memoryFixture(fixture);
      const before = project.hash();
      const run = await initInMemory(project, ["--framework", framework, ...ARGS]);
      // A value that does not fit the app: a usage error, as docs/cli-init.md classes a bad value.
      expect(run.status).toBe(2);
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
      expect(run.stderr).toContain(`--framework ${framework}`);
      expect(run.stderr).toContain(`does not depend on ${needs}`);
      expect(run.stderr).toContain(`; detection found ${found} (`);
      expect(project.hash()).toBe(before);
    },
  );

  it("sets up Express in a SvelteKit app that serves its build through an Express server, and says so", async () => {
    const project = memoryFixture("sveltekit-2");
    const pkg = JSON.parse(project.read("package.json")) as { dependencies?: Record<string, string> };
    pkg.dependencies = { ...pkg.dependencies, express: "^5.1.0" };
    project.write("package.json", `${JSON.stringify(pkg, null, 2)}\n`);
    project.write(
      "server.js",
      [
        'import express from "express";',
        'import { handler } from "./build/handler.js";',
        "",
        "const app = express();",
        "app.use(handler);",
        "app.listen(3000);",
        "",
      ].join("\n"),
    );
    const run = await initInMemory(project, ["--framework", "express", ...ARGS]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      "Note: --framework express: setting up Express (express in package.json), although detection found SvelteKit (@sveltejs/kit in package.json, svelte.config.js, vite.config.ts).",
    );
    expect(project.read("server.js")).toContain('app.use("/auth", ExpressAuth(authConfig));');
    expect(project.has("auth.js")).toBe(true);
    expect(project.has("src/auth.ts")).toBe(false);
  });

  it("still refuses a Qwik 2 app forced to Qwik City, with the reason", async () => {
    const project = memoryFixture("qwik-city-1");
    const text = project.read("package.json").replace('"@builder.io/qwik-city"', '"@qwik.dev/router"');
    project.write("package.json", text);
    const run = await initInMemory(project, ["--framework", "qwik", ...ARGS]);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("This is a Qwik 2 project");
  });
});

describe("init --framework as users run it (the built CLI in a copy of the fixture)", () => {
  beforeAll(assertBuilt);
  afterAll(removeTemps);

  it("sets up SvelteKit from the app's folder with --framework sveltekit", () => {
    const dir = copyFixture("sveltekit-2");
    const run = runCli(["init", "--framework", "sveltekit", ...ARGS], { cwd: dir });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^SvelteKit \d/);
    expect(read(dir, "src/hooks.server.ts")).toContain("./auth");
  });

  it("exits 2 (usage) with one line for --framework sveltekit on a Next.js app, writing nothing", () => {
    const dir = copyFixture("next-app");
    const before = hashTree(dir);
    const run = runCli(["init", "--framework", "sveltekit", ...ARGS], { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain("does not depend on @sveltejs/kit");
    expect(hashTree(dir)).toBe(before);
  });
});
