import type { RunningServer } from "./processes.mjs";
import type { OidcSettings } from "./user-edits.mjs";

/** The person's edits of the initialised fixture's src/index.ts, as `[before, after]` replacements. */
export const HONO_INDEX_EDITS: Array<[string, string]>;
export function applyHonoUserEdits(dir: string, options: { oidc: OidcSettings }): Promise<void>;
export function prepareHonoApp(
  fixture: string,
  options: {
    oidc: OidcSettings;
    /** `--providers` for init (default: oidc, credentials). */
    providers?: string[];
    /** More init flags (`--strategy database --db sqlite`). */
    initArgs?: string[];
    /** The user's edits after init (default: applyHonoUserEdits). */
    edits?: (dir: string) => Promise<void>;
  },
): Promise<{ dir: string; timings: { init?: number; install?: number; build?: number } }>;
/** Runs `npm start` with PORT and HOST set; resolves once the app answers on 127.0.0.1:<port>. */
export function startHonoApp(dir: string, port: number): Promise<RunningServer>;
