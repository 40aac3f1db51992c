/**
 * The runtime package `init` writes holds what the app uses: the core, its framework's integration, the
 * providers and the adapter it configures, and everything those import in the built runtime (followed
 * through static and dynamic imports, type-only ones in the declarations, and Svelte components), not the
 * other frameworks' integrations. Its `exports` name exactly those entries; its manifest lists them and
 * every file with its hash; a later run adds entries and never drops one the package already exports.
 * runtime-package-disk.test.ts proves on a disk that the subset is enough: each setup's generated code
 * typechecks and loads against it.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typescript } from "../../../src/cli/edit/ast.js";
import { CliError } from "../../../src/cli/errors.js";
import { expressFacts } from "../../../src/cli/frameworks/express/facts.js";
import { contentAfter } from "../../../src/cli/plan/types.js";
import { memoryReader } from "../../../src/cli/project/reader.js";
import { findProvider } from "../../../src/cli/providers/catalog.js";
import { fileSpecifiers, runtimeClosure } from "../../../src/cli/runtime-package/closure.js";
import { adapterEntries, providerEntries, runtimeEntries } from "../../../src/cli/runtime-package/entries.js";
import {
  type Manifest,
  planRuntimePackage,
  runtimePackageFiles,
  sha256,
} from "../../../src/cli/runtime-package/plan.js";
import { loadRuntimeSource } from "../../../src/cli/runtime-package/source.js";
import { moduleSpecifiers } from "../../../src/cli/runtime-package/specifiers.js";
import { initFixture, initInMemory, type MemoryProject, removeTemps, repoRoot } from "../support.js";

afterAll(removeTemps);

const RUNTIME = "vendor/auth-runtime";
const JWT = ["--providers", "oidc,credentials", "--yes", "--no-install"];

/** The package's files, relative to its folder. */
function packageFiles(project: MemoryProject): Map<string, string> {
  const files = new Map<string, string>();
  for (const [file, content] of project.files) {
    if (file.startsWith(`${RUNTIME}/`)) files.set(file.slice(RUNTIME.length + 1), content);
  }
  return files;
}

interface RuntimePackageJson {
  exports: Record<string, Record<string, string>>;
  qwik?: string;
}

/** An import (static, dynamic or type) of the WebAuthn library, not a comment naming it. */
const IMPORTS_SIMPLEWEBAUTHN = /(from\s*|import\s*\(\s*)["']@simplewebauthn\/server["']/;

/**
 * The email and passkey providers' own modules (their sign-in actions and what only those import): the core
 * reaches them only through the provider's `actions` loader, so only an app with such a provider holds them.
 */
const PROVIDER_OWN_MODULES = [
  "core/actions/callback/email.js",
  "core/actions/callback/webauthn.js",
  "core/actions/signin-email.js",
  "core/actions/webauthn-options.js",
  "core/email/actions.js",
  "core/email/load-actions.js",
  "core/email/token.js",
  "core/pages/passkey.js",
  "core/webauthn/actions.js",
  "core/webauthn/challenge.js",
  "core/webauthn/decide.js",
  "core/webauthn/encoding.js",
  "core/webauthn/options.js",
  "core/webauthn/provider.js",
  "core/webauthn/verify.js",
];

/**
 * The runtime's modules the package holds, by the file that holds each: the build joins modules into one file
 * per entry plus shared chunks (scripts/bundle-runtime.mjs), marking where each begins (`// module: core/csrf.js`).
 * Declarations stay one file per module.
 */
function heldModules(files: Map<string, string>): Map<string, string> {
  const held = new Map<string, string>();
  for (const [file, content] of files) {
    if (file.endsWith(".d.ts")) held.set(file, file);
    else if (file.endsWith(".js"))
      for (const [, module] of content.matchAll(/^\/\/ module: (\S+)$/gm)) held.set(module!, file);
  }
  return held;
}

function providerOwnModules(files: Map<string, string>): string[] {
  return [...heldModules(files).keys()].filter(
    (file) => file.startsWith("core/webauthn/") || PROVIDER_OWN_MODULES.includes(file.replace(/\.d\.ts$/, ".js")),
  );
}

/** The file holding `module`; the test fails when none does. */
function holderOf(files: Map<string, string>, module: string): string {
  const holder = heldModules(files).get(module);
  expect(holder, module).toBeDefined();
  return holder!;
}

/** The package's files that import the file holding `module` (statically or with `import()`), sorted. */
function importersOf(files: Map<string, string>, module: string): string[] {
  const target = holderOf(files, module);
  return [...files]
    .filter(([file]) => file.endsWith(".js"))
    .filter(([file, content]) =>
      fileSpecifiers(file, content).some(
        (specifier) => path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)) === target,
      ),
    )
    .map(([file]) => file)
    .sort();
}

