import type { RunningServer } from "./processes.mjs";
import type { OidcSettings } from "./user-edits.mjs";

export type FastifyFixture = "fastify-5-cli" | "fastify-5-plain";
/** Per fixture: its build script, the variable its start reads the host from, and the person's edits. */
export const FASTIFY_FIXTURES: Record<
  FastifyFixture,
  { build: string; hostVariable: string; edits: Record<string, Array<[string, string]>> }
>;
export function applyFastifyUserEdits(dir: string, fixture: string, options: { oidc: OidcSettings }): Promise<void>;
/** `npm run <the fixture's build script>` in `dir`; resolves with its milliseconds under `build`. */
export function buildFastifyApp(fixture: string, dir: string, env?: NodeJS.ProcessEnv): Promise<{ build: number }>;
export function prepareFastifyApp(
  fixture: string,
  options: {
    oidc: OidcSettings;
    /** `--providers` for init (default: oidc, credentials). */
    providers?: string[];
    /** More init flags (`--strategy database --db sqlite`). */
    initArgs?: string[];
    /** The user's edits after init (default: applyFastifyUserEdits for this fixture). */
    edits?: (dir: string) => Promise<void>;
  },
): Promise<{ dir: string; timings: { init?: number; install?: number; build?: number } }>;
/** `npm start` with PORT and the fixture's host variable set; resolves once the app answers on 127.0.0.1:<port>. */
export function startFastifyApp(fixture: string, dir: string, port: number): Promise<RunningServer>;
