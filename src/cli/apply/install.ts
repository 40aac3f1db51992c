/**
 * Installs the dependencies a plan added, with the project's own package manager (execa, loaded only
 * here). In --json mode the installer's output goes to stderr so stdout stays one JSON object.
 */
import { CliError } from "../errors.js";
import type { InstallStep } from "../plan/types.js";

export async function runInstall(root: string, step: InstallStep, quietStdout: boolean): Promise<void> {
  const { execa } = await import("execa");
  const [command, ...args] = step.command as [string, ...string[]];
  try {
    await execa(command, args, {
      cwd: root,
      stdin: "ignore",
      stdout: quietStdout ? ["pipe"] : "inherit",
      stderr: "inherit",
    });
  } catch (error) {
    const exit = (error as { exitCode?: number }).exitCode;
    throw new CliError(
      "InstallFailed",
      `${step.command.join(" ")} failed${exit === undefined ? "" : ` (exit ${exit})`}; the files are written, run it yourself once the problem is fixed.`,
    );
  }
}
