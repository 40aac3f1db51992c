/**
 * The pure transforms that keep the vendored runtime out of the app's lint and typecheck, on the configs
 * the scaffolders write: create-next-app 16's eslint.config.mjs and tsconfig.json, sv's eslint.config.js
 * (typescript-eslint's config helper), a create-qwik flat config and its legacy .eslintignore, Biome 1 and 2.
 */
import { describe, expect, it } from "vitest";
import {
  excludeInTsconfig,
  ignoreInBiomeConfig,
  ignoreInEslintFlatConfig,
  ignoreInEslintIgnoreFile,
  ignoreInPrettierIgnoreFile,
} from "../../../src/cli/edit/tool-ignores.js";
import { removeRuntimeIgnore } from "../../../src/cli/edit/tool-ignores-remove.js";
import { initInMemory, memoryFixture, runInMemory } from "../support.js";

const DIR = "vendor/auth-runtime";

const NEXT_16_ESLINT = `import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const eslintConfig = defineConfig([
  ...nextVitals,
  ...nextTs,
  // Override default ignores of eslint-config-next.
  globalIgnores([
    // Default ignores of eslint-config-next:
    ".next/**",
    "out/**",
    "build/**",
    "next-env.d.ts",
  ]),
]);

export default eslintConfig;
`;

const SV_ESLINT = `import prettier from 'eslint-config-prettier';
import { includeIgnoreFile } from '@eslint/compat';
import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import { fileURLToPath } from 'node:url';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

const gitignorePath = fileURLToPath(new URL('./.gitignore', import.meta.url));

export default ts.config(
\tincludeIgnoreFile(gitignorePath),
\tjs.configs.recommended,
\t...ts.configs.recommended,
\t...svelte.configs.recommended,
\tprettier,
\t...svelte.configs.prettier,
\t{
\t\tlanguageOptions: { globals: { ...globals.browser, ...globals.node } },
\t\trules: { 'no-undef': 'off' }
\t}
);
`;

const QWIK_FLAT_ESLINT = `import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";
import { qwikEslint9Plugin } from "eslint-plugin-qwik";

const ignores = [
  "**/*.log",
  "**/.DS_Store",
  "node_modules",
  "dist",
  "server",
];

export default tseslint.config(
  {
    ignores,
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  qwikEslint9Plugin.configs.recommended,
);
`;

describe("ESLint flat config", () => {
  it("adds the runtime to create-next-app 16's globalIgnores, keeping every other byte", () => {
    const result = ignoreInEslintFlatConfig(NEXT_16_ESLINT, "eslint.config.mjs", DIR) as string;
    expect(result).toBe(
      NEXT_16_ESLINT.replace('    "next-env.d.ts",\n', '    "next-env.d.ts",\n    "vendor/auth-runtime/**",\n'),
    );
    expect(ignoreInEslintFlatConfig(result, "eslint.config.mjs", DIR)).toBe("unchanged");
  });

  it("ends sv's ts.config(...) list with a global ignores object, in the file's quotes and indentation", () => {
    const result = ignoreInEslintFlatConfig(SV_ESLINT, "eslint.config.js", DIR) as string;
    expect(result).toBe(SV_ESLINT.replace("\t}\n);", "\t},\n\t{ ignores: ['vendor/auth-runtime/**'] }\n);"));
    expect(ignoreInEslintFlatConfig(result, "eslint.config.js", DIR)).toBe("unchanged");
  });

  it("adds a global ignores object where the ignores are a variable (create-qwik's shape)", () => {
    const result = ignoreInEslintFlatConfig(QWIK_FLAT_ESLINT, "eslint.config.js", DIR) as string;
    expect(result).toContain(
      '  qwikEslint9Plugin.configs.recommended,\n  { ignores: ["vendor/auth-runtime/**"] },\n);',
    );
    expect(ignoreInEslintFlatConfig(result, "eslint.config.js", DIR)).toBe("unchanged");
  });

  it("adds to an exported array's ignores-only object", () => {
    const source = 'export default [\n  { ignores: ["dist/**"] },\n  { rules: { semi: "error" } },\n];\n';
    expect(ignoreInEslintFlatConfig(source, "eslint.config.js", DIR)).toBe(
      'export default [\n  { ignores: ["dist/**", "vendor/auth-runtime/**"] },\n  { rules: { semi: "error" } },\n];\n',
    );
  });

  it("says unsupported when the export is built in a way it cannot read", () => {
    expect(ignoreInEslintFlatConfig("export default makeConfig;\n", "eslint.config.js", DIR)).toMatchObject({
      unsupported: expect.any(String),
    });
  });
});

