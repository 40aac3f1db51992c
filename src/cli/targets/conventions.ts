/**
 * Per-framework env file conventions as plain data, shared by the targets and by `auth secret` (which
 * must stay light: it reads this without loading any target's planning code).
 */
import type { FrameworkId } from "./types.js";

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
  { framework: "next", packages: ["next"], envFile: ".env.local", ignorePattern: ".env*.local" },
];

/** Any other project: a plain `.env`. */
export const DEFAULT_ENV_CONVENTION = { envFile: ".env", ignorePattern: ".env" } as const;
