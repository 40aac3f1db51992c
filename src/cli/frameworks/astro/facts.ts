/**
 * Astro's facts: plain data (how it is recognised, its env file, its starter's ignores, its runtime entries,
 * where the auth endpoints live), light enough for detection and `auth secret`. Its planning code is
 * target.ts, beside this file.
 */
import { DEFAULT_ENV_CONVENTION } from "../../env/default-file.js";
import { configNames } from "../../project/framework.js";
import type { FrameworkFacts } from "../types.js";

export const astroFacts: FrameworkFacts = {
  id: "astro",
  name: "Astro",
  supported: "Astro 7 (on-demand rendering with @astrojs/node)",
  packages: ["astro"],
  files: [{ names: configNames("astro.config") }],
  envFile: DEFAULT_ENV_CONVENTION.envFile,
  envIgnorePattern: DEFAULT_ENV_CONVENTION.ignorePattern,
  // create-astro's: the build, Astro's generated types, dependencies, logs, editor and OS files.
  starterIgnores: ["dist/", ".astro/", "node_modules/", "npm-debug.log*", "pnpm-debug.log*", ".DS_Store"],
  /** Where the route file init writes answers (`src/pages/auth/[...auth].ts`): the base path of every auth URL. */
  basePath: "/auth",
  /** `astro dev`'s origin (the Node adapter's production server listens on 4321 too, unless PORT says otherwise). */
  devOrigin: "http://localhost:4321",
  runtimeEntries: ["./astro", "./astro/client"],
};
