/**
 * `create-auth init` on the SvelteKit 2 and 3 fixtures, run in memory: the generated files as snapshotted,
 * the app's hooks and layout merged (not replaced), and a second run planning nothing.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type CliRun, initFixture, initInMemory, type MemoryProject, read, repoRoot, stable } from "../../support.js";

const INIT = ["--providers", "oidc,credentials", "--yes", "--no-install"];

describe.each(["sveltekit-2", "sveltekit-3"])("create-auth init (%s)", (fixture) => {
  const snapshots = `__snapshots__/init-${fixture}`;
  let project: MemoryProject;
  let first: CliRun;

  beforeAll(async () => {
    ({ project, run: first } = await initFixture(fixture, [...INIT]));
  }, 60_000);

  it("exits 0 and prints the plan summary and next steps", async () => {
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    await expect(stable(first.stdout, project.root)).toMatchFileSnapshot(`${snapshots}/summary.txt`);
  });

  it("generates the auth module, the action routes, the hooks and the layout load as snapshotted", async () => {
    for (const [file, snapshot] of [
      ["src/auth.ts", "auth.ts.snap"],
      ["src/hooks.server.ts", "hooks.server.ts.snap"],
      ["src/routes/+layout.server.ts", "layout.server.ts.snap"],
      ["src/routes/signin/+page.server.ts", "signin.page.server.ts.snap"],
      ["src/routes/signin/+page.svelte", "signin.page.svelte.snap"],
      ["src/routes/signout/+page.server.ts", "signout.page.server.ts.snap"],
      [".env.example", "env.example.snap"],
      ["package.json", "package.json.snap"],
    ] as const) {
      await expect(project.read(file)).toMatchFileSnapshot(`${snapshots}/${snapshot}`);
    }
  });

  it("declares the auth environment variables in src/env.ts on SvelteKit 3 only", async () => {
    if (fixture === "sveltekit-3") {
      await expect(project.read("src/env.ts")).toMatchFileSnapshot(`${snapshots}/env.ts.snap`);
    } else {
      expect(first.stdout).not.toContain("src/env.ts");
    }
  });

  it("keeps the app's own handle, after the auth handle", () => {
    const hooks = project.read("src/hooks.server.ts");
    expect(hooks).toContain('response.headers.set("x-served-by", "acme-notes");');
    expect(hooks).toContain("export const handle = sequence(authHandle, appHandle);");
  });

  it("keeps .env byte for byte and appends a fresh secret", () => {
    const env = project.read(".env");
    expect(env.startsWith(read(path.join(repoRoot, "test/fixtures", fixture), ".env"))).toBe(true);
    const secret = /^AUTH_SECRET=(.*)$/m.exec(env)?.[1] ?? "";
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.stdout).not.toContain(secret);
  });

  it("ships the Svelte components in the runtime package, exported under the svelte condition", () => {
    const runtime = "vendor/auth-runtime";
    expect(project.read(`${runtime}/sveltekit/SignIn.svelte`)).toBe(
      read(path.join(repoRoot, "dist/runtime"), "sveltekit/SignIn.svelte"),
    );
    const pkg = JSON.parse(project.read(`${runtime}/package.json`));
    expect(pkg.exports["./sveltekit/components"]).toMatchObject({ svelte: "./sveltekit/components.js" });
  });

  it("plans nothing on a second run", { timeout: 60_000 }, async () => {
    const before = project.hash();
    const second = await initInMemory(project, [...INIT, "--json"]);
    expect(second.status).toBe(0);
    expect(JSON.parse(second.stdout).plan.changes).toEqual([]);
    expect(project.hash()).toBe(before);
  });
});
