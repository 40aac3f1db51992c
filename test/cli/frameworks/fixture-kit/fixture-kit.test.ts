/**
 * The proof that a framework lands in one folder: Fixture Kit (this folder: facts.ts, target.ts, its edit
 * and undo, its doctor check, its templates) joins the registry by one entry, as a new framework joins
 * src/cli/frameworks/index.ts, and then gets init, add-provider, doctor and remove as the five real ones do,
 * with no other change anywhere. docs/contributing-a-framework.md walks through the same steps.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detectProject } from "../../../../src/cli/frameworks/detect-project.js";
import { REGISTRY, type RegistryLine } from "../../../../src/cli/frameworks/index.js";
import { doctor } from "../../commands/doctor/support.js";
import { type MemoryProject, memoryFixture, runInMemory } from "../../support.js";
import { AUTH_ROUTE } from "./server-edit.js";

/** The one registry line, added for this file and taken out after it (test files share modules here). */
const line: RegistryLine = {
  id: "fixture-kit",
  facts: async () => (await import("./facts.js")).fixtureKitFacts,
  target: async () => (await import("./target.js")).fixtureKitTarget,
};
beforeAll(() => {
  (REGISTRY as RegistryLine[]).push(line);
});
afterAll(() => {
  (REGISTRY as RegistryLine[]).splice(REGISTRY.indexOf(line), 1);
});

const SERVER = 'export function fetch(request: Request): Response {\n  return new Response("hello");\n}\n';
const APP: Record<string, string> = {
  "package.json": `${JSON.stringify({ name: "kit-app", private: true, type: "module", dependencies: { "fixture-kit": "^1.2.0" } }, null, 2)}\n`,
  "tsconfig.json": '{ "compilerOptions": { "strict": true } }\n',
  ".gitignore": "node_modules\n.env\n",
  "fixture.config.js": "export default {};\n",
  "src/server.ts": SERVER,
};
const APPLY = ["--yes", "--no-install"];

/** A Fixture Kit app held in memory. */
function kitApp(): MemoryProject {
  const project = memoryFixture("express-5-ts");
  project.files.clear();
  for (const [file, text] of Object.entries(APP)) project.files.set(file, text);
  return project;
}

describe("a framework added as one folder and one registry entry (Fixture Kit)", () => {
  it("is detected from its package, with its version and its config file as evidence", async () => {
    const { info, target } = await detectProject(kitApp().reader(), {});
    expect(target.id).toBe("fixture-kit");
    expect(info.framework).toMatchObject({ id: "fixture-kit", name: "Fixture Kit", version: "1.2.0", major: 1 });
    expect(info.evidence).toEqual(["fixture-kit in package.json", "fixture.config.js"]);
    expect(info.envFile).toBe(".env");
  });

  it("gets init, add-provider, doctor and remove, and remove gives the app back", async () => {
    const project = kitApp();
    const init = await runInMemory(project, ["init", project.root, "--providers", "github", ...APPLY]);
    expect(init.stderr).toBe("");
    expect(init.status).toBe(0);
    const auth = project.read("src/auth.ts");
    expect(auth).toContain('import GitHub from "@create-auth/runtime/providers/github";');
    expect(auth).toContain("export function handleAuth(request: Request)");
    expect(project.read("src/server.ts")).toContain(AUTH_ROUTE);
    expect(JSON.parse(project.read("package.json")).dependencies["@create-auth/runtime"]).toMatch(/^file:/);
    expect(init.stdout).toContain("http://localhost:4000/auth/callback/github");

    const add = await runInMemory(project, ["add-provider", "google", project.root, ...APPLY], { bin: "auth" });
    expect(add.stderr).toBe("");
    expect(add.status).toBe(0);
    expect(project.read("src/auth.ts")).toContain('import Google from "@create-auth/runtime/providers/google";');

    // The providers' keys, as the user sets them after registering the apps (doctor reads the environment too).
    const keys = {
      AUTH_GITHUB_ID: "id",
      AUTH_GITHUB_SECRET: "secret",
      AUTH_GOOGLE_ID: "id",
      AUTH_GOOGLE_SECRET: "secret",
    };
    const checked = await doctor(project, {}, keys);
    expect(checked.findings.filter((found) => found.level === "error")).toEqual([]);
    expect(checked.ids).toContain("wiring.fixture-kit-route");
    const server = project.read("src/server.ts");
    project.write("src/server.ts", SERVER);
    expect((await doctor(project, {}, keys)).ids).toContain("wiring.fixture-kit-route-missing");
    project.write("src/server.ts", server);

    const removed = await runInMemory(project, ["remove", project.root, ...APPLY], { bin: "auth" });
    expect(removed.stderr).toBe("");
    expect(removed.status).toBe(0);
    // The env file keeps what the user may have filled in (remove reports it); every other file is as it was.
    const files = [...new Set([...Object.keys(APP), ...project.files.keys()])].filter((file) => file !== ".env");
    expect(files.filter((file) => project.files.get(file) !== APP[file])).toEqual([]);
  });
});
