import type { RunningServer } from "./processes.mjs";
import type { OidcSettings } from "./user-edits.mjs";

export interface SolidStartFixture {
  name: "solid-start-1" | "solid-start-2";
  /** The fixture's directory in this repository. */
  dir: string;
  /** The Node major its install and build run under ("24" for SolidStart 2, whose build needs it). */
  buildNode: "20" | "24";
}

export const SOLID_START_FIXTURES: Readonly<{ 1: SolidStartFixture; 2: SolidStartFixture }>;
/** The journal page protected with the generated `requireUser`, with a sign-out link. */
export const PROTECTED_JOURNAL: string;
export function copySolidFixture(fixture: SolidStartFixture): Promise<string>;
/** Demo user in `authorize`, the protected journal, the identity provider's values and AUTH_URL in `.env`. */
export function applySolidUserEdits(dir: string, options: { appUrl: string; oidc: OidcSettings }): Promise<void>;
export function prepareSolidStartApp(options: {
  fixture: SolidStartFixture;
  appUrl: string;
  oidc: OidcSettings;
  /** `--providers` for init (default: oidc, credentials). */
  providers?: string[];
  /** More init flags (`--strategy database --db sqlite`). */
  initArgs?: string[];
  /** The user's edits after init (default: applySolidUserEdits). */
  edits?: (dir: string) => Promise<void>;
}): Promise<{ dir: string; timings: { init?: number; install?: number; build?: number } }>;
/** `PORT=<port> npm start` (the app's own start script) under this Node, on 127.0.0.1:<port>. */
export function startSolidStartApp(dir: string, port: number): Promise<RunningServer>;
