/**
 * SvelteKit's facts: plain data (how it is recognised, its env file, its starter's ignores, its runtime
 * entries, where the auth endpoints live), light enough for detection and `auth secret`. Its planning code is
 * target.ts, beside this file.
 */
import { DEFAULT_ENV_CONVENTION } from "../../env/default-file.js";
import { VITE_CONFIGS } from "../../project/framework.js";
import type { FrameworkFacts } from "../types.js";

export const sveltekitFacts: FrameworkFacts = {
  id: "sveltekit",
  name: "SvelteKit",
  supported: "SvelteKit 2–3",
  packages: ["@sveltejs/kit"],
  files: [
    { names: ["svelte.config.js", "svelte.config.mjs", "svelte.config.ts"] },
    // SvelteKit 3 has no svelte.config.js: the kit plugin in vite.config carries the config.
    { names: VITE_CONFIGS, pattern: /\bsveltekit\s*\(/ },
  ],
  envFile: DEFAULT_ENV_CONVENTION.envFile,
  envIgnorePattern: DEFAULT_ENV_CONVENTION.ignorePattern,
  // sv create's: dependencies, SvelteKit's generated folder, the adapters' output, Vite's timestamp files.
  starterIgnores: [
    "node_modules",
    "/.svelte-kit",
    "/build",
    ".output",
    ".vercel",
    ".netlify",
    ".wrangler",
    ".DS_Store",
    "Thumbs.db",
    "vite.config.js.timestamp-*",
    "vite.config.ts.timestamp-*",
  ],
  basePath: "/auth",
  /** `vite dev`'s origin; `vite preview` serves on 4173 and adapter-node's `node build` on 3000. */
  devOrigin: "http://localhost:5173",
  // A SvelteKit app uses its client module and its form components.
  runtimeEntries: ["./sveltekit", "./sveltekit/client", "./sveltekit/components"],
};
