/**
 * The steps that keep the vendored runtime out of the app's own lint, format check and typecheck: an edit of
 * each config the app has (ESLint flat config, or ESLint's legacy ignore file beside an .eslintrc, Biome,
 * Prettier's ignore file, tsconfig), each a pure transform adding the runtime dir (edit/tool-ignores.ts).
 * A config the app lacks is not created, except the ignore file of a tool the app runs without one:
 * `.eslintignore` for an app linted by a legacy `.eslintrc`, `.prettierignore` for an app that configures
 * Prettier or runs it in a script (its `prettier --check .` would otherwise check the runtime's built code).
 * Each step carries its undo (edit/tool-ignores-remove.ts), which remove applies.
 */

import type { TransformResult } from "../edit/result.js";
import {
  excludeInTsconfig,
  ignoreInBiomeConfig,
  ignoreInEslintFlatConfig,
  ignoreInEslintIgnoreFile,
  ignoreInPrettierIgnoreFile,
} from "../edit/tool-ignores.js";
import { removeRuntimeIgnore } from "../edit/tool-ignores-remove.js";
import type { ProjectReader } from "../project/reader.js";
import type { EditFileStep } from "./planner.js";

const FLAT_CONFIGS = ["js", "mjs", "cjs", "ts", "mts", "cts"].map((ext) => `eslint.config.${ext}`);
const LEGACY_CONFIGS = [
  ".eslintrc",
  ".eslintrc.js",
  ".eslintrc.cjs",
  ".eslintrc.json",
  ".eslintrc.yml",
  ".eslintrc.yaml",
];

/** Prettier's own config files (prettier.io/docs/configuration); a `"prettier"` key in package.json also counts. */
const PRETTIER_CONFIGS = [
  ".prettierrc",
  ...["json", "yaml", "yml", "json5", "toml", "js", "mjs", "cjs", "ts", "mts", "cts"].map(
    (ext) => `.prettierrc.${ext}`,
  ),
  ...["js", "mjs", "cjs", "ts", "mts", "cts"].map((ext) => `prettier.config.${ext}`),
];

/** The app formats with Prettier: a config of its own, or a package.json script that runs it. */
function usesPrettier(reader: ProjectReader): boolean {
  if (PRETTIER_CONFIGS.some((file) => reader.exists(file))) return true;
  let pkg: { prettier?: unknown; scripts?: Record<string, unknown> };
  try {
    pkg = JSON.parse(reader.read("package.json") ?? "{}");
  } catch {
    return false; // detection reports an unreadable package.json; nothing to add here
  }
  if (pkg.prettier !== undefined) return true;
  return Object.values(pkg.scripts ?? {}).some((script) => typeof script === "string" && /\bprettier\b/.test(script));
}

/**
 * An ignore file's edit. In a file the app has, even an empty one, init's lines come after a blank line:
 * the file init creates starts with them, so what remove finds tells an app's own file (kept, without our
 * lines) from one init created (deleted).
 */
function appended(add: (source: string | null) => TransformResult) {
  return (source: string): TransformResult => {
    const result = add(source);
    return source === "" && typeof result === "string" && result !== "unchanged" ? `\n${result}` : result;
  };
}

export function toolIgnoreSteps(reader: ProjectReader, runtimeDir: string): EditFileStep[] {
  const reason = `leave ${runtimeDir}/ (the auth runtime) out of the app's lint`;
  const undo = (file: string) => (source: string) => removeRuntimeIgnore(source, file, runtimeDir);
  const unsupported = (file: string, add: string) => (why: string) =>
    `${file} left as it is (${why}): add ${add} to it, so the app's lint skips the auth runtime.`;
  const steps: EditFileStep[] = [];
  const flat = FLAT_CONFIGS.find((file) => reader.exists(file));
  if (flat) {
    steps.push({
      kind: "edit",
      path: flat,
      reason,
      transform: (source) => ignoreInEslintFlatConfig(source, flat, runtimeDir),
      undo: undo(flat),
      unsupported: unsupported(flat, `a global ignore { ignores: ["${runtimeDir}/**"] }`),
    });
  } else if (LEGACY_CONFIGS.some((file) => reader.exists(file))) {
    steps.push({
      kind: "edit",
      path: ".eslintignore",
      reason,
      transform: appended((source) => ignoreInEslintIgnoreFile(source, runtimeDir)),
      undo: undo(".eslintignore"),
      create: { content: () => ignoreInEslintIgnoreFile(null, runtimeDir) as string },
    });
  }
  if (reader.exists(".prettierignore") || usesPrettier(reader)) {
    steps.push({
      kind: "edit",
      path: ".prettierignore",
      reason: `leave ${runtimeDir}/ (the auth runtime, already built) out of Prettier's format check`,
      transform: appended((source) => ignoreInPrettierIgnoreFile(source, runtimeDir)),
      undo: undo(".prettierignore"),
      create: { content: () => ignoreInPrettierIgnoreFile(null, runtimeDir) as string },
    });
  }
  for (const biome of ["biome.json", "biome.jsonc"]) {
    steps.push({
      kind: "edit",
      path: biome,
      reason: `leave ${runtimeDir}/ (the auth runtime) out of Biome's lint and format`,
      transform: (source) => ignoreInBiomeConfig(source, biome, runtimeDir),
      undo: undo(biome),
      unsupported: unsupported(
        biome,
        `"${runtimeDir}" to files.ignore (Biome 1) or "!${runtimeDir}" to files.includes`,
      ),
    });
  }
  steps.push({
    kind: "edit",
    path: "tsconfig.json",
    reason: `leave ${runtimeDir}/ (the auth runtime, already built) out of the app's typecheck`,
    transform: (source) => excludeInTsconfig(source, "tsconfig.json", runtimeDir),
    undo: undo("tsconfig.json"),
    unsupported: unsupported("tsconfig.json", `"${runtimeDir}" to "exclude"`),
  });
  return steps;
}