/** Each framework's own modules: its entry module and the folder beside it. */
const INTEGRATIONS = {
  next: ["next.js", "next/", "react.js", "react/"],
  sveltekit: ["sveltekit.js", "sveltekit/"],
  express: ["express.js", "express/"],
  "solid-start": ["solid-start.js", "solid-start/"],
  qwik: ["qwik.js", "qwik/"],
  hono: ["hono.js", "hono/"],
} as const;

const FRAMEWORKS = [
  { framework: "next", fixture: "next-app" },
  { framework: "sveltekit", fixture: "sveltekit-2" },
  { framework: "express", fixture: "express-5-ts" },
  { framework: "solid-start", fixture: "solid-start-2" },
  { framework: "qwik", fixture: "qwik-city-1" },
  { framework: "hono", fixture: "hono-4-node" },
] as const;

describe.each(FRAMEWORKS)("init on $fixture writes $framework's runtime package", ({ framework, fixture }) => {
  let files: Map<string, string>;
  let pkg: RuntimePackageJson;
  let manifest: Manifest;

  beforeAll(async () => {
    const { project, run } = await initFixture(fixture, JWT);
    expect(run.stderr).toBe("");
    files = packageFiles(project);
    pkg = JSON.parse(files.get("package.json")!) as RuntimePackageJson;
    manifest = JSON.parse(files.get("MANIFEST.json")!) as Manifest;
  }, 60_000);

  it("with its own integration and none of the other frameworks'", () => {
    const owned = (prefixes: readonly string[]) =>
      [...files.keys()].filter((file) => prefixes.some((prefix) => file === prefix || file.startsWith(prefix)));
    expect(owned(INTEGRATIONS[framework])).toContain(`${framework}.js`);
    for (const [other, prefixes] of Object.entries(INTEGRATIONS)) {
      if (other !== framework) expect(owned(prefixes), other).toEqual([]);
    }
  });

  it("with the chosen providers only, no adapter and no passkey library", () => {
    const providers = [...files.keys()].filter((file) => file.startsWith("providers/"));
    expect(providers.sort()).toEqual([
      "providers/credentials.d.ts",
      "providers/credentials.js",
      "providers/oidc.d.ts",
      "providers/oidc.js",
    ]);
    expect([...files.keys()].filter((file) => file.startsWith("adapters/"))).toEqual([]);
    for (const [file, content] of files) expect(content, file).not.toMatch(IMPORTS_SIMPLEWEBAUTHN);
  });

  it("exporting exactly the entries its manifest lists, each to files it holds", () => {
    expect(Object.keys(pkg.exports)).toEqual(manifest.entries);
    expect(manifest.entries).toEqual(
      expect.arrayContaining([".", "./jwt", `./${framework}`, "./providers/oidc", "./providers/credentials"]),
    );
    expect(pkg.exports["./*"]).toBeUndefined();
    for (const [entry, conditions] of Object.entries(pkg.exports)) {
      for (const target of Object.values(conditions))
        expect(files.has(target.slice(2)), `${entry}: ${target}`).toBe(true);
    }
    // Qwik's vite plugin resolves the field: it names a file of the package, and only in a Qwik app.
    expect(pkg.qwik).toBe(framework === "qwik" ? "./qwik.js" : undefined);
  });

  it("whose manifest lists every file written with its sha256", () => {
    const written = [...files.keys()].filter((file) => file !== "MANIFEST.json").sort();
    expect(Object.keys(manifest.files).sort()).toEqual(written);
    for (const file of written) expect(manifest.files[file], file).toBe(sha256(files.get(file)!));
  });

  it("the same bytes as the CLI's own build of each module it holds", () => {
    const runtime = loadRuntimeSource(path.join(repoRoot, "dist/runtime/"));
    const built = new Map(runtime.files.map((file) => [file.path, file.content]));
    for (const [file, content] of files) {
      if (file !== "package.json" && file !== "MANIFEST.json") expect(content === built.get(file), file).toBe(true);
    }
  });
});

