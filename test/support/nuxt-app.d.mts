import type { RunningServer } from "./processes.mjs";
import type { OidcSettings } from "./user-edits.mjs";

/** The person's edits of the fixture's own files, as `[before, after]` text replacements per file. */
export const NUXT_EDITS: Record<string, Array<[string, string]>>;
export function applyNuxtUserEdits(dir: string, options: { oidc: OidcSettings }): Promise<void>;
export function prepareNuxtApp(
  fixture: string,
  options: {
    oidc: OidcSettings;
    /** `--providers` for init (default: oidc, credentials). */
    providers?: string[];
    /** More init flags (`--strategy database --db sqlite`). */
    initArgs?: string[];
    /** The user's edits after init (default: applyNuxtUserEdits). */
    edits?: (dir: string) => Promise<void>;
  },
): Promise<{ dir: string; timings: { init?: number; install?: number; build?: number } }>;
/** Runs `node .output/server/index.mjs` (Node 24) with PORT and HOST set; resolves once the app answers on 127.0.0.1:<port>. */
export function startNuxtApp(dir: string, port: number): Promise<RunningServer>;
