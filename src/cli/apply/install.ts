/**
 * Installs the dependencies a plan added, with the project's own package manager (execa, loaded only
 * here). How progress shows depends on where the words go:
 * - "spinner" (a terminal): clack's spinner while the installer's output is held back, printed only
 *   when it fails, so a person sees one moving line instead of a page of package-manager noise;
 * - "lines" (a log, CI): a line before and after, the installer's own output passed through;
 * - "json": nothing on stdout at all (the installer's output goes to stderr), so stdout stays one object.
 */
import { CliError } from "../errors.js";
import type { InstallStep } from "../plan/types.js";

export type InstallProgress = "spinner" | "lines" | "json";

function failed(step: InstallStep, error: unknown): CliError {
  const exit = (error as { exitCode?: number }).exitCode;
  return new CliError(
    "InstallFailed",
    `${step.command.join(" ")} failed${exit === undefined ? "" : ` (exit ${exit})`}; the files are written, run it yourself once the problem is fixed.`,
  );
}

export async function runInstall(
  root: string,
  step: InstallStep,
  progress: InstallProgress,
  say: (line: string) => void,
): Promise<void> {
  const { execa } = await import("execa");
  const [command, ...args] = step.command as [string, ...string[]];
  const shown = step.command.join(" ");
  if (progress === "spinner") {
    const { spinner } = await import("@clack/prompts");
    const spin = spinner();
    spin.start(`Installing dependencies (${shown})`);
    try {
      await execa(command, args, { cwd: root, stdin: "ignore", all: true });
    } catch (error) {
      spin.error(`${shown} failed`);
      const output = (error as { all?: string }).all ?? "";
      if (output.trim() !== "") process.stderr.write(`${output.trimEnd()}\n`);
      throw failed(step, error);
    }
    spin.stop(`Installed dependencies (${shown})`);
    return;
  }
  if (progress === "lines") say(`Installing dependencies: ${shown}`);
  try {
    await execa(command, args, {
      cwd: root,
      stdin: "ignore",
      // --json keeps stdout for the one object: the installer's words go to stderr (fd 2).
      stdout: progress === "json" ? 2 : "inherit",
      stderr: "inherit",
    });
  } catch (error) {
    throw failed(step, error);
  }
  if (progress === "lines") say("Installed dependencies.");
}
