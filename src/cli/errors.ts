/**
 * The one error class the CLI throws on purpose. `code` is stable (scripts and `--json` consumers match
 * on it); `message` is the single line a user sees: what happened and what to do next.
 */

export type CliErrorCode =
  | "ApplyFailed"
  | "Cancelled"
  | "ChangedSincePlan"
  | "EnvFileTracked"
  | "ExistingFile"
  | "InstallFailed"
  | "InvalidAppleKey"
  | "InvalidOption"
  | "LastProvider"
  | "MissingAnswer"
  | "NeedsDatabase"
  | "NoProject"
  | "NotSetUp"
  | "NotYetAvailable"
  | "RuntimeNotBuilt"
  | "UncommittedChanges"
  | "UnsafeEnvEdit"
  | "UnsupportedProject";

export class CliError extends Error {
  readonly code: CliErrorCode;

  constructor(code: CliErrorCode, message: string) {
    super(message);
    this.name = "CliError";
    this.code = code;
  }
}
