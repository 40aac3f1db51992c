/**
 * `create-auth init` on the React Router 7 fixture (framework mode, react-router-serve, TypeScript, its own
 * route middleware under future.v8_middleware), run in memory: the generated files as snapshotted for JWT
 * and for database sessions in SQLite, the app's routes.ts and root.tsx edited by insertion only (the auth
 * route listed first, auth.middleware first among the user's middleware), idempotency, remove giving the
 * app's files back; then the scaffolder's shape (no middleware, no future flag), a JavaScript app, an app
 * on the file convention (flatRoutes) and the refusals of React Router 7.8 and 8.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  authorizeBody,
  type CliRun,
  initFixture,
  initInMemory,
  type MemoryProject,
  memoryFixture,
  read,
  repoRoot,
  runInMemory,
  stable,
} from "../../support.js";

const FIXTURE = "react-router-7";
const ORIGINAL = path.join(repoRoot, "test/fixtures", FIXTURE);
const ENTRY = 'route("auth/*", "routes/auth.$.ts"),';
/** The user's own files init does not touch. */
const UNTOUCHED = [
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
  "app/notes.server.ts",
  "app/middleware/release.server.ts",
  "app/routes/shell.tsx",
  "app/routes/home.tsx",
  "app/routes/notes.tsx",
  "app/routes/api.notes.ts",
];

/** Every line of the original is still there, unchanged and in order: init only inserted. */
function onlyInserted(after: string, before: string): boolean {
  const lines = after.split("\n");
  let at = 0;
  for (const line of before.split("\n")) {
    while (at < lines.length && lines[at] !== line) at += 1;
    if (at === lines.length) return false;
    at += 1;
  }
  return true;
}

async function removeFrom(project: MemoryProject): Promise<CliRun> {
  return runInMemory(project, ["remove", project.root, "--yes", "--no-install"], { bin: "auth" });
}

const CASES = [
  { name: "jwt", args: [] as string[] },
  { name: "database-sqlite", args: ["--strategy", "database", "--db", "sqlite"] },
] as const;

