import type { RunningServer } from "./processes.mjs";
import type { OidcSettings } from "./user-edits.mjs";

export const PROTECTED_NOTES_LOAD: string;
export const PROTECTED_NOTES_PAGE: string;
export const LOGIN_PAGE: string;
export const HOME_PAGE: string;
export function applySvelteKitEdits(
  dir: string,
  options: { oidc: OidcSettings; lib: string; origin?: string },
): Promise<void>;
export function prepareSvelteKitApp(options: {
  fixture: string;
  node24?: boolean;
  lib?: string;
  /** Written into `paths.origin` (SvelteKit 3 with adapter-node 6). */
  origin?: string;
  oidc: OidcSettings;
  log?: (line: string) => void;
  /** `--providers` for init (default: oidc, credentials). */
  providers?: string[];
  /** More init flags (`--strategy database --db sqlite`). */
  initArgs?: string[];
  /** The user's edits after init (default: applySvelteKitEdits). */
  edits?: (dir: string, options: { oidc: OidcSettings; lib: string; origin?: string }) => Promise<void>;
}): Promise<{ dir: string; timings: { init?: number; install?: number; build?: number } }>;
export function startSvelteKitApp(
  dir: string,
  port: number,
  options?: { node24?: boolean; echo?: boolean; origin?: string },
): Promise<RunningServer>;
