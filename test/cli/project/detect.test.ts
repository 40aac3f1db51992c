import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CliError } from "../../../src/cli/errors.js";
import { detectProject } from "../../../src/cli/frameworks/detect-project.js";
import { loadFrameworks } from "../../../src/cli/frameworks/index.js";
import { describeProject } from "../../../src/cli/project/describe.js";
import { catalogRange, identifyFramework } from "../../../src/cli/project/framework.js";
import { detectPackageManager } from "../../../src/cli/project/package-manager.js";
import { detectPathAliases } from "../../../src/cli/project/path-alias.js";
import { diskReader } from "../../../src/cli/project/reader.js";
import { pnpmWorkspacePackages } from "../../../src/cli/project/workspace.js";
import { copyFixture, removeTemps } from "../support.js";

afterAll(removeTemps);

function write(dir: string, file: string, content: string) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), content);
}

describe("detect", () => {
  it("recognises the fixture as a Next.js App Router TypeScript project with the @/ alias", async () => {
    const dir = copyFixture("next-app");
    const { info } = await detectProject(diskReader(dir), {});
    expect(info.framework).toMatchObject({ id: "next", router: "app", routesDir: "app" });
    expect(info.language).toBe("ts");
    expect(info.srcDir).toBe(false);
    expect(info.aliases).toEqual([{ prefix: "@/", directory: "" }]);
    expect(info.envFile).toBe(".env.local");
    expect(info.envStatus).toMatchObject({ ignored: false, tracked: false });
    expect(info.existingAuthFiles).toEqual([]);
  });

  it("finds src/app and a src alias, and treats a project without tsconfig as JavaScript", async () => {
    const dir = copyFixture("next-app");
    write(dir, "src/app/page.jsx", "export default function Page() { return null; }\n");
    write(dir, "jsconfig.json", '{ "compilerOptions": { "paths": { "~/*": ["./src/*"] } } }');
    rmSync(path.join(dir, "tsconfig.json"));
    const { info } = await detectProject(diskReader(dir), {});
    expect(info.framework.routesDir).toBe("src/app");
    expect(info.srcDir).toBe(true);
    expect(info.language).toBe("js");
    expect(info.aliases).toEqual([{ prefix: "~/", directory: "src" }]);
  });

  it("refuses a project without a framework, naming what is supported and the --framework flag", async () => {
    const dir = tree({ "package.json": pkg({ dependencies: { koa: "^2.15.0" } }), "server.js": "app.listen(3000);\n" });
    try {
      await detectProject(diskReader(dir), {});
      throw new Error("expected a refusal");
    } catch (error) {
      expect(error).toBeInstanceOf(CliError);
      expect((error as CliError).code).toBe("UnsupportedProject");
      expect((error as CliError).message).toMatch(
        /^No supported framework found in .*Supported: Next\.js 15–16 \(App Router, Pages Router\).*pass --framework next/,
      );
    }
  });

  it("recognises a Pages Router project and says so", async () => {
    const dir = copyFixture("next-app");
    renameSync(path.join(dir, "app"), path.join(dir, "pages"));
    const { info } = await detectProject(diskReader(dir), {});
    expect(info.framework).toMatchObject({ id: "next", router: "pages", routesDir: "pages" });
    expect(describeProject(info)).toBe(`Next.js 16.4.6 (Pages Router, TypeScript, npm) at ${dir}`);
  });

  it("lets the lockfile win over package.json and the invoking tool", () => {
    const dir = copyFixture("next-app");
    expect(detectPackageManager(diskReader(dir), undefined, "pnpm/9.0.0 npm/? node/v20").name).toBe("pnpm");
    expect(detectPackageManager(diskReader(dir), "yarn@4.1.0", "pnpm/9.0.0").name).toBe("yarn");
    write(dir, "bun.lock", "{}");
    expect(detectPackageManager(diskReader(dir), "yarn@4.1.0", "pnpm/9.0.0")).toMatchObject({
      name: "bun",
      source: "lockfile",
    });
    expect(detectPackageManager(diskReader(copyFixture("next-app")), undefined, undefined)).toMatchObject({
      name: "npm",
      source: "default",
    });
  });

  it("follows tsconfig extends and baseUrl for aliases", () => {
    const dir = copyFixture("next-app");
    write(
      dir,
      "tsconfig.base.json",
      '{ "compilerOptions": { "baseUrl": "src", /* c */ "paths": { "#/*": ["./*"], }, } }',
    );
    write(dir, "tsconfig.json", '{ "extends": "./tsconfig.base.json", "compilerOptions": { "strict": true } }');
    expect(detectPathAliases(diskReader(dir))).toEqual([{ prefix: "#/", directory: "src" }]);
  });
});

