/**
 * add-provider and remove-provider on the project shapes init supports (test/fixtures/shape-*: npm, pnpm,
 * yarn and bun; workspaces run from their root with the app's folder; JavaScript apps; tsconfig references;
 * no alias), in memory: after init, adding GitHub writes into the app only; removing it gives back every
 * file init left.
 */
import { describe, expect, it } from "vitest";
import { memoryFixture, runInMemory } from "../../support.js";

describe.each([
  { fixture: "shape-npm-workspace", dir: "apps/web" },
  { fixture: "shape-pnpm-workspace-sveltekit-js", dir: "apps/web" },
  { fixture: "shape-yarn-berry-workspace-qwik", dir: "apps/web" },
  { fixture: "shape-yarn-classic-workspace", dir: "apps/api" },
  { fixture: "shape-pnpm-sveltekit", dir: "." },
  { fixture: "shape-solid-js", dir: "." },
  { fixture: "shape-npm-shrinkwrap-next-js", dir: "." },
  { fixture: "shape-yarn-classic-express-cjs", dir: "." },
  { fixture: "shape-bun-lockb-express", dir: "." },
  { fixture: "shape-bun-lock-solid", dir: "." },
  { fixture: "shape-tsconfig-references-solid", dir: "." },
  { fixture: "shape-tsconfig-extends-next", dir: "." },
  { fixture: "shape-no-alias-next", dir: "." },
])("$fixture ($dir)", ({ fixture, dir }) => {
  it("add-provider github then remove-provider github, from where init was run", async () => {
    const project = memoryFixture(fixture);
    const init = await runInMemory(project, ["init", dir, "--providers", "credentials", "--yes", "--no-install"]);
    expect([init.status, init.stderr]).toEqual([0, ""]);
    const initialised = new Map(project.files);
    const add = await runInMemory(project, ["add-provider", "github", dir, "--yes", "--no-install", "--json"]);
    expect([add.status, add.stderr]).toEqual([0, ""]);
    const result = JSON.parse(add.stdout) as { project: { authModule: string } };
    const prefix = dir === "." ? "" : `${dir}/`;
    expect(project.read(`${prefix}${result.project.authModule}`)).toMatch(
      /^(?:import GitHub from |const GitHub = require\()"@create-auth\/runtime\/providers\/github"/m,
    );
    const changed = [...project.files.keys()].filter((file) => initialised.get(file) !== project.files.get(file));
    expect(changed.every((file) => file.startsWith(prefix))).toBe(true);
    const removed = await runInMemory(project, ["remove-provider", "github", dir, "--yes", "--no-install"]);
    expect([removed.status, removed.stderr]).toEqual([0, ""]);
    const left = [...new Set([...initialised.keys(), ...project.files.keys()])].filter(
      (file) => initialised.get(file) !== project.files.get(file),
    );
    expect(left).toEqual([]);
  });
});
