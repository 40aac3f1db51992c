/**
 * Output piped into a reader that stops early (`create-auth init --help | head -1`) ends quietly: the closed
 * pipe (EPIPE) is nobody's fault, so no stack trace, and the command's own exit code (issue 22, point 7).
 */
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { cliBin, cliEnv, repoRoot } from "./support.js";

/** Runs the built CLI with its stdout's reader gone before the first line is written. */
function runIntoClosedPipe(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliBin("create-auth"), ...args], {
      cwd: repoRoot,
      env: cliEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    // Node takes far longer to start than this takes to run: every write the CLI makes meets a closed pipe.
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

describe("output into a closed pipe", () => {
  it.each([[["init", "--help"]], [["--help"]], [["secret", "--raw"]]])(
    "create-auth %j ends quietly with exit 0",
    async (args) => {
      const { code, stderr } = await runIntoClosedPipe(args);
      expect(stderr).toBe("");
      expect(code).toBe(0);
    },
  );
});
