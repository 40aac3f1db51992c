/**
 * Entry point of both `create-auth` and `auth` (one program, two names). Start-up time is a feature:
 * the root help, `--version` and the registry's fast commands (`auth secret` with any of its own flags)
 * are served here without loading commander or any planning code; everything else loads the commander program (and each command loads
 * what it needs when it runs).
 * Every failure ends as one line on stderr (or one JSON object with --json) and a non-zero exit code;
 * no stack traces unless CREATE_AUTH_DEBUG is set.
 */
// Every import is dynamic: `auth secret --raw` must load as few modules as a bare `node` start-up allows.

import type { Host } from "./commands/host.js";
import type { CommandEntry, ParsedCommand } from "./commands/index.js";

/** Exit 2: the command line itself is wrong or incomplete (help.ts EXIT_CODES); the fix is in what was typed. */
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

/** A command's switches (flags without a value), as typed → the key commander stores them under: `-y` → `yes`, `--dry-run` → `dryRun`. */
function switchKeys(entry: CommandEntry): Map<string, string> {
  const keys = new Map<string, string>();
  for (const option of entry.options) {
    if (/[<[]|--no-/.test(option.flags) || option.default !== undefined) continue;
    const names = option.flags.split(/[ ,]+/);
    const key = names
      .at(-1)!
      .replace(/^--/, "")
      .replace(/-(\w)/g, (_all, letter: string) => letter.toUpperCase());
    for (const name of names) keys.set(name, key);
  }
  return keys;
}

/** A fast command's input when every argument is one of its switches or an optional argument, else null (commander parses). */
function switchesOnly(entry: CommandEntry, keys: Map<string, string>, argv: string[]): ParsedCommand | null {
  const optional = entry.args.filter((arg) => arg.name.startsWith("["));
  if (optional.length < entry.args.length) return null;
  const options: Record<string, true> = {};
  const args: string[] = [];
  for (const arg of argv) {
    const key = keys.get(arg);
    if (key) options[key] = true;
    else if (arg.startsWith("-") || args.length === optional.length) return null;
    else args.push(arg);
  }
  return { args, options };
}

/**
 * The text of the answers that need nothing but stdout, or null: the root help, the version, and a fast
 * command's quick flag (`secret --raw` loads no more than the registry and the secret's generator).
 */
async function quickAnswer(argv: string[], binName: string): Promise<string | null> {
  const [first, ...rest] = argv;
  if (first === undefined || ((first === "--help" || first === "-h" || first === "help") && rest.length === 0)) {
    return (await import("./help.js")).rootHelp(binName);
  }
  if ((first === "--version" || first === "-v") && rest.length === 0) {
    return `${(await import("./version.js")).cliPackage().version}\n`;
  }
  const fast = await fastCommand(argv);
  if (!fast?.quick) return null;
  return `${await fast.quick()}\n`;
}

/** The registry's fast command the argv runs, when it is only that command's switches and optional arguments. */
async function fastCommand(
  argv: string[],
): Promise<{ entry: CommandEntry; parsed: ParsedCommand; quick: (() => Promise<string>) | null } | null> {
  const [first, ...rest] = argv;
  const { COMMANDS } = await import("./commands/index.js");
  const entry = COMMANDS.find((command) => command.fast && command.name === first);
  if (!entry?.fast) return null;
  const keys = switchKeys(entry);
  const parsed = switchesOnly(entry, keys, rest);
  if (!parsed) return null;
  const quick = parsed.options[keys.get(entry.fast.flag) ?? ""] && !parsed.options["json"] ? entry.fast.print : null;
  return { entry, parsed, quick };
}

/**
 * The invocations answered without commander, resolving to their exit code (null: anything else, typos
 * included, goes to the full parser): the quick answers, then a fast command run on its switches.
 */
async function fastPath(argv: string[], binName: string, host: Host): Promise<number | null> {
  const quick = await quickAnswer(argv, binName);
  if (quick !== null) {
    host.stdout(quick);
    return 0;
  }
  const fast = await fastCommand(argv);
  if (!fast) return null;
  const { createOutput } = await import("./output.js");
  const out = createOutput(Boolean(fast.parsed.options["json"]), host.stdout);
  return fast.entry.run(fast.parsed, out, host);
}

/** Runs one invocation on `host`; resolves to the exit code. */
export async function run(argv: string[], binName: string, host: Host): Promise<number> {
  const json = argv.includes("--json");
  try {
    const fast = await fastPath(argv, binName, host);
    if (fast !== null) return fast;
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
  // The quick answers print before the Host (and the apply and review code it imports) is loaded.
  // One that fails (an unreadable package.json) goes on to run(), which reports it as every failure is.
  const quick = await quickAnswer(argv, binName).catch(() => null);
  if (quick !== null) {
    (await import("./pipe-writer.js")).pipeWriter(process.stdout)(quick);
    return;
  }
  const { processHost } = await import("./commands/host.js");
  const code = await run(argv, binName, processHost());
  if (code !== 0) process.exitCode = code;
}
