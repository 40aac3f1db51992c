/**
 * Entry point of both `create-auth` and `auth` (one program, two names). Start-up time is a feature:
 * the root help, `--version` and `auth secret` (with any of its own flags) are served here without loading
 * commander or any planning code; everything else loads the commander program (and each command loads
 * what it needs when it runs).
 * Every failure ends as one line on stderr (or one JSON object with --json) and a non-zero exit code;
 * no stack traces unless CREATE_AUTH_DEBUG is set.
 */
// Every import is dynamic: `auth secret --raw` must load as few modules as a bare `node` start-up allows.
import type { Host } from "./host.js";

/** Exit 2: the command line itself is wrong or incomplete (surface.ts EXIT_CODES); the fix is in what was typed. */
const USAGE_ERRORS: ReadonlySet<string> = new Set(["InvalidOption", "MissingAnswer"]);

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
  return known && USAGE_ERRORS.has(error.code) ? 2 : 1;
}

/** `secret`'s flags when every argument is one of them (and at most one folder), else null: commander parses. */
function fastSecretFlags(args: string[]): { dir: string | undefined; flags: Record<string, boolean> } | null {
  const names: Record<string, string> = {
    "--raw": "raw",
    "--dry-run": "dryRun",
    "--json": "json",
    "-y": "yes",
    "--yes": "yes",
    "--force": "force",
  };
  const flags: Record<string, boolean> = {};
  let dir: string | undefined;
  for (const arg of args) {
    const name = names[arg];
    if (name) flags[name] = true;
    else if (arg.startsWith("-") || dir !== undefined) return null;
    else dir = arg;
  }
  return { dir, flags };
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
  const secret = first === "secret" ? fastSecretFlags(rest) : null;
  if (secret?.flags["raw"] && !secret.flags["json"]) {
    const { generateSecret } = await import("./env/secret.js");
    host.stdout(`${generateSecret()}\n`);
    return true;
  }
  if (secret) {
    const [{ runSecret }, { createOutput }] = await Promise.all([
      import("./commands/secret.js"),
      import("./output.js"),
    ]);
    await runSecret(secret.dir, secret.flags, createOutput(Boolean(secret.flags["json"]), host.stdout), host);
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
    const exit = { code: 0 };
    try {
      await buildProgram(binName, host, exit).parseAsync(argv, { from: "user" });
    } catch (error) {
      // Commander has already printed the help, the version, or its one-line usage error: a usage error
      // (or help shown because the command line was incomplete) exits 2, as the help says.
      if (error instanceof CommanderError) {
        if (error.exitCode === 0) return 0;
        // --json promises one object on stdout, usage errors included.
        const message = error.message.replace(/^error: /, "");
        if (json) host.stdout(`${JSON.stringify({ ok: false, error: { code: "UsageError", message } }, null, 2)}\n`);
        return 2;
      }
      throw error;
    }
    return exit.code;
  } catch (error) {
    return reportFailure(error, binName, json, host);
  }
}

export async function main(argv: string[], binName: string): Promise<void> {
  const { processHost } = await import("./host.js");
  const code = await run(argv, binName, processHost());
  if (code !== 0) process.exitCode = code;
}
