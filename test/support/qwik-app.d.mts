import type { RunningServer } from "./processes.mjs";
import type { OidcSettings } from "./user-edits.mjs";

export const QWIK_FIXTURE: string;
/** The constant-time demo-user check (Web Crypto) after `async authorize(credentials) {`; throws if absent. */
export function addWebCryptoDemoUser(
  source: string,
  user?: { id: string; name: string; email: string; password: string },
): string;
export const PLUGIN_FILE: string;
export const PROTECTED_JOURNAL: string;
export const LOGIN_PAGE: string;
/** The demo user in authorize, the protected journal, the app's own sign-in page, the identity provider in .env. */
export function applyQwikUserEdits(dir: string, options: { oidc: OidcSettings }): Promise<void>;
/** Type check, client build, node-server build; milliseconds of each. */
export function buildQwikApp(dir: string): Promise<{ types: number; client: number; server: number }>;
export function startQwikApp(dir: string, port: number, options?: { echo?: boolean }): Promise<RunningServer>;
export function prepareQwikApp(options: {
  oidc: OidcSettings;
  /** `--providers` for init (default: oidc, credentials). */
  providers?: string[];
  /** More init flags (`--strategy database --db postgres`). */
  initArgs?: string[];
  /** The user's edits after init (default: applyQwikUserEdits). */
  edits?: (dir: string) => Promise<void>;
}): Promise<{
  dir: string;
  timings: { init?: number; install?: number; typecheck?: number; buildClient?: number; buildServer?: number };
}>;
