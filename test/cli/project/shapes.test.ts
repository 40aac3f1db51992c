/**
 * Every project shape init meets (issue 12, "Project shapes"), each a realistic fixture under
 * test/fixtures/shape-*: the package manager (by lockfile, packageManager, workspace root), yarn classic
 * and berry, npm/pnpm/yarn workspaces run from the root with the app's folder, tsconfig `references` and
 * `extends` chains, jsconfig, the `~/`, `#/`, `@/` aliases or none, src/ or not, and JavaScript apps. Each
 * runs `init <app> --providers github --no-install --yes` in memory, as a user types it: one snapshot of
 * what it prints, and assertions on what detection decided and what the generated files and next steps say.
 */
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { type CliRun, type MemoryProject, memoryFixture, runInMemory, stable } from "../support.js";

const ARGS = ["--providers", "github", "--no-install", "--yes"];

interface Shape {
  fixture: string;
  /** The app's folder inside the fixture ("." unless the fixture is a workspace). */
  app: string;
  /** What the detection line says (framework, language, manager, workspace). */
  detected: string;
  install: string;
  /** The command in "Start the app (…)". */
  start: string;
  language: "ts" | "js";
  /** A generated file and the import of the auth module it must use (the project's alias, or relative). */
  imports: { file: string; from: string };
}

const SHAPES: Shape[] = [
  {
    fixture: "shape-npm-lockfile",
    app: ".",
    detected: "Next.js 16.4.6 (App Router, src/, TypeScript, npm)",
    install: "npm install --no-audit --no-fund",
    start: "npm run dev",
    language: "ts",
    imports: { file: "src/app/api/auth/[...nextauth]/route.ts", from: "@/auth" },
  },
  {
    fixture: "shape-npm-shrinkwrap-next-js",
    app: ".",
    detected: "Next.js 15.5.29 (App Router, JavaScript, npm)",
    install: "npm install --no-audit --no-fund",
    start: "npm run dev",
    language: "js",
    imports: { file: "app/api/auth/[...nextauth]/route.js", from: "@/auth" },
  },
  {
    fixture: "shape-pnpm-sveltekit",
    app: ".",
    detected: "SvelteKit 2.70.4 (TypeScript, pnpm)",
    install: "pnpm install",
    start: "pnpm dev",
    language: "ts",
    imports: { file: "src/routes/signin/+page.server.ts", from: "../../auth" },
  },
  {
    fixture: "shape-yarn-classic-express-cjs",
    app: ".",
    detected: "Express 4.22.3 (JavaScript, yarn classic)",
    install: "yarn install",
    start: "yarn start",
    language: "js",
    imports: { file: "app.js", from: "./auth" },
  },
  {
    fixture: "shape-bun-lock-solid",
    app: ".",
    detected: "SolidStart 2.0.5 (TypeScript, bun)",
    install: "bun install",
    start: "bun run dev",
    language: "ts",
    imports: { file: "src/routes/api/auth/[...solidauth].ts", from: "~/auth" },
  },
  {
    fixture: "shape-bun-lockb-express",
    app: ".",
    detected: "Express 5.3.0 (TypeScript, bun)",
    install: "bun install",
    start: "bun run build && bun run start",
    language: "ts",
    imports: { file: "src/app.ts", from: "./auth.js" },
  },
  {
    fixture: "shape-package-manager-field",
    app: ".",
    detected: "SvelteKit 3.2.0 (TypeScript, pnpm)",
    install: "pnpm install",
    start: "pnpm dev",
    language: "ts",
    imports: { file: "src/routes/signout/+page.server.ts", from: "../../auth" },
  },
  {
    fixture: "shape-two-lockfiles",
    app: ".",
    detected: "Next.js 15.5.29 (App Router, TypeScript, pnpm)",
    install: "pnpm install",
    start: "pnpm dev",
    language: "ts",
    imports: { file: "middleware.ts", from: "@/auth" },
  },
  {
    fixture: "shape-npm-workspace",
    app: "apps/web",
    detected: "Next.js 16.4.6 (App Router, src/, TypeScript, npm, workspace ../..)",
    install: "npm install --no-audit --no-fund",
    start: "npm run dev -w web",
    language: "ts",
    imports: { file: "src/app/api/auth/[...nextauth]/route.ts", from: "@/auth" },
  },
  {
    fixture: "shape-pnpm-workspace-sveltekit-js",
    app: "apps/web",
    detected: "SvelteKit 2.70.4 (JavaScript, pnpm, workspace ../..)",
    install: "pnpm install",
    start: "pnpm --filter web dev",
    language: "js",
    imports: { file: "src/routes/signin/+page.server.js", from: "../../auth" },
  },
  {
    fixture: "shape-yarn-classic-workspace",
    app: "apps/api",
    detected: "Express 5.3.0 (TypeScript, yarn classic, workspace ../..)",
    install: "yarn install",
    start: "yarn workspace api build && yarn workspace api start",
    language: "ts",
    imports: { file: "src/app.ts", from: "./auth.js" },
  },
  {
    fixture: "shape-yarn-berry-workspace-qwik",
    app: "apps/web",
    detected: "Qwik City 1.20.1 (TypeScript, yarn berry (node-modules), workspace ../..)",
    install: "yarn install",
    start: "yarn workspace web dev",
    language: "ts",
    imports: { file: "src/routes/plugin@auth.ts", from: "@create-auth/runtime/qwik" },
  },
  {
    fixture: "shape-tsconfig-references-solid",
    app: ".",
    detected: "SolidStart 2.0.5 (TypeScript, npm)",
    install: "npm install --no-audit --no-fund",
    start: "npm run dev",
    language: "ts",
    imports: { file: "src/lib/session.ts", from: "~/auth" },
  },
  {
    fixture: "shape-tsconfig-extends-next",
    app: ".",
    detected: "Next.js 16.4.6 (App Router, src/, TypeScript, npm)",
    install: "npm install --no-audit --no-fund",
    start: "npm run dev",
    language: "ts",
    imports: { file: "src/app/api/auth/[...nextauth]/route.ts", from: "#/auth" },
  },
  {
    fixture: "shape-no-alias-next",
    app: ".",
    detected: "Next.js 16.4.6 (App Router, TypeScript, npm)",
    install: "npm install --no-audit --no-fund",
    start: "npm run dev",
    language: "ts",
    imports: { file: "app/api/auth/[...nextauth]/route.ts", from: "../../../../auth" },
  },
  {
    fixture: "shape-solid-js",
    app: ".",
    detected: "SolidStart 1.3.2 (JavaScript, npm)",
    install: "npm install --no-audit --no-fund",
    start: "npm run dev",
    language: "js",
    imports: { file: "src/routes/api/auth/[...solidauth].js", from: "~/auth" },
  },
];