describe("what the app configures decides the rest", () => {
  it("a database brings its adapter (and what it imports) and no other adapter", async () => {
    const { project } = await initFixture("next-app", [...JWT, "--strategy", "database", "--db", "postgres"]);
    const adapters = [...packageFiles(project).keys()].filter((file) => file.startsWith("adapters/"));
    expect(adapters).toContain("adapters/postgres.js");
    expect(adapters).toContain("adapters/postgres.d.ts");
    for (const other of ["sqlite", "mysql", "memory", "drizzle", "prisma", "testing"]) {
      expect(adapters).not.toContain(`adapters/${other}.js`);
    }
  });

  it("passkeys bring the passkey provider, the one module that imports @simplewebauthn/server", async () => {
    const { project } = await initFixture("next-app", [
      "--providers",
      "nodemailer,passkey",
      "--strategy",
      "database",
      "--db",
      "sqlite",
      "--yes",
      "--no-install",
    ]);
    const files = packageFiles(project);
    expect(files.has("providers/passkey.js")).toBe(true);
    const importers = [...files].filter(([, content]) => IMPORTS_SIMPLEWEBAUTHN.test(content)).map(([file]) => file);
    expect(importers).toEqual(["providers/passkey.js"]);
    expect(files.has("providers/nodemailer.js")).toBe(true);
    // The email sender loads nodemailer with a dynamic import(): it travels with the provider.
    expect(files.get(holderOf(files, "core/email/send.js"))).toMatch(/import\(\s*["']nodemailer["']\s*\)/);
    const pkg = JSON.parse(files.get("package.json")!) as RuntimePackageJson;
    expect(Object.keys(pkg.exports)).toEqual(
      expect.arrayContaining(["./providers/passkey", "./providers/nodemailer", "./adapters/sqlite"]),
    );
  });

  it("github and credentials bring no email or passkey sign-in module: the core does not import them", async () => {
    const { project } = await initFixture("next-app", ["--providers", "github,credentials", "--yes", "--no-install"]);
    const files = packageFiles(project);
    holderOf(files, "core/auth.js");
    expect(providerOwnModules(files)).toEqual([]);
    // What stays is the core's (the address rule and the proof of an address, which every provider uses) and
    // the browser client's passkey link, a chunk of its own it imports only when `signIn("passkey", { link })`
    // runs (client/passkey-link.ts).
    expect([...heldModules(files).keys()].filter((file) => /(^|\/)(email|webauthn|passkey)/.test(file)).sort()).toEqual(
      ["client/passkey-link.js", "core/account/email-proof.js", "core/email/normalize.d.ts", "core/email/normalize.js"],
    );
  });

  it("email and passkey providers bring their sign-in modules, reached only through the providers' loaders", async () => {
    const { project } = await initFixture("next-app", [
      "--providers",
      "nodemailer,passkey",
      "--strategy",
      "database",
      "--db",
      "sqlite",
      "--yes",
      "--no-install",
    ]);
    const files = packageFiles(project);
    for (const module of PROVIDER_OWN_MODULES) holderOf(files, module);
    expect(importersOf(files, "core/webauthn/actions.js")).toEqual(["providers/passkey.js"]);
    expect(importersOf(files, "core/email/load-actions.js")).toEqual(["providers/nodemailer.js"]);
    expect(importersOf(files, "core/email/actions.js")).toEqual([holderOf(files, "core/email/load-actions.js")]);
  });

  it("an OAuth provider brings ./refresh, credentials alone do not", () => {
    const runtime = { db: "none", orm: "none" } as const;
    const express = expressFacts.runtimeEntries;
    expect(runtimeEntries({ ...runtime, providers: [findProvider("github")!] }, express)).toContain("./refresh");
    expect(runtimeEntries({ ...runtime, providers: [findProvider("credentials")!] }, express)).not.toContain(
      "./refresh",
    );
  });

  it("an ORM brings its adapter (Drizzle also its dialect's tables) instead of the SQL one", () => {
    expect(adapterEntries({ db: "postgres", orm: "drizzle" })).toEqual([
      "./adapters/drizzle",
      "./adapters/drizzle-tables/pg",
    ]);
    expect(adapterEntries({ db: "mysql", orm: "prisma" })).toEqual(["./adapters/prisma"]);
    expect(adapterEntries({ db: "sqlite", orm: "none" })).toEqual(["./adapters/sqlite"]);
    expect(adapterEntries({ db: "none", orm: "none" })).toEqual([]);
  });
});

describe("a later run on an app that has a runtime package", () => {
  it("adds what the new answers need and keeps what the package exports (the auth module still imports it)", async () => {
    const { project } = await initFixture("express-5-ts", ["--providers", "google", "--yes", "--no-install"]);
    const again = await initInMemory(project, ["--providers", "github", "--yes", "--no-install"]);
    expect(again.status).toBe(0);
    const files = packageFiles(project);
    expect(files.has("providers/google.js")).toBe(true);
    expect(files.has("providers/github.js")).toBe(true);
    const manifest = JSON.parse(files.get("MANIFEST.json")!) as Manifest;
    expect(manifest.entries).toEqual(expect.arrayContaining(["./providers/google", "./providers/github"]));
  });

  it("shrinks a package written whole by an earlier CLI to what the app uses, keeping a file the user edited", async () => {
    const { project } = await initFixture("express-5-ts", JWT);
    // What an earlier CLI wrote: every file of the runtime, and a manifest without entries.
    const runtime = loadRuntimeSource(path.join(repoRoot, "dist/runtime/"));
    const whole = runtimePackageFiles(runtime, []).filter((file) => file.path === "package.json");
    for (const file of [...whole, ...runtime.files]) project.write(`${RUNTIME}/${file.path}`, file.content);
    const hashes = Object.fromEntries([...whole, ...runtime.files].map((file) => [file.path, sha256(file.content)]));
    project.write(
      `${RUNTIME}/MANIFEST.json`,
      JSON.stringify({ name: "@create-auth/runtime", version: runtime.version, files: hashes }),
    );
    project.write(`${RUNTIME}/qwik.js`, `${project.read(`${RUNTIME}/qwik.js`)}// the user's note\n`);

    const again = await initInMemory(project, [...JWT, "--json"]);
    expect(again.status).toBe(0);
    const deleted = (JSON.parse(again.stdout) as { plan: { changes: { kind: string; path: string }[] } }).plan.changes
      .filter((change) => change.kind === "delete")
      .map((change) => change.path);
    expect(deleted).toContain(`${RUNTIME}/next.js`);
    expect(deleted).toContain(`${RUNTIME}/providers/passkey.js`);
    expect(deleted).not.toContain(`${RUNTIME}/qwik.js`);
    expect(project.has(`${RUNTIME}/qwik.js`)).toBe(true);
    expect(project.has(`${RUNTIME}/express.js`)).toBe(true);
    expect(project.has(`${RUNTIME}/sveltekit.js`)).toBe(false);
  });
});

describe("what later commands ask of planRuntimePackage", () => {
  const runtime = loadRuntimeSource(path.join(repoRoot, "dist/runtime/"));

  /** The package init writes for Express with GitHub, as a project's files. */
  function initialised(): Map<string, string> {
    const entries = runtimeEntries(
      { providers: [findProvider("github")!], db: "none", orm: "none" },
      expressFacts.runtimeEntries,
    );
    return new Map(runtimePackageFiles(runtime, entries).map((file) => [`${RUNTIME}/${file.path}`, file.content]));
  }

  it("with no new entries (an update from the same runtime), plans nothing", () => {
    const plan = planRuntimePackage(memoryReader("/app", initialised()), RUNTIME, runtime, []);
    expect(plan).toEqual({ changes: [], conflicts: [] });
  });

  it("with a provider's entries (add-provider), creates its module, exports it, and touches nothing else", () => {
    const plan = planRuntimePackage(
      memoryReader("/app", initialised()),
      RUNTIME,
      runtime,
      providerEntries([findProvider("gitlab")!]),
    );
    expect(plan.conflicts).toEqual([]);
    const created = plan.changes.filter((change) => change.kind === "create").map((change) => change.path);
    // The provider's button style (its mark and colours) travels with it, in a module of its own that no
    // declaration names (the provider's type says only `style?: ProviderStyleOption`).
    expect(created.sort()).toEqual([
      `${RUNTIME}/providers/gitlab.d.ts`,
      `${RUNTIME}/providers/gitlab.js`,
      `${RUNTIME}/providers/style/gitlab.js`,
    ]);
    const edited = plan.changes.filter((change) => change.kind === "edit").map((change) => change.path);
    expect(edited.sort()).toEqual([`${RUNTIME}/MANIFEST.json`, `${RUNTIME}/package.json`]);
    const pkg = plan.changes.find((change) => change.path === `${RUNTIME}/package.json`)!;
    expect(JSON.parse(contentAfter(pkg)!).exports["./providers/gitlab"]).toEqual({
      types: "./providers/gitlab.d.ts",
      default: "./providers/gitlab.js",
    });
  });
});

describe("the closure over the built runtime's import graph", () => {
  /** A runtime of a few modules, as tsc and the build lay them out. */
  const files = new Map([
    ["index.js", 'export { Auth } from "./core/auth.js";\n'],
    ["index.d.ts", 'export { Auth } from "./core/auth.js";\nexport type * from "./types.js";\n'],
    ["core/auth.js", 'import { send } from "./send.js";\nexport const Auth = () => send;\n'],
    ["core/auth.d.ts", 'export declare const Auth: () => import("./send.js").Send;\n'],
    ["core/send.js", 'export const send = async () => (await import("./mailer.js")).mail();\n'],
    ["core/send.d.ts", "export type Send = () => Promise<void>;\n"],
    ["core/mailer.js", 'export async function mail() { await import("nodemailer"); }\n'],
    ["core/mailer.d.ts", "export declare function mail(): Promise<void>;\n"],
    ["types.js", "export {};\n"],
    ["types.d.ts", "export interface User { id: string }\n"],
    ["unused.js", "export {};\n"],
    ["unused.d.ts", "export {};\n"],
    ["ui/components.js", 'export { default as Button } from "./Button.svelte";\n'],
    ["ui/components.d.ts", 'export { default as Button } from "./Button.svelte";\n'],
    [
      "ui/Button.svelte",
      '<script lang="ts">\nimport type { Props } from "./props.js";\n</script>\n<button></button>\n',
    ],
    ["ui/Button.svelte.d.ts", 'import type { Props } from "./props.js";\nexport default Props;\n'],
    ["ui/props.js", "export {};\n"],
    ["ui/props.d.ts", "export interface Props { label: string }\n"],
  ]);

  it("follows static imports, re-exports and dynamic import() of the modules, and leaves packages out", () => {
    const closure = runtimeClosure(files, ["."]);
    expect(closure).toEqual(expect.arrayContaining(["core/auth.js", "core/send.js", "core/mailer.js"]));
    expect(closure).not.toContain("unused.js");
  });

  it("follows the declarations' imports to declarations only, type queries and type-only exports included", () => {
    const closure = runtimeClosure(files, ["."]);
    expect(closure).toEqual(expect.arrayContaining(["core/auth.d.ts", "core/send.d.ts", "types.d.ts"]));
    // Nothing that runs imports types.js, and no declaration names mailer's.
    expect(closure).not.toContain("types.js");
    expect(closure).not.toContain("core/mailer.d.ts");
  });

  it("keeps a Svelte component's source, its declarations and what its script imports, module and types", () => {
    expect(runtimeClosure(files, ["./ui/components"])).toEqual([
      "ui/Button.svelte",
      "ui/Button.svelte.d.ts",
      "ui/components.d.ts",
      "ui/components.js",
      "ui/props.d.ts",
      "ui/props.js",
    ]);
  });

  it("refuses a runtime where an import names a missing file, naming both", () => {
    const broken = new Map(files);
    broken.delete("core/mailer.js");
    expect(() => runtimeClosure(broken, ["."])).toThrowError(
      expect.objectContaining({
        code: "RuntimeNotBuilt",
        message: expect.stringMatching(/core\/send\.js imports \.\/mailer\.js/),
      }),
    );
  });

  it("refuses an entry the runtime has no module for", () => {
    expect(() => runtimeClosure(files, ["./providers/nowhere"])).toThrowError(CliError);
  });
});

describe("the specifiers a runtime file names", () => {
  it("are what TypeScript's preProcessFile finds, for every file of the built runtime", () => {
    const ts = typescript();
    const runtime = loadRuntimeSource(path.join(repoRoot, "dist/runtime/"));
    const scripts = (source: string) =>
      [...source.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]).join("\n");
    let compared = 0;
    for (const { path: file, content } of runtime.files) {
      const info = ts.preProcessFile(file.endsWith(".svelte") ? scripts(content) : content, true, true);
      const expected = [...info.importedFiles, ...info.referencedFiles].map((ref) => ref.fileName);
      expect(new Set(fileSpecifiers(file, content)), file).toEqual(new Set(expected));
      compared += expected.length;
    }
    expect(compared).toBeGreaterThan(500);
  });

  it("skip what only looks like an import: comments, strings, templates, regular expressions, import.meta", () => {
    const source = [
      '// import a from "./comment.js";',
      '/* export * from "./block.js"; */',
      "const s = \"import b from './string.js'\";",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
      'const t = `${x} import("./template.js") ${`nested ${y}`}`;',
      'const r = /import\\("\\.\\/regex.js"\\)/.test(s) ? 1 / 2 : 3;',
      "const u = import.meta.url;",
      'export const from = "./not-a-specifier.js";',
      "export interface Shape { from: string }",
      'import real from "./real.js";',
      'export { other } from "./other.js";',
      'export const lazy = () => import("./lazy.js");',
    ].join("\n");
    expect(moduleSpecifiers(source)).toEqual(["./real.js", "./other.js", "./lazy.js"]);
  });
});
