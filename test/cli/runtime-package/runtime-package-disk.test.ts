/**
 * The runtime package `init` writes is enough for the app it was written for, proven on a disk for each
 * framework and for JWT, SQLite, PostgreSQL, MySQL, email and passkey setups:
 * - types: `tsc` (strict, and with skipLibCheck off so the package's own declarations are checked: a
 *   declaration that imports one the package lacks is an error there) on every generated auth module, all
 *   in one compiler run, each project in its own folder linked to its own package;
 * - run time: Node loads every entry the package exports through its `exports`, and the generated auth
 *   module itself (TypeScript transpiled, Svelte components compiled, SvelteKit's virtual modules stubbed by
 *   a loader written for the test), so every import of what runs resolves inside the subset; and the email
 *   and passkey providers' own actions, which their `actions()` loaders import only when a request needs them.
 * A copy of a package with one module removed fails both checks, and one without the passkey actions fails
 * its loader: they can fail.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnAsync } from "../../support/speed-run-cli.js";
import {
  initFixture,
  type MemoryProject,
  materialize,
  removeTemps,
  repoRoot,
  tempDir,
  typecheckApps,
} from "../support.js";

afterAll(removeTemps);

const RUNTIME = "vendor/auth-runtime";
const JWT = ["--providers", "oidc,credentials"];
const DATABASE = (db: string) => ["--providers", "oidc", "--strategy", "database", "--db", db];
const PASSWORDLESS = ["--providers", "nodemailer,passkey", "--strategy", "database", "--db", "sqlite"];
/** The providers of PASSWORDLESS whose sign-in code loads on first use. */
const PASSWORDLESS_LOADERS = ["@create-auth/runtime/providers/nodemailer", "@create-auth/runtime/providers/passkey"];

const CASES = [
  { name: "next-jwt", fixture: "next-app", auth: "auth.ts", args: JWT },
  { name: "sveltekit-jwt", fixture: "sveltekit-2", auth: "src/auth.ts", args: JWT },
  { name: "express-jwt", fixture: "express-5-ts", auth: "src/auth.ts", args: JWT },
  { name: "solid-start-jwt", fixture: "solid-start-2", auth: "src/auth.ts", args: JWT },
  { name: "qwik-jwt", fixture: "qwik-city-1", auth: "src/routes/plugin@auth.ts", args: JWT },
  { name: "next-sqlite", fixture: "next-app", auth: "auth.ts", args: DATABASE("sqlite") },
  { name: "sveltekit-postgres", fixture: "sveltekit-2", auth: "src/auth.ts", args: DATABASE("postgres") },
  { name: "express-mysql", fixture: "express-5-ts", auth: "src/auth.ts", args: DATABASE("mysql") },
  {
    name: "next-passwordless",
    fixture: "next-app",
    auth: "auth.ts",
    args: PASSWORDLESS,
    loaders: PASSWORDLESS_LOADERS,
  },
  {
    name: "sveltekit-passwordless",
    fixture: "sveltekit-2",
    auth: "src/auth.ts",
    args: PASSWORDLESS,
    loaders: PASSWORDLESS_LOADERS,
  },
] as const;

/** The control: next-jwt's app whose package lacks the public types module (its declarations, and the file holding its code). */
const BROKEN = { name: "broken", fixture: "next-app", auth: "auth.ts", args: JWT, removed: "types" } as const;

/** The control of the loaders: next-passwordless's app whose package lacks the passkey actions. */
const BROKEN_LOADER = {
  name: "broken-loader",
  fixture: "next-app",
  auth: "auth.ts",
  args: PASSWORDLESS,
  removed: "core/webauthn/actions",
  loaders: PASSWORDLESS_LOADERS,
} as const;

/**
 * Resolves what Vite or SvelteKit would (`$env/dynamic/private`, `$app/paths`, `$lib/…`, extensionless and
 * `.js` imports of `.ts` files) and compiles what Node cannot run (TypeScript, Svelte components), so Node
 * loads the generated code and the package as the app's server would.
 */
