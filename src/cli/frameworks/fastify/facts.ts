/**
 * Fastify's facts: plain data (how it is recognised, its env file, its starter's ignores, its runtime entries,
 * where the auth endpoints live), light enough for detection and `auth secret`. Its planning code is
 * target.ts, beside this file.
 */
import { DEFAULT_ENV_CONVENTION } from "../../env/default-file.js";
import type { FrameworkFacts } from "../types.js";

export const fastifyFacts: FrameworkFacts = {
  id: "fastify",
  name: "Fastify",
  supported: "Fastify 5 (fastify-cli's app with @fastify/autoload, or a module calling Fastify() itself)",
  packages: ["fastify"],
  files: [
    {
      names: ["app", "server", "index", "main"].flatMap((base) =>
        ["ts", "js", "mjs", "cjs"].flatMap((ext) => [`src/${base}.${ext}`, `${base}.${ext}`]),
      ),
      pattern: /\bfrom\s+["']fastify["']|\brequire\(\s*["']fastify["']\s*\)/,
      says: "imports fastify",
    },
  ],
  // `fastify start` loads .env itself (process.loadEnvFile) before it loads the app.
  envFile: DEFAULT_ENV_CONVENTION.envFile,
  envIgnorePattern: DEFAULT_ENV_CONVENTION.ignorePattern,
  // fastify-cli's generated .gitignore, less its editor and profiler entries: dependencies, the build, logs.
  starterIgnores: ["node_modules", "dist", "logs", "*.log", "npm-debug.log*", "coverage", ".DS_Store"],
  /** The prefix the auth plugin is registered with, which is the base path of every auth URL. */
  basePath: "/auth",
  /** Where `fastify start` listens by default. */
  devOrigin: "http://localhost:3000",
  runtimeEntries: ["./fastify"],
};