const trees: string[] = [];
afterAll(() => {
  for (const dir of trees.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A small project tree in a fresh temp dir. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "create-auth-detect-"));
  trees.push(dir);
  for (const [file, content] of Object.entries(files)) write(dir, file, content);
  return dir;
}

function pkg(fields: object): string {
  return `${JSON.stringify({ name: "app", private: true, ...fields }, null, 2)}\n`;
}

/** The registry's frameworks, as detection is handed them. */
const FRAMEWORKS = await loadFrameworks();

function identify(dir: string) {
  return identifyFramework(diskReader(dir), JSON.parse(readPkg(dir)), FRAMEWORKS);
}

function readPkg(dir: string): string {
  return diskReader(dir).read("package.json") ?? "{}";
}

describe("detect: every framework and version from the project's own files", () => {
  it("Next.js 16 App Router with src/: the installed version, the router, the src/ layout", async () => {
    const dir = tree({
      "package.json": pkg({ dependencies: { next: "^16.0.0", react: "19.3.1" } }),
      "node_modules/next/package.json": '{ "name": "next", "version": "16.4.6" }',
      "next.config.ts": "export default {};\n",
      "tsconfig.json": "{}",
      "src/app/page.tsx": "export default function Home() { return null; }\n",
      "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
    });
    const { info } = await detectProject(diskReader(dir), {});
    expect(info.framework).toMatchObject({ id: "next", version: "16.4.6", router: "app", routesDir: "src/app" });
    expect(info.evidence).toEqual(["next in package.json", "next.config.ts"]);
    expect(describeProject(info)).toBe(`Next.js 16.4.6 (App Router, src/, TypeScript, pnpm) at ${dir}`);
  });

  it("Next.js 15 Pages Router in JavaScript, version from the declared range when nothing is installed", async () => {
    const dir = tree({
      "package.json": pkg({ dependencies: { next: "~15.5.29" } }),
      "pages/index.jsx": "export default function Home() { return null; }\n",
    });
    const { info } = await detectProject(diskReader(dir), {});
    expect(info.framework).toMatchObject({ id: "next", version: "15.5.29", router: "pages", routesDir: "pages" });
    expect(describeProject(info)).toBe(`Next.js 15.5.29 (Pages Router, JavaScript, npm) at ${dir}`);
  });

  it("Next.js from next.config.mjs alone (the dependency declared nowhere we can read)", () => {
    const dir = tree({ "package.json": pkg({}), "next.config.mjs": "export default {};\n", "app/page.js": "" });
    expect(identify(dir)).toMatchObject({ id: "next", version: null, evidence: ["next.config.mjs"] });
  });

  it("SvelteKit 2 (svelte.config.js) and SvelteKit 3 (the kit plugin in vite.config.ts)", () => {
    const two = tree({
      "package.json": pkg({ devDependencies: { "@sveltejs/kit": "^2.70.4", svelte: "^5.0.0", vite: "^7.3.0" } }),
      "svelte.config.js": "export default { kit: {} };\n",
    });
    expect(identify(two)).toMatchObject({
      id: "sveltekit",
      version: "2.70.4",
      evidence: ["@sveltejs/kit in package.json", "svelte.config.js"],
    });
    const three = tree({
      "package.json": pkg({ devDependencies: { "@sveltejs/kit": "^3.2.0" } }),
      "vite.config.ts":
        'import { sveltekit } from "@sveltejs/kit/vite";\nexport default { plugins: [sveltekit({})] };\n',
    });
    expect(identify(three)).toMatchObject({
      id: "sveltekit",
      version: "3.2.0",
      evidence: ["@sveltejs/kit in package.json", "vite.config.ts"],
    });
  });

  it("SolidStart 1 (vinxi, app.config.ts) and SolidStart 2 (the solidStart() vite plugin)", () => {
    const one = tree({
      "package.json": pkg({ dependencies: { "@solidjs/start": "^1.3.2", vinxi: "^0.5.11" } }),
      "app.config.ts": 'import { defineConfig } from "@solidjs/start/config";\nexport default defineConfig({});\n',
    });
    expect(identify(one)).toMatchObject({
      id: "solid-start",
      version: "1.3.2",
      evidence: ["@solidjs/start in package.json", "app.config.ts"],
    });
    const two = tree({
      "package.json": pkg({}),
      "vite.config.ts":
        'import { solidStart } from "@solidjs/start/config";\nexport default { plugins: [solidStart()] };\n',
    });
    expect(identify(two)).toMatchObject({ id: "solid-start", version: null, evidence: ["vite.config.ts"] });
  });

  it("Qwik City 1 from @builder.io/qwik-city and its vite config", () => {
    const dir = tree({
      "package.json": pkg({ devDependencies: { "@builder.io/qwik": "1.20.1", "@builder.io/qwik-city": "1.20.1" } }),
      "vite.config.ts":
        'import { qwikCity } from "@builder.io/qwik-city/vite";\nexport default { plugins: [qwikCity()] };\n',
    });
    expect(identify(dir)).toMatchObject({ id: "qwik", version: "1.20.1", packageName: "@builder.io/qwik-city" });
  });

  it("Express 5 in TypeScript and Express 4 in CommonJS, with the file that calls express()", () => {
    const five = tree({
      "package.json": pkg({ dependencies: { express: "^5.3.0" } }),
      "src/app.ts": 'import express from "express";\nexport const app = express();\n',
    });
    expect(identify(five)).toMatchObject({
      id: "express",
      version: "5.3.0",
      evidence: ["express in package.json", "express() in src/app.ts"],
    });
    const four = tree({
      "package.json": pkg({}),
      "server.js": 'const express = require("express");\nconst app = express();\n',
    });
    expect(identify(four)).toMatchObject({ id: "express", evidence: ["express() in server.js"] });
  });

  it("prefers the meta-framework over the Express it depends on", () => {
    const dir = tree({ "package.json": pkg({ dependencies: { express: "^5.3.0", "@sveltejs/kit": "^2.70.4" } }) });
    expect(identify(dir)?.id).toBe("sveltekit");
  });

  it("reads a monorepo: the framework declared and installed only at the workspace root", async () => {
    const root = tree({
      "package.json": pkg({
        workspaces: ["apps/*"],
        devDependencies: { next: "^16.0.0" },
        packageManager: "pnpm@9.1.0",
      }),
      "pnpm-workspace.yaml": "packages:\n  - 'apps/*'\n",
      "node_modules/next/package.json": '{ "name": "next", "version": "16.4.6" }',
      "apps/web/package.json": pkg({ name: "web", dependencies: { react: "19.3.1" } }),
      "apps/web/app/page.tsx": "export default function Home() { return null; }\n",
      "apps/web/tsconfig.json": "{}",
    });
    const { info } = await detectProject(diskReader(path.join(root, "apps/web")), {});
    expect(info.framework).toMatchObject({ id: "next", version: "16.4.6", router: "app" });
    expect(info.workspaceRoot).toBe("../..");
    expect(info.packageJson).toMatchObject({ name: "web" });
    expect(describeProject(info)).toContain("(App Router, TypeScript, pnpm, workspace ../..)");
  });

  it("at a pnpm workspace root with ** globs, names the nested app and leaves out what the globs exclude", async () => {
    const root = tree({
      "package.json": pkg({}),
      "pnpm-workspace.yaml": "packages:\n  - 'apps/**'\n  - '!apps/legacy'\n",
      "apps/site/web/package.json": pkg({ name: "web", dependencies: { "@sveltejs/kit": "2.70.4" } }),
      "apps/legacy/package.json": pkg({ name: "legacy", dependencies: { next: "16.4.6" } }),
      "apps/site/web/node_modules/next/package.json": pkg({ name: "next" }),
    });
    await expect(detectProject(diskReader(root), {})).rejects.toThrow(
      /is a workspace root; found SvelteKit in apps\/site\/web\. Run init in the app's folder, e.g\. npx create-auth init apps\/site\/web\.$/,
    );
  });

  it("an app the root's workspace globs leave out (examples/) stands alone: its own lockfile, no workspace", async () => {
    const root = tree({
      "package.json": pkg({ workspaces: ["packages/*", "apps/**", "!apps/legacy"] }),
      "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
      "examples/next/package.json": pkg({ name: "example", dependencies: { next: "16.4.6" } }),
      "examples/next/package-lock.json": '{ "lockfileVersion": 3 }\n',
      "examples/next/app/page.tsx": "",
      "apps/legacy/package.json": pkg({ name: "legacy", dependencies: { next: "16.4.6" } }),
      "apps/legacy/app/page.tsx": "",
      "apps/site/web/package.json": pkg({ name: "web", dependencies: { next: "16.4.6" } }),
      "apps/site/web/app/page.tsx": "",
    });
    const example = (await detectProject(diskReader(path.join(root, "examples/next")), {})).info;
    expect(example.workspaceRoot).toBeNull();
    expect(example.packageManager).toMatchObject({ name: "npm", lockfile: "package-lock.json" });
    expect((await detectProject(diskReader(path.join(root, "apps/legacy")), {})).info.workspaceRoot).toBeNull();
    const nested = (await detectProject(diskReader(path.join(root, "apps/site/web")), {})).info;
    expect(nested.workspaceRoot).toBe("../../..");
    expect(nested.packageManager).toMatchObject({ name: "pnpm", lockfileDir: root });
  });

  it("at a workspace root without a framework of its own, names the app folder to run init in", async () => {
    const root = tree({
      "package.json": pkg({ workspaces: ["apps/*", "packages/*"] }),
      "apps/web/package.json": pkg({ name: "web", dependencies: { next: "16.4.6" } }),
      "packages/ui/package.json": pkg({ name: "ui" }),
    });
    await expect(detectProject(diskReader(root), {})).rejects.toThrow(
      /is a workspace root; found Next\.js in apps\/web\. Run init in the app's folder, e.g\. npx create-auth init apps\/web/,
    );
  });
});

