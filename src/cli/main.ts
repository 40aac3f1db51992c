/**
 * Entry point of both `create-auth` and `auth` (one program, two names). Start-up time is a feature:
 * the root help, `--version` and `auth secret` are served here without loading commander or any planning
 * code; everything else loads the commander program (and each command loads what it needs when it runs).
 * Every failure ends as one line on stderr (or one JSON object with --json) and a non-zero exit code;
 * no stack traces unless CREATE_AUTH_DEBUG is set.
 */
// Every import is dynamic: `auth secret --raw` must load as few modules as a bare `node` start-up allows.
import type { Host } from "./host.js";

async function reportFailure(error: unknown, binName: string, json: boolean, host: Host): Promise<number> {
  const { CliError } = await import("./errors.js");
  const known = error instanceof CliError;
  const message = known ? error.message : `unexpected error: ${error instanceof Error ? error.message : String(error)}`;
  if (json) {
    const code = known ? error.code : "Unexpected";
    host.stdout(`${JSON.stringify({ ok: false, error: { code, message } }, null, 2)}\n`);
  }
  host.stderr(`${binName}: ${message.replace(/\s*\n\s*/g, " ")}\n`);
  if (!known && host.env["CREATE_AUTH_DEBUG"] && error instanceof Error) host.stderr(`${error.stack}\n`);
  return 1;
}

/** The invocations answered without commander; anything else (including typos) goes to the full parser. */
async function fastPath(argv: string[], binName: string, host: Host): Promise<boolean> {
  const [first, ...rest] = argv;
  if (first === undefined || ((first === "--help" || first === "-h" || first === "help") && rest.length === 0)) {
    host.stdout((await import("./surface.js")).rootHelp(binName));
    return true;
  }
  if ((first === "--version" || first === "-v") && rest.length === 0) {
    host.stdout(`${(await import("./version.js")).cliPackage().version}\n`);
    return true;
  }
  if (first === "secret" && rest.length === 1 && rest[0] === "--raw") {
    const { generateSecret } = await import("./env/secret.js");
    host.stdout(`${generateSecret()}\n`);
    return true;
  }
  if (first === "secret" && rest.length === 0) {
    const [{ runSecret }, { createOutput }] = await Promise.all([
      import("./commands/secret.js"),
      import("./output.js"),
    ]);
    runSecret(createOutput(false, host.stdout), host);
    return true;
  }
  return false;
}

/** Runs one invocation on `host`; resolves to the exit code. */
export async function run(argv: string[], binName: string, host: Host): Promise<number> {
  const json = argv.includes("--json");
  try {
    if (await fastPath(argv, binName, host)) return 0;
    const { CommanderError } = await import("commander");
    const { buildProgram } = await import("./program.js");
    try {
      await buildProgram(binName, host).parseAsync(argv, { from: "user" });
    } catch (error) {
      // Commander has already printed the help, the version, or its one-line usage error.
      if (error instanceof CommanderError) return error.exitCode;
      throw error;
    }
    return 0;
  } catch (error) {
    return reportFailure(error, binName, json, host);
  }
}

export async function main(argv: string[], binName: string): Promise<void> {
  const { processHost } = await import("./host.js");
  const code = await run(argv, binName, processHost());
  if (code !== 0) process.exitCode = code;
}
