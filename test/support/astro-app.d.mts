import type { RunningServer } from "./processes.mjs";
import type { OidcSettings } from "./user-edits.mjs";

/** The person's edits of the fixture's own files, as `[before, after]` text replacements per file. */
export const ASTRO_EDITS: Record<string, Array<[string, string]>>;
export function applyAstroUserEdits(dir: string, options: { oidc: OidcSettings }): Promise<void>;
/** The environment of the app's processes: Node 24 first on PATH, no Astro telemetry, `extra` on top. */
export function astroEnv(extra?: Record<string, string>): Promise<NodeJS.ProcessEnv>;
export function prepareAstroApp(
  fixture: string,
  options: {
    oidc: OidcSettings;
    /** `--providers` for init (default: oidc, credentials). */
    providers?: string[];
    /** More init flags (`--strategy database --db sqlite`). */
    initArgs?: string[];
    /** The user's edits after init (default: applyAstroUserEdits). */
    edits?: (dir: string) => Promise<void>;
  },
): Promise<{ dir: string; timings: { init?: number; install?: number; build?: number } }>;
/** Runs `npm start` with PORT and HOST set, under Node 24; resolves once the app answers on 127.0.0.1:<port>. */
export function startAstroApp(dir: string, port: number): Promise<RunningServer>;
