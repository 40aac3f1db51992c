/**
 * Express's facts: plain data (how it is recognised, its env file, its starter's ignores, its runtime
 * entries, where the auth endpoints live), light enough for detection and `auth secret`. Its planning code is
 * target.ts, beside this file.
 */
import { DEFAULT_ENV_CONVENTION } from "../../env/default-file.js";
import type { FrameworkFacts } from "../types.js";

export const expressFacts: FrameworkFacts = {
  id: "express",
  name: "Express",
  supported: "Express 4–5",
  packages: ["express"],
  files: [
    {
      names: ["app", "server", "index", "main"].flatMap((base) =>
        ["ts", "js", "mjs", "cjs"].flatMap((ext) => [`src/${base}.${ext}`, `${base}.${ext}`]),
      ),
      pattern: /\bexpress\s*\(\s*\)/,
      says: "express()",
    },
  ],
  envFile: DEFAULT_ENV_CONVENTION.envFile,
  envIgnorePattern: DEFAULT_ENV_CONVENTION.ignorePattern,
  // express-generator writes no .gitignore; a Node app's usual: dependencies, a TypeScript build, logs.
  starterIgnores: ["node_modules/", "dist/", "npm-debug.log*", "yarn-error.log*", ".DS_Store"],
  /** The mount point, which is also the base path of every auth URL. */
  basePath: "/auth",
  /** Where Express apps usually listen in development. */
  devOrigin: "http://localhost:3000",
  runtimeEntries: ["./express"],
};
