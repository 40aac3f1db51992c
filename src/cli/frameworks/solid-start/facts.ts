/**
 * SolidStart's facts: plain data (how it is recognised, its env file, its starter's ignores, its runtime
 * entries, where the auth endpoints live), light enough for detection and `auth secret`. Its planning code is
 * target.ts, beside this file.
 */
import { DEFAULT_ENV_CONVENTION } from "../../env/default-file.js";
import { configNames, VITE_CONFIGS } from "../../project/framework.js";
import type { FrameworkFacts } from "../types.js";

export const solidStartFacts: FrameworkFacts = {
  id: "solid-start",
  name: "SolidStart",
  supported: "SolidStart 1–2",
  packages: ["@solidjs/start"],
  files: [
    // SolidStart 1 (vinxi): app.config.ts; SolidStart 2: the solidStart() vite plugin.
    { names: configNames("app.config"), pattern: /@solidjs\/start/ },
    { names: VITE_CONFIGS, pattern: /\bsolidStart\s*\(/ },
  ],
  // SolidStart's dev servers (vinxi, nitro) load `.env`, and create-solid's .gitignore ignores it.
  envFile: DEFAULT_ENV_CONVENTION.envFile,
  envIgnorePattern: DEFAULT_ENV_CONVENTION.ignorePattern,
  // create-solid's: dependencies, the vinxi/nitro output, the hosts' folders.
  starterIgnores: [
    "/node_modules",
    "dist",
    ".solid",
    ".output",
    ".vinxi",
    ".vercel",
    ".netlify",
    "app.config.timestamp_*.js",
    ".DS_Store",
    "Thumbs.db",
  ],
  /** SolidAuth's default `prefix`, and where the catch-all route is mounted. */
  basePath: "/api/auth",
  /** Where both `vinxi dev` and nitro's vite dev server listen by default. */
  devOrigin: "http://localhost:3000",
  runtimeEntries: ["./solid-start"],
};
