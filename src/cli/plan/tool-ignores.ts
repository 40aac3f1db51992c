/**
 * The steps that keep the vendored runtime out of the app's own lint and typecheck: an edit of each config
 * the app has (ESLint flat config, or ESLint's legacy ignore file beside an .eslintrc, Biome, tsconfig), each
 * a pure transform adding the runtime dir (transforms/tool-ignores.ts). A config the app lacks is not
 * created, except `.eslintignore` for an app linted by a legacy `.eslintrc`.
 */
import {
  excludeInTsconfig,
  ignoreInBiomeConfig,
  ignoreInEslintFlatConfig,
  ignoreInEslintIgnoreFile,
} from "../transforms/tool-ignores.js";
import type { EditFileStep } from "./planner.js";
import type { ProjectReader } from "./reader.js";

const FLAT_CONFIGS = ["js", "mjs", "cjs", "ts", "mts", "cts"].map((ext) => `eslint.config.${ext}`);
const LEGACY_CONFIGS = [
  ".eslintrc",
  ".eslintrc.js",
  ".eslintrc.cjs",
  ".eslintrc.json",
  ".eslintrc.yml",
  ".eslintrc.yaml",
];

export function toolIgnoreSteps(reader: ProjectReader, runtimeDir: string): EditFileStep[] {
  const reason = `leave ${runtimeDir}/ (the auth runtime) out of the app's lint`;
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
      unsupported: unsupported(flat, `a global ignore { ignores: ["${runtimeDir}/**"] }`),
    });
  } else if (LEGACY_CONFIGS.some((file) => reader.exists(file))) {
    steps.push({
      kind: "edit",
      path: ".eslintignore",
      reason,
      transform: (source) => ignoreInEslintIgnoreFile(source, runtimeDir),
      create: { content: () => ignoreInEslintIgnoreFile(null, runtimeDir) as string },
    });
  }
  for (const biome of ["biome.json", "biome.jsonc"]) {
    steps.push({
      kind: "edit",
      path: biome,
      reason: `leave ${runtimeDir}/ (the auth runtime) out of Biome's lint and format`,
      transform: (source) => ignoreInBiomeConfig(source, biome, runtimeDir),
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
    unsupported: unsupported("tsconfig.json", `"${runtimeDir}" to "exclude"`),
  });
  return steps;
}