describe.each(CASES)("create-auth init (react-router-7, $name)", ({ name, args }) => {
  const snapshots = `__snapshots__/init-${FIXTURE}-${name}`;
  const flags = ["--providers", "oidc,credentials", ...args, "--yes", "--no-install"];
  let project: MemoryProject;
  let first: CliRun;

  // The first init of a run loads the TypeScript parser: a loaded machine needs more than the default 10 s.
  beforeAll(async () => {
    ({ project, run: first } = await initFixture(FIXTURE, flags));
  }, 60_000);

  it("recognises the app and prints the plan summary and next steps", async () => {
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    expect(first.stdout.split("\n")[0]).toContain("React Router 7.18.4 (TypeScript");
    await expect(stable(first.stdout, project.root)).toMatchFileSnapshot(`${snapshots}/summary.txt`);
  });

  it("writes the auth module and the resource route, and edits routes.ts and root.tsx, as snapshotted", async () => {
    await expect(project.read("app/auth.server.ts")).toMatchFileSnapshot(`${snapshots}/auth.server.ts.snap`);
    await expect(project.read("app/routes/auth.$.ts")).toMatchFileSnapshot(`${snapshots}/auth-route.ts.snap`);
    await expect(project.read("app/routes.ts")).toMatchFileSnapshot(`${snapshots}/routes.ts.snap`);
    await expect(project.read("app/root.tsx")).toMatchFileSnapshot(`${snapshots}/root.tsx.snap`);
    await expect(project.read(".env.example")).toMatchFileSnapshot(`${snapshots}/env.example.snap`);
    await expect(project.read("package.json")).toMatchFileSnapshot(`${snapshots}/package.json.snap`);
    if (name === "database-sqlite") {
      await expect(project.read("app/auth-db.ts")).toMatchFileSnapshot(`${snapshots}/auth-db.ts.snap`);
    }
  });

  it("keeps the user's routes, middleware and layout: insertions only, the auth route and middleware first", () => {
    for (const file of UNTOUCHED) expect(project.read(file), file).toBe(read(ORIGINAL, file));
    expect(onlyInserted(project.read("app/routes.ts"), read(ORIGINAL, "app/routes.ts"))).toBe(true);
    // The root: its import, and the entry inside the user's own one-line middleware array.
    expect(
      project
        .read("app/root.tsx")
        .replace('import { auth } from "./auth.server";\n', "")
        .replace("[auth.middleware, ", "["),
    ).toBe(read(ORIGINAL, "app/root.tsx"));
    const routes = project.read("app/routes.ts");
    expect(routes.indexOf(ENTRY)).toBeLessThan(routes.indexOf('layout("routes/shell.tsx"'));
    expect(project.read("app/root.tsx")).toContain(
      'export const middleware: Route.MiddlewareFunction[] = [auth.middleware, releaseHeader("2026.11")];',
    );
    expect(project.read("app/root.tsx")).toContain('import { auth } from "./auth.server";');
    // react-router-serve reads no env file: the auth module loads it.
    expect(project.read("app/auth.server.ts")).toContain('nodeProcess.loadEnvFile(".env");');
  });

  it("writes the credentials authorize denied by default", () => {
    const body = authorizeBody(project.read("app/auth.server.ts"));
    expect(body.filter((line) => /\breturn\b/.test(line)).map((line) => line.trim())).toEqual([
      "return null;",
      "return null;",
    ]);
  });

  it("keeps the existing .env byte for byte and appends a fresh secret, which git ignores", () => {
    const env = project.read(".env");
    expect(env.startsWith(read(ORIGINAL, ".env"))).toBe(true);
    const secret = /^AUTH_SECRET=(.*)$/m.exec(env)?.[1] ?? "";
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.stdout).not.toContain(secret);
    const ignores = project.read(".gitignore");
    expect(ignores.startsWith(read(ORIGINAL, ".gitignore"))).toBe(true);
    expect(ignores.split("\n")).toContain(".env");
  });

  it("plans nothing on a second run, even after the user edited the generated files", async () => {
    project.write(
      "app/auth.server.ts",
      project.read("app/auth.server.ts").replace("return null;", "return null; // edited by the user"),
    );
    project.write("app/routes/auth.$.ts", `${project.read("app/routes/auth.$.ts")}// mine\n`);
    const before = project.hash();
    const second = await initInMemory(project, [...flags, "--json"]);
    expect(second.status).toBe(0);
    expect(JSON.parse(second.stdout).plan.changes).toEqual([]);
    expect(project.hash()).toBe(before);
  });

  it("remove gives routes.ts and root.tsx back byte for byte and deletes init's files", async () => {
    const copy = memoryFixture(FIXTURE);
    const init = await initInMemory(copy, flags);
    expect([init.status, init.stderr]).toEqual([0, ""]);
    const removed = await removeFrom(copy);
    expect([removed.status, removed.stderr]).toEqual([0, ""]);
    for (const file of ["app/routes.ts", "app/root.tsx", "react-router.config.ts", "package.json"]) {
      expect(copy.read(file), file).toBe(read(ORIGINAL, file));
    }
    expect(copy.has("app/auth.server.ts")).toBe(false);
    expect(copy.has("app/routes/auth.$.ts")).toBe(false);
  });
});

/** The fixture as create-react-router writes it: no middleware in the root, no future flag in the config. */
function scaffoldedApp(): MemoryProject {
  const project = memoryFixture(FIXTURE);
  project.write(
    "react-router.config.ts",
    [
      'import type { Config } from "@react-router/dev/config";',
      "",
      "export default {",
      "  // Server-side render by default, to enable SPA mode set this to `false`",
      "  ssr: true,",
      "} satisfies Config;",
      "",
    ].join("\n"),
  );
  project.write(
    "app/root.tsx",
    project
      .read("app/root.tsx")
      .replace('import { releaseHeader } from "./middleware/release.server";\n', "")
      .replace(/\n\/\/ Every response says[^\n]*\nexport const middleware[^\n]*\n/, ""),
  );
  project.write(
    "app/routes.ts",
    [
      'import { type RouteConfig, index } from "@react-router/dev/routes";',
      "",
      'export default [index("routes/home.tsx")] satisfies RouteConfig;',
      "",
    ].join("\n"),
  );
  return project;
}