describe("detect: the package manager", () => {
  const app = (extra: Record<string, string>) =>
    tree({ "package.json": pkg({ dependencies: { next: "16.4.6" } }), "app/page.tsx": "", ...extra });

  it.each([
    ["package-lock.json", '{ "name": "app", "lockfileVersion": 3, "requires": true, "packages": {} }\n', "npm"],
    ["npm-shrinkwrap.json", '{ "name": "app", "lockfileVersion": 3, "requires": true, "packages": {} }\n', "npm"],
    ["pnpm-lock.yaml", "lockfileVersion: '9.0'\n", "pnpm"],
    ["yarn.lock", "# THIS IS AN AUTOGENERATED FILE. DO NOT EDIT THIS FILE DIRECTLY.\n# yarn lockfile v1\n", "yarn"],
    ["bun.lock", '{\n  "lockfileVersion": 1,\n  "workspaces": {},\n}\n', "bun"],
    ["bun.lockb", "#!/usr/bin/env bun\nbun-lockfile-format-v0\n", "bun"],
  ])("%s means %s, over packageManager and the invoking tool", (file, content, manager) => {
    const dir = app({ [file]: content });
    expect(detectPackageManager(diskReader(dir), "pnpm@9.1.0", "yarn/1.22.22 npm/? node/v20.20.2")).toMatchObject({
      name: manager,
      source: "lockfile",
      lockfile: file,
      note: null,
    });
  });

  it("without a lockfile: packageManager, then the invoking tool (npm_config_user_agent), then npm", () => {
    const dir = app({});
    const reader = diskReader(dir);
    expect(detectPackageManager(reader, "bun@1.1", "pnpm/9.15.9 npm/? node/v20.20.2 linux x64")).toMatchObject({
      name: "bun",
      source: "package.json",
    });
    expect(detectPackageManager(reader, undefined, "pnpm/9.15.9 npm/? node/v20.20.2 linux x64")).toMatchObject({
      name: "pnpm",
      source: "user-agent",
    });
    expect(detectPackageManager(reader, undefined, "yarn/4.5.0 npm/? node/v20.20.2 linux x64").yarn).toMatchObject({
      generation: "berry",
      linker: "pnp",
    });
    expect(detectPackageManager(reader, undefined, undefined)).toMatchObject({ name: "npm", source: "default" });
  });

  it("in a workspace, the root's lockfile counts over a stray one in the app", async () => {
    const root = tree({
      "package.json": pkg({ workspaces: ["apps/*"] }),
      "package-lock.json": '{ "lockfileVersion": 3 }\n',
      "apps/web/package.json": pkg({ name: "web", dependencies: { next: "16.4.6" } }),
      "apps/web/yarn.lock": "# yarn lockfile v1\n",
      "apps/web/app/page.tsx": "",
    });
    const { info } = await detectProject(diskReader(path.join(root, "apps/web")), {});
    expect(info.packageManager).toMatchObject({ name: "npm", source: "lockfile", lockfileDir: root });
  });

  it("two managers' lockfiles: the invoking tool decides when packageManager does not; else a stated preference", () => {
    const both = app({ "yarn.lock": "# yarn lockfile v1\n", "bun.lock": "{}\n" });
    const byTool = detectPackageManager(diskReader(both), undefined, "yarn/1.22.22 npm/? node/v20.20.2");
    expect(byTool.name).toBe("yarn");
    expect(byTool.note).toContain("Using yarn, because you ran create-auth through yarn;");
    const byPreference = detectPackageManager(diskReader(both), undefined, undefined);
    expect(byPreference.name).toBe("bun");
    expect(byPreference.note).toBe(
      "Two package managers' lockfiles: bun.lock and yarn.lock. Using bun, because neither packageManager in package.json nor the tool running create-auth names one of them; delete the lockfile of the manager you no longer use, so every install resolves the same tree.",
    );
    const npmAndBun = app({ "bun.lockb": "#!/usr/bin/env bun\n", "package-lock.json": "{}\n" });
    expect(detectPackageManager(diskReader(npmAndBun), undefined, undefined)).toMatchObject({
      name: "bun",
      lockfile: "bun.lockb",
    });
    // npm's two lockfiles are one manager: nothing to say.
    const npmOnly = app({ "npm-shrinkwrap.json": "{}\n", "package-lock.json": "{}\n" });
    expect(detectPackageManager(diskReader(npmOnly), undefined, undefined)).toMatchObject({ name: "npm", note: null });
  });

  it("yarn classic by its v1 lockfile, berry by __metadata: or .yarnrc.yml, with berry's nodeLinker", () => {
    const classic = app({ "yarn.lock": '# yarn lockfile v1\n\n\nms@^2.1.3:\n  version "2.1.3"\n' });
    expect(detectPackageManager(diskReader(classic), undefined, undefined).yarn).toMatchObject({
      generation: "classic",
      linker: "node-modules",
    });
    const berry = app({
      "yarn.lock": "__metadata:\n  version: 8\n  cacheKey: 10c0\n",
      ".yarnrc.yml": 'nodeLinker: "node-modules" # the runtime is a file: package\n',
    });
    expect(detectPackageManager(diskReader(berry), undefined, undefined).yarn).toEqual({
      generation: "berry",
      linker: "node-modules",
      evidence: ["__metadata: in yarn.lock", "nodeLinker: node-modules in .yarnrc.yml"],
      dir: "",
    });
    const freshBerry = app({ "yarn.lock": "", ".yarnrc.yml": "enableTelemetry: false\n", ".pnp.cjs": "" });
    expect(detectPackageManager(diskReader(freshBerry), undefined, undefined).yarn).toMatchObject({
      generation: "berry",
      linker: "pnp",
      evidence: [".yarnrc.yml without nodeLinker", ".pnp.cjs"],
    });
  });

  it("reads a pnpm workspace's packages: list only, not pnpm 10's other lists", () => {
    const yaml = "packages:\n  - 'apps/*'\n  - \"packages/*\" # shared\n\nonlyBuiltDependencies:\n  - esbuild\n";
    expect(pnpmWorkspacePackages(yaml)).toEqual(["apps/*", "packages/*"]);
    expect(pnpmWorkspacePackages("onlyBuiltDependencies:\n  - esbuild\n")).toEqual([]);
  });

  it("reads a framework's version from pnpm's catalog (catalog: and catalog:<name>)", () => {
    const yaml =
      "packages:\n  - apps/*\ncatalog:\n  next: ^16.4.6\n  '@sveltejs/kit': 2.70.4\ncatalogs:\n  next15:\n    next: ~15.5.29\n";
    expect(catalogRange(yaml, "catalog:", "next")).toBe("^16.4.6");
    expect(catalogRange(yaml, "catalog:", "@sveltejs/kit")).toBe("2.70.4");
    expect(catalogRange(yaml, "catalog:next15", "next")).toBe("~15.5.29");
    expect(catalogRange(yaml, "catalog:", "react")).toBeNull();
  });
});

