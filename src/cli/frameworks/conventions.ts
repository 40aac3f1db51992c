/**
 * Per-framework conventions as plain data, shared by the targets and by `auth secret` (which must stay
 * light: it reads this without loading any target's planning code): the packages that identify each
 * framework, what its own starter keeps out of git, and where its secrets go.
 */
import type { FrameworkId } from "../project/types.js";

export interface StarterConvention {
  /** Packages whose presence in package.json identifies the framework; the first one gives the version. */
  packages: string[];
  /**
   * What the framework's own starter (its scaffolder's .gitignore) keeps out of git. A .gitignore that
   * create-auth creates starts with these, so the new file does not leave them to be committed.
   */
  starterIgnores: readonly string[];
}

export const STARTERS: Readonly<Record<FrameworkId, StarterConvention>> = {
  next: {
    packages: ["next"],
    // create-next-app's: dependencies, the build and export output, Vercel's folder, TypeScript's build info.
    starterIgnores: [
      "/node_modules",
      "/.next/",
      "/out/",
      "/build",
      "/coverage",
      ".DS_Store",
      "*.pem",
      "npm-debug.log*",
      "yarn-debug.log*",
      "yarn-error.log*",
      ".pnpm-debug.log*",
      ".vercel",
      "*.tsbuildinfo",
      "next-env.d.ts",
    ],
  },
  "solid-start": {
    packages: ["@solidjs/start"],
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
  },
  sveltekit: {
    packages: ["@sveltejs/kit"],
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
  },
  qwik: {
    packages: ["@builder.io/qwik-city"],
    // create-qwik's: the client, library and server builds, dependencies, caches and logs.
    starterIgnores: [
      "/dist",
      "/lib",
      "/lib-types",
      "/server",
      "node_modules",
      "*.local",
      ".cache",
      ".mf",
      ".rollup.cache",
      "tsconfig.tsbuildinfo",
      "*.log",
      ".DS_Store",
    ],
  },
  express: {
    packages: ["express"],
    // express-generator writes no .gitignore; a Node app's usual: dependencies, a TypeScript build, logs.
    starterIgnores: ["node_modules/", "dist/", "npm-debug.log*", "yarn-error.log*", ".DS_Store"],
  },
};

/** The order frameworks are recognised in, as init's targets are: a meta-framework app may depend on express too. */
const RECOGNITION_ORDER: readonly FrameworkId[] = ["next", "solid-start", "sveltekit", "qwik", "express"];

/** The framework a package.json's dependencies name, or null. */
export function frameworkOf(dependencies: Readonly<Record<string, string>>): FrameworkId | null {
  return RECOGNITION_ORDER.find((id) => STARTERS[id].packages.some((name) => dependencies[name] !== undefined)) ?? null;
}

export interface EnvConvention {
  framework: FrameworkId;
  /** Packages whose presence in package.json identifies the framework. */
  packages: string[];
  /** Where secrets go (git-ignored). */
  envFile: string;
  /** The .gitignore pattern that ignores it. */
  ignorePattern: string;
}

export const ENV_CONVENTIONS: readonly EnvConvention[] = [
  // Next loads .env*.local files and create-next-app ignores exactly this pattern.
  { framework: "next", packages: STARTERS.next.packages, envFile: ".env.local", ignorePattern: ".env*.local" },
];

/** Any other project: a plain `.env`. */
export const DEFAULT_ENV_CONVENTION = { envFile: ".env", ignorePattern: ".env" } as const;
