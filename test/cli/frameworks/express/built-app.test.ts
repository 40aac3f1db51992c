/**
 * An Express TypeScript app after `npm run build`: its start script runs `dist/server.js`, which now exists
 * beside `src/server.ts`. add-provider and remove-provider must still edit the source auth module
 * (`src/auth.ts`), not the compiled copy in dist/ that the next build overwrites (found by the add-provider
 * e2e: remove-provider edited dist/auth.js and deleted the runtime module src/auth.ts still imported).
 */
import { describe, expect, it } from "vitest";
import { type CliRun, initFixture, type MemoryProject, runInMemory } from "../../support.js";

const APPLY = ["--yes", "--no-install"];

function auth(project: MemoryProject, command: string, id: string): Promise<CliRun> {
  return runInMemory(project, [command, id, project.root, ...APPLY], { bin: "auth" });
}

/** What `tsc` leaves in dist/ for the fixture's sources (the same modules, as the compiled JavaScript). */
function build(project: MemoryProject): void {
  for (const file of ["src/server.ts", "src/app.ts", "src/auth.ts"]) {
    project.write(file.replace(/^src\//, "dist/").replace(/\.ts$/, ".js"), project.read(file));
  }
}

describe("add-provider and remove-provider on a built Express TypeScript app (express-5-ts)", () => {
  it("edit src/auth.ts, and leave the build output in dist/ to the next build", async () => {
    const { project } = await initFixture("express-5-ts", ["--providers", "credentials", ...APPLY]);
    build(project);
    const compiled = project.read("dist/auth.js");

    const added = await auth(project, "add-provider", "oidc");
    expect(added.stderr).toBe("");
    expect(added.status).toBe(0);
    expect(added.stdout).toContain("Adding OIDC (oidc) to src/auth.ts.");
    expect(project.read("src/auth.ts")).toContain('import OIDC from "@create-auth/runtime/providers/oidc";');
    expect(project.read("dist/auth.js")).toBe(compiled);

    build(project);
    const removed = await auth(project, "remove-provider", "oidc");
    expect(removed.stderr).toBe("");
    expect(removed.status).toBe(0);
    expect(removed.stdout).toContain("Removing OIDC (oidc) from src/auth.ts.");
    expect(project.read("src/auth.ts")).not.toContain("providers/oidc");
    expect(project.read("dist/auth.js")).toContain("providers/oidc");
  });
});
