import type { CommandOptions } from "./processes.mjs";

export const REPO_ROOT: string;
/** A fixture under test/fixtures by name. */
export function fixturePath(name: string): string;
/** Our environment minus NODE_ENV, VITEST*, AUTH_* and NEXTAUTH_*, plus NEXT_TELEMETRY_DISABLED=1. */
export function appProcessEnv(extra?: Record<string, string>): NodeJS.ProcessEnv;
/** Copies a fixture directory, without install or build output, into a fresh temp directory. */
export function copyFixture(fixture: string): Promise<string>;
export function initAuth(
  dir: string,
  providers?: string[],
  extraArgs?: string[],
  /** The Node that runs the CLI (default: ours). */
  node?: string,
): Promise<{ output: string; ms: number }>;
/** `npm install` in `dir`; `seedMs`: the part of `ms` spent copying the run's seed for the fixture in (0: none). */
export function installApp(
  dir: string,
  env?: CommandOptions["env"],
): Promise<{ output: string; ms: number; seedMs: number }>;
/** Sets `values` in an env file in place. */
export function fillEnvFile(file: string, values: Record<string, string>): Promise<void>;
export function prepareFixtureApp<Timings extends Record<string, number>>(options: {
  /** The fixture directory to copy. */
  fixture: string;
  /** `--providers` for init (default: oidc, credentials). */
  providers?: string[];
  /** More init flags (`--strategy database --db sqlite`). */
  initArgs?: string[];
  /** The Node that runs init (default: ours): Node 24 for the frameworks whose users have it. */
  initNode?: string;
  /** The person's edits after init. */
  edits: (dir: string) => Promise<void>;
  /** The app's build after install; resolves with its steps' milliseconds. */
  build: (dir: string, env: NodeJS.ProcessEnv) => Promise<Timings>;
  /** What install and build run in (default: appProcessEnv()). */
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}): Promise<{ dir: string; timings: { init: number; install: number; installSeed?: number } & Timings }>;
