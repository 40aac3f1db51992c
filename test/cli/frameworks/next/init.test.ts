/**
 * `create-auth init` on each Next.js fixture layout, run in memory: Next 16 App Router under src/ with its
 * own proxy.ts (merged, not overwritten), Next 15 App Router (middleware.ts, not proxy.ts), Next 16 Pages
 * Router (an API route through pagesApiRoute). Generated files are snapshotted; a second run plans nothing.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type CliRun,
  initFixture,
  initInMemory,
  type MemoryProject,
  memoryFixture,
  read,
  repoRoot,
  stable,
} from "../../support.js";

const LAYOUTS = [
  {
    fixture: "next-16-src",
    line: "Next.js 16.4.6 (App Router, src/, TypeScript, npm)",
    files: { auth: "src/auth.ts", route: "src/app/api/auth/[...nextauth]/route.ts", proxy: "src/proxy.ts" },
  },
  {
    fixture: "next-15-app",
    line: "Next.js 15.5.29 (App Router, TypeScript, npm)",
    files: { auth: "auth.ts", route: "app/api/auth/[...nextauth]/route.ts", proxy: "middleware.ts" },
  },
  {
    fixture: "next-16-pages",
    line: "Next.js 16.4.6 (Pages Router, TypeScript, npm)",
    files: { auth: "auth.ts", route: "pages/api/auth/[...nextauth].ts", proxy: "proxy.ts" },
  },
] as const;

describe.each(LAYOUTS)("create-auth init on $fixture", ({ fixture, line, files }) => {
  let project: MemoryProject;
  let run: CliRun;

  beforeAll(async () => {
    ({ project, run } = await initFixture(fixture, ["--providers", "oidc,credentials", "--yes", "--no-install"]));
  });

  it("says what it found and prints the plan", async () => {
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout.split("\n")[0]).toBe(`${line} at ${project.root}`);
    await expect(stable(run.stdout, project.root)).toMatchFileSnapshot(`__snapshots__/init-${fixture}/summary.txt`);
  });

  it("writes the auth module, the endpoints and the proxy as snapshotted", async () => {
    for (const [name, file] of Object.entries(files)) {
      await expect(project.read(file)).toMatchFileSnapshot(`__snapshots__/init-${fixture}/${name}.snap`);
    }
  });

  it("keeps the app's .env.local byte for byte at the top", () => {
    const original = read(path.join(repoRoot, "test/fixtures", fixture), ".env.local");
    expect(project.read(".env.local").startsWith(original)).toBe(true);
  });

  it("plans nothing on a second run", async () => {
    const before = project.hash();
    const again = await initInMemory(project, ["--providers", "oidc,credentials", "--yes", "--no-install", "--json"]);
    expect(again.status).toBe(0);
    expect(JSON.parse(again.stdout).plan.changes).toEqual([]);
    expect(project.hash()).toBe(before);
  });
});

describe("the merged proxy of next-16-src", () => {
  it("keeps the app's own proxy running, under auth, with its matcher", async () => {
    const project = memoryFixture("next-16-src");
    expect((await initInMemory(project, ["--providers", "github", "--yes", "--no-install"])).status).toBe(0);
    const proxy = project.read("src/proxy.ts");
    expect(proxy).toContain('import { auth } from "@/auth";');
    expect(proxy).toContain("function appProxy(request: NextRequest) {");
    expect(proxy).toContain("export const proxy = auth((request) => appProxy(request));");
    expect(proxy).toContain('matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],');
  });
});
