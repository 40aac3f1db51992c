/**
 * Hono's facts: plain data (how it is recognised, its env file, its starter's ignores, its runtime entries,
 * where the auth endpoints live), light enough for detection and `auth secret`. Its planning code is
 * target.ts, beside this file.
 */
import { DEFAULT_ENV_CONVENTION } from "../../env/default-file.js";
import type { FrameworkFacts } from "../types.js";

export const honoFacts: FrameworkFacts = {
  id: "hono",
  name: "Hono",
  supported: "Hono 4 (on Node with @hono/node-server)",
  packages: ["hono"],
  files: [
    {
      names: ["index", "app", "server", "main"].flatMap((base) =>
        ["ts", "js", "mjs", "tsx", "jsx"].flatMap((ext) => [`src/${base}.${ext}`, `${base}.${ext}`]),
      ),
      pattern: /\bnew\s+Hono\s*[<(]/,
      says: "new Hono()",
    },
  ],
  envFile: DEFAULT_ENV_CONVENTION.envFile,
  envIgnorePattern: DEFAULT_ENV_CONVENTION.ignorePattern,
  // create-hono's Node template: the TypeScript build, dependencies, logs.
  starterIgnores: ["dist/", "node_modules/", "logs/", "*.log", ".DS_Store"],
  /** Where init mounts the handler (`/auth/*`), which is also the base path of every auth URL. */
  basePath: "/auth",
  /** create-hono's Node template serves on port 3000. */
  devOrigin: "http://localhost:3000",
  runtimeEntries: ["./hono"],
};