const LOADER_HOOKS = `
import { readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";
import { compile } from "svelte/compiler";

const VIRTUAL = {
  "$env/dynamic/private": "export const env = process.env;",
  "$app/paths": 'export const base = ""; export const assets = "";',
  // Qwik City's vite plugin generates these from the app's routes.
  "@qwik-city-plan": "export const routes = []; export const menus = []; export const trailingSlash = false; export const basePathname = '/'; export const cacheModules = true;",
  "@qwik-city-sw-register": "export default '';",
};

export async function resolve(specifier, context, nextResolve) {
  if (Object.hasOwn(VIRTUAL, specifier)) {
    return { url: "data:text/javascript," + encodeURIComponent(VIRTUAL[specifier]), shortCircuit: true };
  }
  if (specifier.startsWith("$lib/")) specifier = pathToFileURL(process.cwd() + "/src/lib/" + specifier.slice(5)).href;
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    if (error?.code !== "ERR_MODULE_NOT_FOUND") throw error;
    // A bundler's lookups: a package's subpath without its extension (next/navigation), a .ts file.
    const retry = /^(\\.|file:)/.test(specifier) ? specifier.replace(/\\.js$/, "") + ".ts" : specifier + ".js";
    try {
      return await nextResolve(retry, context);
    } catch {
      throw error;
    }
  }
}

export async function load(url, context, nextLoad) {
  if (url.startsWith("file:") && url.endsWith(".ts")) {
    const fileName = fileURLToPath(url);
    const { outputText } = ts.transpileModule(readFileSync(fileName, "utf8"), {
      fileName,
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    return { format: "module", source: outputText, shortCircuit: true };
  }
  if (url.startsWith("file:") && url.endsWith(".svelte")) {
    const filename = fileURLToPath(url);
    const { js } = compile(readFileSync(filename, "utf8"), { filename, generate: "server" });
    return { format: "module", source: js.code, shortCircuit: true };
  }
  return nextLoad(url, context);
}
`;

/**
 * The load check of one project, a module in its folder (so its imports resolve from there): imports each
 * specifier in turn, then calls the `actions()` loader of a provider made by each factory in `loaders` (the code a
 * passkey or email sign-in imports on its first request), and returns what failed.
 */
function loadCheck(specifiers: string[], loaders: readonly string[] = []): string {
  return `
export async function check() {
  const failed = {};
  for (const specifier of ${JSON.stringify(specifiers)}) {
    try {
      await import(specifier);
    } catch (error) {
      failed[specifier] = String(error?.message ?? error).split("\\n")[0];
    }
  }
  for (const specifier of ${JSON.stringify(loaders)}) {
    try {
      const actions = await (await import(specifier)).default({}).actions();
      if (typeof actions.callback !== "function") throw new Error("its actions have no callback");
    } catch (error) {
      failed[specifier + " actions()"] = String(error?.message ?? error).split("\\n")[0];
    }
  }
  return failed;
}
`;
}

/**
 * Runs every project's load check in one Node process, each from its own folder (the loader reads `$lib` from
 * the working directory), and prints what failed in each, one JSON object. One process rather than one per
 * project: each paid ~1 s for Node, the TypeScript compiler the loader uses and the same third-party modules
 * (next, svelte, jose…), which resolve to the repository's node_modules in every project alike. Each project's
 * own files and its runtime package are its own modules (their own paths), loaded afresh.
 */
function loadAll(names: string[]): string {
  return `
import path from "node:path";
const results = {};
for (const name of ${JSON.stringify(names)}) {
  process.chdir(path.join(import.meta.dirname, name));
  results[name] = await (await import("./" + name + "/load-check.mjs")).check();
}
console.log(JSON.stringify(results));
process.exit(0);
`;
}

interface Case {
  name: string;
  fixture: string;
  auth: string;
  args: readonly string[];
  removed?: string;
  /** Provider factories whose `actions()` loader the load check calls. */
  loaders?: readonly string[];
}