describe(".eslintignore (ESLint's legacy config, create-qwik 1's)", () => {
  it("appends one line, or writes the file, and then leaves it alone", () => {
    const qwik = "**/*.log\n**/.DS_Store\n*.\n.vscode/settings.json\n/dist\n/server\nnode_modules\n";
    const result = ignoreInEslintIgnoreFile(qwik, DIR) as string;
    expect(result.startsWith(qwik)).toBe(true);
    expect(result.endsWith("\nvendor/auth-runtime\n")).toBe(true);
    expect(ignoreInEslintIgnoreFile(result, DIR)).toBe("unchanged");
    expect(ignoreInEslintIgnoreFile(null, DIR)).toMatch(/^# .*\nvendor\/auth-runtime\n$/);
  });
});

describe(".prettierignore", () => {
  it("appends one line under its comment to create-qwik's, and its undo gives the file back byte for byte", () => {
    const qwik = "**/*.log\n**/.DS_Store\ndist\nnode_modules\nserver\n";
    const result = ignoreInPrettierIgnoreFile(qwik, DIR) as string;
    expect(result).toBe(
      `${qwik}\n# the auth runtime written by create-auth: built code, formatted where it is built\nvendor/auth-runtime\n`,
    );
    expect(ignoreInPrettierIgnoreFile(result, DIR)).toBe("unchanged");
    expect(removeRuntimeIgnore(result, ".prettierignore", DIR)).toBe(qwik);
    expect(removeRuntimeIgnore(qwik, ".prettierignore", DIR)).toBe("unchanged");
  });

  it("is unchanged when the app ignores the folder already (/vendor/auth-runtime/)", () => {
    expect(ignoreInPrettierIgnoreFile("/vendor/auth-runtime/\n", DIR)).toBe("unchanged");
  });
});

describe("Biome", () => {
  it("Biome 2: a !dir entry at the end of files.includes", () => {
    const source =
      '{\n  "$schema": "https://biomejs.dev/schemas/2.2.0/schema.json",\n  "files": {\n    "includes": ["**", "!dist"]\n  }\n}\n';
    const result = ignoreInBiomeConfig(source, "biome.json", DIR) as string;
    expect(result).toContain('"includes": ["**", "!dist", "!vendor/auth-runtime"]');
    expect(ignoreInBiomeConfig(result, "biome.json", DIR)).toBe("unchanged");
  });

  it("Biome 1: files.ignore, created under files when missing, comments kept (biome.jsonc)", () => {
    const source =
      '{\n  // formatting only\n  "formatter": { "enabled": true },\n  "files": { "maxSize": 2000000 }\n}\n';
    const result = ignoreInBiomeConfig(source, "biome.jsonc", DIR) as string;
    expect(result).toContain('"files": { "maxSize": 2000000, "ignore": ["vendor/auth-runtime"] }');
    expect(result).toContain("// formatting only");
  });
});

describe("tsconfig", () => {
  it("adds the runtime to create-next-app's exclude", () => {
    const source =
      '{\n  "compilerOptions": { "skipLibCheck": true },\n  "include": ["**/*.ts", "**/*.tsx"],\n  "exclude": ["node_modules"]\n}\n';
    const result = excludeInTsconfig(source, "tsconfig.json", DIR) as string;
    expect(result).toContain('"exclude": ["node_modules", "vendor/auth-runtime"]');
    expect(excludeInTsconfig(result, "tsconfig.json", DIR)).toBe("unchanged");
  });

  it("creates no exclude (it would replace TypeScript's default, or the one sv's generated tsconfig declares)", () => {
    const sv = '{\n\t"extends": "./.svelte-kit/tsconfig.json",\n\t"compilerOptions": { "strict": true }\n}\n';
    expect(excludeInTsconfig(sv, "tsconfig.json", DIR)).toBe("unchanged");
  });
});

describe("init on the scaffolders' own starters (test/fixtures/scaffold-*)", () => {
  it.each([
    { fixture: "scaffold-next-16", config: "eslint.config.mjs" },
    { fixture: "scaffold-qwik-empty", config: "eslint.config.js" },
  ])(
    "$fixture: the runtime joins $config's global ignores, nothing else in it changes",
    async ({ fixture, config }) => {
      const project = memoryFixture(fixture);
      const before = project.read(config);
      const run = await initInMemory(project, ["--providers", "github,credentials", "--yes", "--no-install"]);
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      const after = project.read(config);
      expect(after).toContain("vendor/auth-runtime/**");
      expect(after.replace(/\n[^\n]*vendor\/auth-runtime\/\*\*[^\n]*/, "")).toBe(before);
    },
  );
});

describe("Prettier's ignore file through init and remove", () => {
  const INIT = ["--providers", "github", "--yes", "--no-install"];
  const remove = (project: ReturnType<typeof memoryFixture>) =>
    runInMemory(project, ["remove", project.root, "--yes", "--no-install"], { bin: "auth" });

  it("scaffold-qwik-empty: the runtime joins the .prettierignore create-qwik wrote; remove gives the file back", async () => {
    const project = memoryFixture("scaffold-qwik-empty");
    const before = project.read(".prettierignore");
    const init = await initInMemory(project, INIT);
    expect([init.status, init.stderr]).toEqual([0, ""]);
    expect(project.read(".prettierignore")).toBe(
      `${before}\n# the auth runtime written by create-auth: built code, formatted where it is built\nvendor/auth-runtime\n`,
    );
    const removed = await remove(project);
    expect([removed.status, removed.stderr]).toEqual([0, ""]);
    expect(project.read(".prettierignore")).toBe(before);
  });

  it("an app that runs Prettier without an ignore file gets one, and remove deletes it again", async () => {
    const project = memoryFixture("scaffold-next-16");
    const pkg = JSON.parse(project.read("package.json"));
    pkg.scripts["format:check"] = "prettier --check .";
    project.write("package.json", `${JSON.stringify(pkg, null, 2)}\n`);
    const init = await initInMemory(project, INIT);
    expect([init.status, init.stderr]).toEqual([0, ""]);
    expect(project.read(".prettierignore")).toMatch(/^# the auth runtime .*\nvendor\/auth-runtime\n$/);
    const removed = await remove(project);
    expect([removed.status, removed.stderr]).toEqual([0, ""]);
    expect(project.has(".prettierignore")).toBe(false);
  });

  it("an app that does not use Prettier gets no .prettierignore", async () => {
    const project = memoryFixture("scaffold-next-16");
    const init = await initInMemory(project, INIT);
    expect([init.status, init.stderr]).toEqual([0, ""]);
    expect(project.has(".prettierignore")).toBe(false);
  });
});