/** The module specifiers a source file imports or requires. */
function specifiers(source: string): string[] {
  return [...source.matchAll(/(?:from\s+|require\(\s*|import\(\s*)["']([^"']+)["']/g)].map((match) => match[1]!);
}

const SCRIPT_KINDS: Record<string, ts.ScriptKind> = {
  ".js": ts.ScriptKind.JS,
  ".cjs": ts.ScriptKind.JS,
  ".mjs": ts.ScriptKind.JS,
  ".jsx": ts.ScriptKind.JSX,
  ".ts": ts.ScriptKind.TS,
  ".tsx": ts.ScriptKind.TSX,
};

/**
 * TypeScript's syntax errors in a file, read as the language its extension says: in a .js file that
 * includes TypeScript-only syntax (type annotations, `import type`, `satisfies`, non-null `!`).
 */
function syntaxErrors(file: string, source: string): string[] {
  const kind = SCRIPT_KINDS[path.extname(file)] ?? ts.ScriptKind.TS;
  const name = `/${path.basename(file)}`;
  const options: ts.CompilerOptions = {
    allowJs: true,
    jsx: ts.JsxEmit.Preserve,
    noEmit: true,
    noLib: true,
    noResolve: true,
  };
  const host = ts.createCompilerHost(options);
  host.getSourceFile = (requested, version) =>
    requested === name ? ts.createSourceFile(name, source, version, true, kind) : undefined;
  host.fileExists = (requested) => requested === name;
  host.readFile = (requested) => (requested === name ? source : undefined);
  const program = ts.createProgram([name], options, host);
  return program
    .getSyntacticDiagnostics(program.getSourceFile(name))
    .map((d) => `${file}: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`);
}

/** Files init created or changed, outside the vendored runtime, relative to the app. */
function written(project: MemoryProject, before: ReadonlyMap<string, string>, app: string): string[] {
  const prefix = app === "." ? "" : `${app}/`;
  return [...project.files]
    .filter(([file, content]) => before.get(file) !== content)
    .map(([file]) => file)
    .filter((file) => !file.includes("/auth-runtime/"))
    .map((file) => (file.startsWith(prefix) ? file.slice(prefix.length) : file));
}

describe.each(SHAPES)("init on $fixture", (shape) => {
  let project: MemoryProject;
  let before: ReadonlyMap<string, string>;
  let run: CliRun;
  const at = (file: string) => (shape.app === "." ? file : `${shape.app}/${file}`);

  it("detects the shape and plans for it, as snapshotted", async () => {
    project = memoryFixture(shape.fixture);
    before = new Map(project.files);
    // From the fixture's root, naming the app's folder as a user in a monorepo does.
    run = await runInMemory(project, ["init", shape.app, ...ARGS]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const root = path.join(project.root, shape.app);
    expect(run.stdout.split("\n")[0]).toBe(`${shape.detected} at ${root}`);
    // Column padding collapsed: it follows the runtime's file count, which stable() masks, and other rows' widths.
    const summary = stable(run.stdout, project.root).replace(/(\S) {2,}/g, "$1  ");
    await expect(summary).toMatchFileSnapshot(`__snapshots__/shapes/${shape.fixture}.txt`);
  });

  it("names the install command and the start command of the project's package manager", () => {
    expect(run.stdout).toContain(`Install dependencies: ${shape.install}\n`);
    expect(run.stdout).toContain(`Start the app (${shape.start})`);
  });

  it("writes files in the project's language, valid as such, importing the auth module through its alias (or relatively)", () => {
    const files = written(project, before, shape.app).filter((file) => /\.(ts|js|mjs|cjs|tsx|jsx)$/.test(file));
    expect(files.length).toBeGreaterThan(0);
    const other = shape.language === "ts" ? /\.(js|mjs|cjs|jsx)$/ : /\.(ts|tsx|mts|cts)$/;
    expect(files.filter((file) => other.test(file))).toEqual([]);
    expect(files.flatMap((file) => syntaxErrors(file, project.read(at(file))))).toEqual([]);
    expect(specifiers(project.read(at(shape.imports.file)))).toContain(shape.imports.from);
  });

  it("edits nothing outside the app's folder", () => {
    const outside = [...project.files]
      .filter(([file, content]) => before.get(file) !== content)
      .filter(([file]) => shape.app !== "." && !file.startsWith(`${shape.app}/`));
    expect(outside).toEqual([]);
  });
});

describe("yarn berry's linker", () => {
  it("refuses Plug'n'Play in one line naming the fix, before writing anything", async () => {
    const project = memoryFixture("shape-yarn-berry-pnp");
    const hash = project.hash();
    const refused = await runInMemory(project, ["init", ".", ...ARGS]);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(refused.stderr).toContain(
      "Yarn berry installs with Plug'n'Play here (.yarnrc.yml without nodeLinker), which cannot load the auth runtime",
    );
    expect(refused.stderr).toContain(`Add nodeLinker: node-modules to ${project.root}/.yarnrc.yml, run yarn install`);
    expect(project.hash()).toBe(hash);
    await expect(stable(refused.stderr, project.root)).toMatchFileSnapshot(
      "__snapshots__/shapes/shape-yarn-berry-pnp.txt",
    );
  });

  it("names .pnp.cjs as the evidence when yarn install has run, and refuses the pnpm linker too", async () => {
    const project = memoryFixture("shape-yarn-berry-pnp");
    project.write(".pnp.cjs", "#!/usr/bin/env node\n/* eslint-disable */\n// @ts-nocheck\n");
    const pnp = await runInMemory(project, ["init", ".", ...ARGS]);
    expect(pnp.stderr).toContain("Plug'n'Play here (.yarnrc.yml without nodeLinker, .pnp.cjs)");
    project.write(".yarnrc.yml", "nodeLinker: pnpm\n");
    const pnpm = await runInMemory(project, ["init", ".", ...ARGS]);
    expect(pnpm.status).toBe(1);
    expect(pnpm.stderr).toContain("Yarn berry installs with its pnpm linker here (nodeLinker: pnpm in .yarnrc.yml)");
  });

  it("sets up the same app once .yarnrc.yml says nodeLinker: node-modules, the fix the refusal names", async () => {
    const project = memoryFixture("shape-yarn-berry-pnp");
    project.write(".yarnrc.yml", 'enableTelemetry: false\nnodeLinker: "node-modules"\n');
    const run = await runInMemory(project, ["init", ".", ...ARGS]);
    expect(run.status).toBe(0);
    expect(run.stdout.split("\n")[0]).toContain("(App Router, TypeScript, yarn berry (node-modules))");
    expect(run.stdout).toContain("Install dependencies: yarn install\n");
    expect(run.stdout).toContain("Start the app (yarn dev)");
  });
});

describe("the package manager when no lockfile says", () => {
  /** `init --dry-run` (and `--json` when asked) on the SvelteKit 3 app with package.json's packageManager set or removed. */
  async function dryRun(packageManager: string | undefined, json = false): Promise<CliRun> {
    const project = memoryFixture("shape-package-manager-field");
    const pkg = JSON.parse(project.read("package.json"));
    if (packageManager) pkg.packageManager = packageManager;
    else delete pkg.packageManager;
    project.write("package.json", JSON.stringify(pkg, null, 2));
    return runInMemory(project, ["init", ".", ...ARGS, "--dry-run", ...(json ? ["--json"] : [])]);
  }

  it.each([
    ["pnpm@9.1.0", "pnpm", "pnpm"],
    ["yarn@1.22.22", "yarn classic", "yarn"],
    ["bun@1.1", "bun", "bun"],
    ["npm@10.9.0+sha512.abc", "npm", "npm"],
    [undefined, "npm", "npm"],
  ])("packageManager %s → %s", async (field, label, name) => {
    const run = await dryRun(field);
    expect(run.status).toBe(0);
    expect(run.stdout.split("\n")[0]).toContain(`(TypeScript, ${label}) at`);
    const json = JSON.parse((await dryRun(field, true)).stdout);
    expect(json.project.packageManager).toBe(name);
    expect(json.outcome).toMatchObject({ applied: false, install: "skipped" });
  });

  it("yarn@4.5.0 with no .yarnrc.yml means Plug'n'Play (berry's default): refused with the fix", async () => {
    const run = await dryRun("yarn@4.5.0");
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Yarn berry installs with Plug'n'Play here (yarn@4.5.0, no .yarnrc.yml)");
  });
});

describe("two lockfiles", () => {
  it("says which wins and why: packageManager in package.json decides between them", async () => {
    const project = memoryFixture("shape-two-lockfiles");
    const pkg = JSON.parse(project.read("package.json"));
    project.write("package.json", JSON.stringify({ ...pkg, packageManager: "npm@11.19.1" }, null, 2));
    const run = await runInMemory(project, ["init", ".", ...ARGS]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      'Note: Two package managers\' lockfiles: package-lock.json and pnpm-lock.yaml. Using npm, because package.json says "packageManager": "npm@11.19.1"',
    );
    expect(run.stdout).toContain("Install dependencies: npm install --no-audit --no-fund\n");
  });
});

describe("workspaces: init from the root with the app's folder, or from inside the app", () => {
  it.each([
    ["shape-npm-workspace", "apps/web", "npm run dev -w web"],
    ["shape-pnpm-workspace-sveltekit-js", "apps/web", "pnpm --filter web dev"],
    ["shape-yarn-classic-workspace", "apps/api", "yarn workspace api build && yarn workspace api start"],
    ["shape-yarn-berry-workspace-qwik", "apps/web", "yarn workspace web dev"],
  ])("%s: the same plan and workspace commands either way", async (fixture, app, start) => {
    const fromRoot = memoryFixture(fixture);
    const rootRun = await runInMemory(fromRoot, ["init", app, ...ARGS]);
    const fromApp = memoryFixture(fixture);
    // The app's own folder as the project, as `cd apps/web && create-auth init` gives it.
    const appRun = await runInMemory(fromApp, ["init", path.join(fromApp.root, app), ...ARGS]);
    expect(rootRun.status).toBe(0);
    expect(appRun.status).toBe(0);
    expect(rootRun.stdout).toContain(`Start the app (${start})`);
    expect(stable(appRun.stdout, fromApp.root)).toBe(stable(rootRun.stdout, fromRoot.root));
  });

  it("a bun workspace (the npm one with bun.lock at its root instead): bun install, bun run --filter web dev", async () => {
    const project = memoryFixture("shape-npm-workspace");
    project.remove("package-lock.json");
    project.write(
      "bun.lock",
      '{\n  "lockfileVersion": 1,\n  "workspaces": {\n    "": {\n      "name": "acme",\n    },\n  },\n  "packages": {},\n}\n',
    );
    const run = await runInMemory(project, ["init", "apps/web", ...ARGS]);
    expect(run.status).toBe(0);
    expect(run.stdout.split("\n")[0]).toContain("(App Router, src/, TypeScript, bun, workspace ../..)");
    expect(run.stdout).toContain("Install dependencies: bun install\n");
    expect(run.stdout).toContain("Start the app (bun run --filter web dev)");
  });

  it("at the workspace root without an app folder, names the apps to point init at", async () => {
    const project = memoryFixture("shape-pnpm-workspace-sveltekit-js");
    const run = await runInMemory(project, ["init", ".", ...ARGS]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("is a workspace root; found SvelteKit in apps/web. Run init in the app's folder");
  });
});

describe("yarn 1 workspaces", () => {
  it("says so when the app's package.json has no version, which yarn 1 needs to count it as a workspace", async () => {
    const project = memoryFixture("shape-yarn-classic-workspace");
    const pkg = JSON.parse(project.read("apps/api/package.json"));
    delete pkg.version;
    project.write("apps/api/package.json", JSON.stringify(pkg, null, 2));
    const run = await runInMemory(project, ["init", "apps/api", ...ARGS]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      'Note: Yarn 1 leaves api out of the workspace while its package.json has no "version" (yarn install skips its dependencies, yarn workspace api answers Unknown workspace): add "version": "0.1.0" to it.',
    );
  });
});
