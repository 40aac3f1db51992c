/**
 * Nuxt's facts: plain data (how it is recognised, its env file, its starter's ignores, its runtime entries,
 * where the auth endpoints live), light enough for detection and `auth secret`. Its planning code is
 * target.ts, beside this file.
 */
import { DEFAULT_ENV_CONVENTION } from "../../env/default-file.js";
import { configNames } from "../../project/framework.js";
import type { FrameworkFacts } from "../types.js";

export const nuxtFacts: FrameworkFacts = {
  id: "nuxt",
  name: "Nuxt",
  supported: "Nuxt 4 (Nitro 2)",
  packages: ["nuxt"],
  files: [{ names: configNames("nuxt.config"), pattern: /\bdefineNuxtConfig\s*\(/, says: "defineNuxtConfig()" }],
  // `nuxt dev` and `nuxt preview` load .env; the production server reads the real environment only (the auth
  // module loads .env itself for a start on this machine: target.ts).
  envFile: DEFAULT_ENV_CONVENTION.envFile,
  envIgnorePattern: DEFAULT_ENV_CONVENTION.ignorePattern,
  // create-nuxt's starter: Nuxt's and Nitro's build output and caches, dependencies, logs, editors' folders.
  starterIgnores: [
    ".output",
    ".data",
    ".nuxt",
    ".nitro",
    ".cache",
    "dist",
    "node_modules",
    "logs",
    "*.log",
    ".DS_Store",
  ],
  /** Where `server/routes/auth/[...].ts` serves the auth routes: NuxtAuth's default base path. */
  basePath: "/auth",
  /** `nuxt dev` and the built server (`node .output/server/index.mjs`) listen on port 3000 by default. */
  devOrigin: "http://localhost:3000",
  // The server's integration, and the session store the useSession() composable is built on.
  runtimeEntries: ["./nuxt", "./nuxt/session"],
};
