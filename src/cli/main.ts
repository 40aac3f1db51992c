/**
 * Entry point of both `create-auth` and `auth` (one program, two names). Start-up time is a feature:
 * the root help, `--version` and `auth secret` are served here without loading commander or any planning
 * code; everything else loads the commander program (and each command loads what it needs when it runs).
 * Every failure ends as one line on stderr (or one JSON object with --json) and a non-zero exit code;
 * no stack traces unless CREATE_AUTH_DEBUG is set.
 */
// Every import is dynamic: `auth secret --raw` must load as few modules as a bare `node` start-up allows.

async function reportFailure(error: unknown, binName: string, json: boolean): Promise<void> {
  const { CliError } = await import("./errors.js");
  const known = error instanceof CliError;
  const message = known ? error.message : `unexpected error: ${error instanceof Error ? error.message : String(error)}`;
  if (json) {
    const code = known ? error.code : "Unexpected";
    process.stdout.write(`${JSON.stringify({ ok: false, error: { code, message } }, null, 2)}\n`);
  }
  process.stderr.write(`${binName}: ${message.replace(/\s*\n\s*/g, " ")}\n`);
  if (!known && process.env["CREATE_AUTH_DEBUG"] && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  process.exitCode = 1;
}

/** The invocations answered without commander; anything else (including typos) goes to the full parser. */
async function fastPath(argv: string[], binName: string): Promise<boolean> {
  const [first, ...rest] = argv;
  if (first === undefined || ((first === "--help" || first === "-h" || first === "help") && rest.length === 0)) {
    process.stdout.write((await import("./surface.js")).rootHelp(binName));
    return true;
  }
  if ((first === "--version" || first === "-v") && rest.length === 0) {
    process.stdout.write(`${(await import("./version.js")).cliPackage().version}\n`);
    return true;
  }
  if (first === "secret" && rest.length === 1 && rest[0] === "--raw") {
    const { generateSecret } = await import("./env/secret.js");
    process.stdout.write(`${generateSecret()}\n`);
    return true;
  }
  if (first === "secret" && rest.length === 0) {
    const [{ runSecret }, { createOutput }] = await Promise.all([
      import("./commands/secret.js"),
      import("./output.js"),
    ]);
    runSecret(createOutput(false));
    return true;
  }
  return false;
}

export async function main(argv: string[], binName: string): Promise<void> {
  const json = argv.includes("--json");
  try {
    if (await fastPath(argv, binName)) return;
    const { CommanderError } = await import("commander");
    const { buildProgram } = await import("./program.js");
    try {
      await buildProgram(binName).parseAsync(argv, { from: "user" });
    } catch (error) {
      // Commander has already printed the help, the version, or its one-line usage error.
      if (error instanceof CommanderError) process.exitCode = error.exitCode;
      else throw error;
    }
  } catch (error) {
    await reportFailure(error, binName, json);
  }
}
