/**
 * The framework's major version is a fact of ProjectInfo (`framework.major`), parsed once in detection
 * (project/framework.ts): read from each fixture framework version, from a declared range, and from what
 * node_modules holds when the range names no number; and the targets act on it (Next 15's middleware.ts).
 */
import { describe, expect, it } from "vitest";
import { detectProject } from "../../../src/cli/frameworks/detect-project.js";
import { memoryReader } from "../../../src/cli/project/reader.js";
import { initInMemory, type MemoryProject, memoryFixture } from "../support.js";

async function frameworkOf(project: MemoryProject) {
  const { info } = await detectProject(memoryReader(project.root, project.files), {});
  return { id: info.framework.id, version: info.framework.version, major: info.framework.major };
}

/** next-15-app with package.json declaring `next` as `range`, and optionally next `installed` in node_modules. */
function next15With(range: string, installed?: string): MemoryProject {
  const project = memoryFixture("next-15-app");
  const pkg = JSON.parse(project.read("package.json")) as { dependencies: Record<string, string> };
  pkg.dependencies["next"] = range;
  project.files.set("package.json", `${JSON.stringify(pkg, null, 2)}\n`);
  if (installed)
    project.files.set("node_modules/next/package.json", JSON.stringify({ name: "next", version: installed }));
  return project;
}

describe("the framework's major version, a fact of ProjectInfo", () => {
  it.each([
    ["next-15-app", "next", "15.5.29", 15],
    ["next-16-src", "next", "16.4.6", 16],
    ["next-16-pages", "next", "16.4.6", 16],
    ["sveltekit-2", "sveltekit", "2.70.4", 2],
    ["sveltekit-3", "sveltekit", "3.2.0", 3],
    ["express-4-js", "express", "4.22.3", 4],
    ["express-5-ts", "express", "5.3.0", 5],
    ["solid-start-1", "solid-start", "1.3.2", 1],
    ["solid-start-2", "solid-start", "2.0.5", 2],
    ["qwik-city-1", "qwik", "1.20.1", 1],
  ])("reads %s as %s %s, major %i", async (fixture, id, version, major) => {
    expect(await frameworkOf(memoryFixture(fixture))).toEqual({ id, version, major });
  });

  it("takes the major from a declared range without its operator", async () => {
    expect(await frameworkOf(next15With("^15.2.0"))).toMatchObject({ version: "15.2.0", major: 15 });
    expect(await frameworkOf(next15With(">=16.0.0 <17"))).toMatchObject({ version: "16.0.0", major: 16 });
  });

  it("is null for a range that names no number and nothing installed", async () => {
    expect(await frameworkOf(next15With("latest"))).toMatchObject({ version: null, major: null });
    expect(await frameworkOf(next15With("workspace:*"))).toMatchObject({ version: null, major: null });
  });

  it("prefers the installed version to the declared range", async () => {
    expect(await frameworkOf(next15With("latest", "16.1.0"))).toMatchObject({ version: "16.1.0", major: 16 });
    expect(await frameworkOf(next15With("^15.2.0", "15.5.3"))).toMatchObject({ version: "15.5.3", major: 15 });
  });

  it("decides Next's middleware.ts or proxy.ts for the same app by the major it was given", async () => {
    const args = ["--providers", "github", "--yes", "--no-install"];
    const older = next15With("^15.2.0");
    expect((await initInMemory(older, args)).status).toBe(0);
    expect([older.files.has("middleware.ts"), older.files.has("proxy.ts")]).toEqual([true, false]);
    const installed16 = next15With("latest", "16.1.0");
    expect((await initInMemory(installed16, args)).status).toBe(0);
    expect([installed16.files.has("middleware.ts"), installed16.files.has("proxy.ts")]).toEqual([false, true]);
  });
});
