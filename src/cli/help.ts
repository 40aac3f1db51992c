/**
 * The help text the CLI prints around commander's: the root help (`--help`, rendered here without loading
 * commander, from the command registry), and what follows a command's options in `<command> --help` (its
 * examples, then the exit codes). program.ts hands the latter to commander, so both read the same registry.
 */
import { COMMANDS, type CommandSpec } from "./commands/index.js";

/** What every command's exit status means (printed by `--help` and docs/cli.md). */
export const EXIT_CODES: readonly (readonly [code: number, meaning: string])[] = [
  [0, "done, or nothing to do (and --help, --version)"],
  [1, "failed or refused: nothing was written, unless the message says otherwise"],
  [2, "usage error: unknown command or option, a bad value, or an answer missing with no terminal to ask on"],
];

export const PROGRAM_DESCRIPTION =
  "Add authentication to an existing web app, with a typed Auth.js-compatible runtime written into it.";

/** The root help text (what `--help` prints), rendered without loading commander. */
export function rootHelp(binName: string): string {
  const usage = (c: CommandSpec) =>
    [c.name, c.options.length > 0 ? "[options]" : "", ...c.args.map((a) => a.name)].filter(Boolean).join(" ");
  const rows = COMMANDS.map((c) => [usage(c), c.description] as const);
  const options = [
    ["-v, --version", "output the version number"],
    ["-h, --help", "display help for command"],
  ] as const;
  const width = Math.max(...[...rows, ...options].map(([left]) => left.length)) + 2;
  const table = (list: readonly (readonly [string, string])[]) => list.map(([l, r]) => `  ${l.padEnd(width)}${r}`);
  return [
    `Usage: ${binName} [options] [command]`,
    "",
    PROGRAM_DESCRIPTION,
    "",
    "Options:",
    ...table(options),
    "",
    "Commands:",
    ...table(rows),
    "",
    `Run \`${binName} <command> --help\` for a command's options and examples.`,
    "",
    ...exitCodesHelp(),
  ].join("\n");
}

/** The exit codes, as printed at the end of every `--help`. */
export function exitCodesHelp(): string[] {
  return ["Exit codes:", ...EXIT_CODES.map(([code, meaning]) => `  ${code}  ${meaning}`), ""];
}

/** The text after a command's options in its `--help`: examples, then the exit codes. */
export function commandHelpAfter(spec: CommandSpec, binName: string): string {
  const examples = (spec.examples ?? []).map((e) => ({ command: `${binName} ${e.command}`, does: e.does }));
  const width = Math.max(0, ...examples.map((e) => e.command.length)) + 2;
  return [
    "",
    ...(examples.length > 0 ? ["Examples:", ...examples.map((e) => `  ${e.command.padEnd(width)}${e.does}`), ""] : []),
    ...exitCodesHelp(),
  ].join("\n");
}