describe("each setup's generated app typechecks and loads against its runtime package", () => {
  const root = tempDir("runtime-package");
  const loads = new Map<string, { status: number | null; failed: Record<string, string>; stderr: string }>();
  let checked: { status: number | null; output: string };

  /** tsc's diagnostics about one project's files (its code and its package), one per line. */
  const diagnostics = (name: string) =>
    checked.output
      .split("\n")
      .filter((line) => line.startsWith(`${name}/`))
      .join("\n");

  beforeAll(async () => {
    symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"), "dir");
    writeFileSync(path.join(root, "hooks.mjs"), LOADER_HOOKS);
    writeFileSync(
      path.join(root, "register.mjs"),
      'import { register } from "node:module";\nregister("./hooks.mjs", import.meta.url);\n',
    );
    const projects: { name: string; project: MemoryProject; auth: string }[] = [];
    for (const entry of [...CASES, BROKEN, BROKEN_LOADER] as Case[]) {
      const { project, run } = await initFixture(entry.fixture, [...entry.args, "--yes", "--no-install"]);
      if (run.status !== 0) throw new Error(`${entry.name}: ${run.stderr}`);
      const dir = materialize(project, path.join(root, entry.name));
      if (entry.removed) {
        // The file holding the module (its own, or the chunk the build joined it into: each module's code
        // opens with `// module: <path>`), and its declarations where the package holds them (the lazily
        // loaded actions have none).
        const holder = [...project.files].find(
          ([file, text]) => file.endsWith(".js") && `\n${text}`.includes(`\n// module: ${entry.removed}.js\n`),
        )?.[0];
        if (holder === undefined) throw new Error(`${entry.name}: no file holds ${entry.removed}.js`);
        rmSync(path.join(dir, holder), { force: true });
        rmSync(path.join(dir, RUNTIME, `${entry.removed}.d.ts`), { force: true });
      }
      mkdirSync(path.join(dir, "node_modules/@create-auth"), { recursive: true });
      symlinkSync(`../../${RUNTIME}`, path.join(dir, "node_modules/@create-auth/runtime"), "dir");
      // SvelteKit's $lib alias, per project (one compiler run has one `paths`).
      if (entry.fixture.startsWith("sveltekit")) symlinkSync("../src/lib", path.join(dir, "node_modules/$lib"), "dir");
      projects.push({ name: entry.name, project, auth: entry.auth });

      const exported = Object.keys(
        (JSON.parse(project.read(`${RUNTIME}/package.json`)) as { exports: Record<string, unknown> }).exports,
      ).map((key) => `@create-auth/runtime${key.slice(1)}`);
      writeFileSync(path.join(dir, "load-check.mjs"), loadCheck([...exported, `./${entry.auth}`], entry.loaders));
    }
    writeFileSync(path.join(root, "load-all.mjs"), loadAll(projects.map(({ name }) => name)));
    // The load check is a process of its own: it runs while this worker type-checks.
    const loading = spawnAsync(process.execPath, ["--import", path.join(root, "register.mjs"), "load-all.mjs"], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production", AUTH_SECRET: "a".repeat(43), AUTH_DATABASE_FILE: ":memory:" },
    });

    checked = typecheckApps(root, {
      files: projects.map(({ name, auth }) => `${name}/${auth}`),
      // Every declaration of every package, the entries the auth module does not import included.
      include: projects.map(({ name }) => `${name}/${RUNTIME}/**/*.d.ts`),
      // Off: the packages' declarations are checked too (their imports must resolve inside the subset).
      compilerOptions: { skipLibCheck: false },
      // What is read below is what tsc says about the projects' own files and packages, none of node_modules.
      ownFilesOnly: true,
    });
    const loaded = await loading;
    let results: Record<string, Record<string, string>> = {};
    try {
      results = JSON.parse(loaded.stdout.trim().split("\n").at(-1) ?? "{}") as Record<string, Record<string, string>>;
    } catch {
      results = Object.fromEntries(projects.map(({ name }) => [name, { "load-all.mjs": loaded.stdout }]));
    }
    for (const { name } of projects) {
      const failed = results[name] ?? { "load-all.mjs": `no result for ${name}: ${loaded.stderr}` };
      loads.set(name, { status: loaded.status, failed, stderr: loaded.stderr });
    }
  }, 180_000);

  it.each(CASES)("$name: the auth module and the package's declarations typecheck", ({ name }) => {
    expect(diagnostics(name)).toBe("");
  });

  it.each(CASES)("$name: Node loads every entry the package exports, and the auth module", ({ name }) => {
    const load = loads.get(name)!;
    expect(load.failed).toEqual({});
    expect(load.status).toBe(0);
  });

  it("a package missing a module its declarations import fails the typecheck there", () => {
    // tsc reports the missing module where a declaration of the package first imports it (index.d.ts, or
    // the integration's declarations when the auth module reaches the types through them first).
    expect(diagnostics("broken")).toMatch(
      new RegExp(`^broken/${RUNTIME}/[\\w/-]+\\.d\\.ts\\(\\d+,\\d+\\): error TS2307: .*'\\.{1,2}/types\\.js'`, "m"),
    );
  });

  it("a package missing a module its code imports fails to load", () => {
    const { failed } = loads.get("broken")!;
    expect(failed["@create-auth/runtime"]).toMatch(/Cannot find module .*auth-runtime\/chunks\/[\w-]+\.js/);
    expect(failed["./auth.ts"]).toMatch(/Cannot find module .*auth-runtime\/chunks\/[\w-]+\.js/);
  });

  it("a package missing the passkey actions loads, but the passkey provider's loader fails", () => {
    const { failed } = loads.get("broken-loader")!;
    expect(Object.keys(failed)).toEqual(["@create-auth/runtime/providers/passkey actions()"]);
    expect(failed["@create-auth/runtime/providers/passkey actions()"]).toMatch(
      /Cannot find module .*chunks\/[\w-]+\.js/,
    );
  });

  it("tsc says nothing about any project's files but the broken one's", () => {
    // Diagnostics start with the file's path. The third-party declarations (next, qwik…) are the repository's
    // node_modules, the same for every project, and not ours: left unchecked (ownFilesOnly), and filtered anyway.
    const located = checked.output.split("\n").filter((line) => /^\S.*\(\d+,\d+\): error/.test(line));
    const ours = located.filter((line) => !line.includes("/node_modules/"));
    expect(ours.filter((line) => !line.startsWith("broken/"))).toEqual([]);
    expect(ours.length).toBeGreaterThan(0);
  });
});