describe("detect: path aliases", () => {
  it("follows a solution tsconfig.json's references to tsconfig.app.json, where Vite's templates keep paths", () => {
    const dir = tree({
      "tsconfig.json":
        '{ "files": [], "references": [{ "path": "./tsconfig.node.json" }, { "path": "./tsconfig.app.json" }] }',
      "tsconfig.node.json": '{ "compilerOptions": { "composite": true }, "include": ["vite.config.ts"] }',
      "tsconfig.app.json":
        '{\n  // the app\n  "compilerOptions": { "paths": { "~/*": ["./src/*"] } },\n  "include": ["src"],\n}',
    });
    expect(detectPathAliases(diskReader(dir))).toEqual([{ prefix: "~/", directory: "src" }]);
  });

  it("follows extends arrays (the last wins) and a shared config package in a workspace's node_modules", () => {
    const root = tree({
      "node_modules/@repo/typescript-config/nextjs.json":
        '{ "compilerOptions": { "jsx": "preserve", "paths": { "@ui/*": ["../../packages/ui/*"] } } }',
      "apps/web/tsconfig.base.json": '{ "compilerOptions": { "paths": { "@/*": ["./src/*"] } } }',
      "apps/web/tsconfig.json": '{ "extends": ["@repo/typescript-config/nextjs.json", "./tsconfig.base.json"] }',
    });
    expect(detectPathAliases(diskReader(path.join(root, "apps/web")))).toEqual([{ prefix: "@/", directory: "src" }]);
  });

  it("resolves paths against an inherited baseUrl, relative to the config that set it", () => {
    const dir = tree({
      "config/tsconfig.base.json": '{ "compilerOptions": { "baseUrl": ".." } }',
      "tsconfig.json": '{ "extends": "./config/tsconfig.base", "compilerOptions": { "paths": { "#/*": ["src/*"] } } }',
    });
    expect(detectPathAliases(diskReader(dir))).toEqual([{ prefix: "#/", directory: "src" }]);
  });

  it("finds none where the project declares none (no config, or no paths in the chain)", () => {
    expect(detectPathAliases(diskReader(tree({ "package.json": pkg({}) })))).toEqual([]);
    const dir = tree({ "tsconfig.json": '{ "extends": "$app/tsconfig", "compilerOptions": { "strict": true } }' });
    expect(detectPathAliases(diskReader(dir))).toEqual([]);
  });
});
