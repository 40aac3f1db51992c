import type { RunningServer } from "./processes.mjs";
import type { OidcSettings } from "./user-edits.mjs";

/** The person's edits of the fixture's own files, as `[before, after]` text replacements per file. */
export const REACT_ROUTER_EDITS: Record<string, Array<[string, string]>>;
export function applyReactRouterUserEdits(dir: string, options: { oidc: OidcSettings }): Promise<void>;
/** `npm run build` (react-router build), timed. */
export function buildReactRouterApp(dir: string, env: NodeJS.ProcessEnv): Promise<{ build: number }>;
export function prepareReactRouterApp(
  fixture: string,
  options: {
    oidc: OidcSettings;
    /** `--providers` for init (default: oidc, credentials). */
    providers?: string[];
    /** More init flags (`--strategy database --db sqlite`). */
    initArgs?: string[];
    /** The user's edits after init (default: applyReactRouterUserEdits). */
    edits?: (dir: string) => Promise<void>;
  },
): Promise<{ dir: string; timings: { init?: number; install?: number; build?: number } }>;
/** Runs `npm start` (react-router-serve) with PORT and HOST set; resolves once the app answers on 127.0.0.1:<port>. */
export function startReactRouterApp(dir: string, port: number): Promise<RunningServer>;
