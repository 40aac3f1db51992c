import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { describeProject } from "../../src/cli/detect/describe.js";
import { identifyFramework } from "../../src/cli/detect/framework.js";
import { detectPackageManager } from "../../src/cli/detect/package-manager.js";
import { detectPathAliases } from "../../src/cli/detect/path-alias.js";
import { detectProject } from "../../src/cli/detect/project.js";
import { CliError } from "../../src/cli/errors.js";
import { diskReader } from "../../src/cli/plan/reader.js";
import { copyFixture, removeTemps } from "./support.js";

afterAll(removeTemps);

function write(dir: string, file: string, content: string) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), content);
}

describe("detect", () => {
  it("recognises the fixture as a Next.js App Router TypeScript project with the @/ alias", () => {
    const dir = copyFixture("next-app");
    const { info } = detectProject(diskReader(dir), {});
    expect(info.framework).toMatchObject({ id: "next", router: "app", routesDir: "app" });
    expect(info.language).toBe("ts");
    expect(info.srcDir).toBe(false);
    expect(info.aliases).toEqual([{ prefix: "@/", directory: "" }]);
    expect(info.envFile).toBe(".env.local");
    expect(info.envStatus).toMatchObject({ ignored: false, tracked: false });
    expect(info.existingAuthFiles).toEqual([]);
  });

  it("finds src/app and a src alias, and treats a project without tsconfig as JavaScript", () => {
    const dir = copyFixture("next-app");
    write(dir, "src/app/page.jsx", "export default function Page() { return null; }\n");
    write(dir, "jsconfig.json", '{ "compilerOptions": { "paths": { "~/*": ["./src/*"] } } }');
    rmSync(path.join(dir, "tsconfig.json"));
    const { info } = detectProject(diskReader(dir), {});
    expect(info.framework.routesDir).toBe("src/app");
    expect(info.srcDir).toBe(true);
    expect(info.language).toBe("js");
    expect(info.aliases).toEqual([{ prefix: "~/", directory: "src" }]);
  });

  it("refuses a project without a framework, naming what is supported and the --framework flag", () => {
    const dir = tree({ "package.json": pkg({ dependencies: { koa: "^2.15.0" } }), "server.js": "app.listen(3000);\n" });
    try {
      detectProject(diskReader(dir), {});
      throw new Error("expected a refusal");
    } catch (error) {
      expect(error).toBeInstanceOf(CliError);
      expect((error as CliError).code).toBe("UnsupportedProject");
      expect((error as CliError).message).toMatch(
        /^No supported framework found in .*Supported: Next\.js 15–16 \(App Router, Pages Router\).*pass --framework next/,
      );
    }
  });

  it("recognises a Pages Router project and says so", () => {
    const dir = copyFixture("next-app");
    renameSync(path.join(dir, "app"), path.join(dir, "pages"));
    const { info } = detectProject(diskReader(dir), {});
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

function identify(dir: string) {
  return identifyFramework(diskReader(dir), JSON.parse(readPkg(dir)));
}

function readPkg(dir: string): string {
  return diskReader(dir).read("package.json") ?? "{}";
}

describe("detect: every framework and version from the project's own files", () => {
  it("Next.js 16 App Router with src/: the installed version, the router, the src/ layout", () => {
    const dir = tree({
      "package.json": pkg({ dependencies: { next: "^16.0.0", react: "19.3.1" } }),
      "node_modules/next/package.json": '{ "name": "next", "version": "16.4.6" }',
      "next.config.ts": "export default {};\n",
      "tsconfig.json": "{}",
      "src/app/page.tsx": "export default function Home() { return null; }\n",
      "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
    });
    const { info } = detectProject(diskReader(dir), {});
    expect(info.framework).toMatchObject({ id: "next", version: "16.4.6", router: "app", routesDir: "src/app" });
    expect(info.evidence).toEqual(["next in package.json", "next.config.ts"]);
    expect(describeProject(info)).toBe(`Next.js 16.4.6 (App Router, src/, TypeScript, pnpm) at ${dir}`);
  });

  it("Next.js 15 Pages Router in JavaScript, version from the declared range when nothing is installed", () => {
    const dir = tree({
      "package.json": pkg({ dependencies: { next: "~15.5.29" } }),
      "pages/index.jsx": "export default function Home() { return null; }\n",
    });
    const { info } = detectProject(diskReader(dir), {});
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

  it("reads a monorepo: the framework declared and installed only at the workspace root", () => {
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
    const { info } = detectProject(diskReader(path.join(root, "apps/web")), {});
    expect(info.framework).toMatchObject({ id: "next", version: "16.4.6", router: "app" });
    expect(info.workspaceRoot).toBe("../..");
    expect(info.packageJson).toMatchObject({ name: "web" });
    expect(describeProject(info)).toContain("(App Router, TypeScript, pnpm, workspace ../..)");
  });

  it("at a workspace root without a framework of its own, names the app folder to run init in", () => {
    const root = tree({
      "package.json": pkg({ workspaces: ["apps/*", "packages/*"] }),
      "apps/web/package.json": pkg({ name: "web", dependencies: { next: "16.4.6" } }),
      "packages/ui/package.json": pkg({ name: "ui" }),
    });
    expect(() => detectProject(diskReader(root), {})).toThrow(
      /is a workspace root; found Next\.js in apps\/web\. Run init in the app's folder, e.g\. npx create-auth init apps\/web/,
    );
  });
});
