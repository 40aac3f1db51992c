/**
 * SvelteKit 3 has no `$lib` alias (`vite build` stops with module_removed_lib): the auth module of a SvelteKit 3
 * app imports its database client relatively, while SvelteKit 2 apps keep `$lib/server/…`. The e2e file
 * test/e2e/sveltekit-3-database.test.ts builds and signs into such an app.
 */
import { describe, expect, it } from "vitest";
import { initFixture } from "../../support.js";

describe("the database client's import in the SvelteKit auth module", () => {
  it.each([
    ["sveltekit-3", 'import { db } from "./lib/server/auth-db";'],
    ["sveltekit-2", 'import { db } from "$lib/server/auth-db";'],
  ])("%s: %s", async (fixture, line) => {
    const { project, run } = await initFixture(fixture, [
      "--providers",
      "oidc",
      "--db",
      "sqlite",
      "--yes",
      "--no-install",
    ]);
    expect(run.status, run.stderr).toBe(0);
    const auth = project.read("src/auth.ts");
    expect(auth).toContain(line);
    expect(auth).not.toMatch(fixture === "sveltekit-3" ? /\$lib\// : /"\.\/lib\//);
    expect(project.read("src/lib/server/auth-db.ts")).toContain("export const db");
  });
});
