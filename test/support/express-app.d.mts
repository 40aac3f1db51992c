import type { RunningServer } from "./processes.mjs";
import type { OidcSettings } from "./user-edits.mjs";

export type ExpressFixture = "express-5-ts" | "express-4-js";
export const EXPRESS_FIXTURES: Record<
  ExpressFixture,
  { authFile: string; build: boolean; edits: Record<string, Array<[string, string]>> }
>;
/** `addDemoUser` translated for a CommonJS JavaScript auth module (require, no type annotation). */
export function addDemoUserCommonJs(
  source: string,
  user?: { id: string; name: string; email: string; password: string },
): string;
export function applyExpressUserEdits(
  dir: string,
  fixture: ExpressFixture,
  options: { oidc: OidcSettings },
): Promise<void>;
export function prepareExpressApp(
  fixture: ExpressFixture,
  options: {
    oidc: OidcSettings;
    /** `--providers` for init (default: oidc, credentials). */
    providers?: string[];
    /** More init flags (`--strategy database --db postgres`). */
    initArgs?: string[];
    /** The user's edits after init (default: applyExpressUserEdits for this fixture). */
    edits?: (dir: string) => Promise<void>;
  },
): Promise<{ dir: string; timings: { init?: number; install?: number; build?: number } }>;
/** Runs `npm start` with PORT and HOST set; resolves once the app answers on 127.0.0.1:<port>. */
export function startExpressApp(dir: string, port: number): Promise<RunningServer>;