describe("create-auth init on React Router apps of other shapes", () => {
  it("adds the root's middleware export and the future flag to the scaffolder's app, and remove takes both back", async () => {
    const project = scaffoldedApp();
    const original = new Map(
      ["app/root.tsx", "app/routes.ts", "react-router.config.ts"].map((f) => [f, project.read(f)]),
    );
    const run = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect([run.status, run.stderr]).toEqual([0, ""]);
    const root = project.read("app/root.tsx");
    expect(root).toContain('import { auth } from "./auth.server";');
    expect(root).toContain("export const middleware = [auth.middleware];");
    expect(project.read("react-router.config.ts")).toContain("  future: { v8_middleware: true },\n  // Server-side");
    expect(project.read("app/routes.ts")).toContain(
      'import { type RouteConfig, index, route } from "@react-router/dev/routes";',
    );
    expect(project.read("app/routes.ts")).toContain(
      'export default [route("auth/*", "routes/auth.$.ts"), index("routes/home.tsx")] satisfies RouteConfig;',
    );
    const removed = await removeFrom(project);
    expect([removed.status, removed.stderr]).toEqual([0, ""]);
    for (const [file, text] of original) expect(project.read(file), file).toBe(text);
  });

  it("creates react-router.config.ts with the flag when the app has none, and remove deletes it", async () => {
    const project = scaffoldedApp();
    project.remove("react-router.config.ts");
    const run = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect([run.status, run.stderr]).toEqual([0, ""]);
    expect(project.read("react-router.config.ts")).toContain("future: { v8_middleware: true },");
    const removed = await removeFrom(project);
    expect([removed.status, removed.stderr]).toEqual([0, ""]);
    expect(project.has("react-router.config.ts")).toBe(false);
  });

  it("writes JavaScript with a JSDoc type for a JavaScript app", async () => {
    const project = scaffoldedApp();
    project.remove("tsconfig.json");
    for (const [from, to] of [
      ["app/root.tsx", "app/root.jsx"],
      ["app/routes.ts", "app/routes.js"],
      ["react-router.config.ts", "react-router.config.js"],
    ] as const) {
      project.write(
        to,
        project
          .read(from)
          .replace(/^import type .*\n\n?/gm, "")
          .replace(/ satisfies \w+/g, "")
          .replace(/: Route\.\w+/g, "")
          .replace(/\{ children \}: \{ children: React\.ReactNode \}/, "{ children }")
          .replace(/, type RouteConfig/, ""),
      );
      project.remove(from);
    }
    const run = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect([run.status, run.stderr]).toEqual([0, ""]);
    expect(run.stdout.split("\n")[0]).toContain("(JavaScript");
    const auth = project.read("app/auth.server.js");
    expect(auth).toContain('/** @type {import("@create-auth/runtime/react-router").ReactRouterAuthConfig} */');
    expect(auth).toContain('if (code !== undefined && code !== "ENOENT") throw error;');
    expect(project.read("app/routes/auth.$.js")).toContain("export const loader = auth.loader;");
    expect(project.read("app/routes.js")).toContain('route("auth/*", "routes/auth.$.js")');
    expect(project.read("app/root.jsx")).toContain("export const middleware = [auth.middleware];");
    expect(project.read("react-router.config.js")).toContain("future: { v8_middleware: true },");
  });

  it("lists nothing for an app on the file convention: flatRoutes() serves routes/auth.$.ts by its name", async () => {
    const project = scaffoldedApp();
    const routes = [
      'import { type RouteConfig } from "@react-router/dev/routes";',
      'import { flatRoutes } from "@react-router/fs-routes";',
      "",
      "export default flatRoutes() satisfies RouteConfig;",
      "",
    ].join("\n");
    project.write("app/routes.ts", routes);
    const run = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect([run.status, run.stderr]).toEqual([0, ""]);
    expect(project.read("app/routes.ts")).toBe(routes);
    expect(project.has("app/routes/auth.$.ts")).toBe(true);
  });

  it("refuses React Router 7.8 (no route middleware) and 8, saying what it sets up", async () => {
    for (const [version, says] of [
      ["^7.8.2", "Upgrade (npm install react-router@7"],
      ["^8.4.0", "until init supports React Router 8"],
    ] as const) {
      const project = memoryFixture(FIXTURE);
      project.write(
        "package.json",
        project.read("package.json").replace('"@react-router/dev": "7.18.4"', `"@react-router/dev": "${version}"`),
      );
      const before = project.hash();
      const run = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
      expect(run.status, version).toBe(1);
      expect(run.stderr).toContain("create-auth sets up React Router 7.9 or later in framework mode");
      expect(run.stderr).toContain(says);
      expect(project.hash()).toBe(before);
    }
  });
});
