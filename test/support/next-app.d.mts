import type { RunningServer } from "./processes.mjs";
import type { OidcSettings } from "./user-edits.mjs";

export { appProcessEnv, fixturePath as nextFixture, initAuth, installApp } from "./fixture-app.mjs";

export const NEXT_FIXTURE: string;
/** Copies a fixture directory (default: next-app), without install or build output, into a fresh temp directory. */
export function copyFixture(fixture?: string): Promise<string>;
export function buildRepository(): Promise<{ output: string; ms: number }>;
/**
 * Builds only when dist/ is missing or older than src/ or templates/ (with E2E_DIST=prebuilt: never, and rejects
 * when dist/ is missing); resolves with the build's ms (0 if skipped).
 */
export function ensureRepositoryBuilt(): Promise<number>;
export function buildApp(dir: string): Promise<{ output: string; ms: number }>;
export function startApp(
  dir: string,
  port: number,
  options?: { mode?: "start" | "dev"; echo?: boolean },
): Promise<RunningServer>;
/** Display names by provider id, from the running app's `<basePath>/providers` (default /api/auth): what its buttons say. */
export function providerNames(appUrl: string, basePath?: string): Promise<Record<string, string>>;
export interface PreparedApp {
  dir: string;
  /** Milliseconds per step. */
  timings: { init?: number; install?: number; build?: number };
}
export function prepareNextApp(options: {
  appUrl: string;
  oidc: OidcSettings;
  build?: boolean;
  log?: (line: string) => void;
  /** The fixture directory to copy (default: next-app). */
  fixture?: string;
  /** The user's edits after init (default: applyUserEdits, for next-app). */
  edits?: (dir: string, options: { appUrl: string; oidc: OidcSettings }) => Promise<void>;
  /** `--providers` for init (default: oidc, credentials). */
  providers?: string[];
  /** More init flags (`--strategy database --db sqlite`). */
  initArgs?: string[];
}): Promise<PreparedApp>;
