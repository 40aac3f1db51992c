/**
 * The full argv parser (commander), built by looping over the command registry (commands/index.ts). Loaded
 * only when a command needs real parsing (init, per-command help, errors): commander alone costs more
 * start-up time than `auth secret` and `--help` are allowed. Each command's action hands what commander
 * parsed to its registry entry, which loads the command's module and runs it with typed input.
 */
import { Command, Option } from "commander";
import type { Host } from "./commands/host.js";
import { COMMANDS, type OptionSpec } from "./commands/index.js";
import { commandHelpAfter, PROGRAM_DESCRIPTION } from "./help.js";
import { createOutput } from "./output.js";
import { cliPackage } from "./version.js";

/** `exit.code` receives the exit code of the command that ran (doctor's verdict; 0 for the others, which throw to fail). */
export function buildProgram(binName: string, host: Host, exit: { code: number } = { code: 0 }): Command {
  const program = new Command(binName)
    .description(PROGRAM_DESCRIPTION)
    .version(cliPackage().version, "-v, --version")
    .configureOutput({ writeOut: host.stdout, writeErr: host.stderr })
    .exitOverride();
  for (const entry of COMMANDS) {
    const command = program.command(entry.name).description(entry.description);
    for (const arg of entry.args) command.argument(arg.name, arg.description);
    for (const option of specOptions(entry.options)) command.addOption(option);
    command.addHelpText("after", commandHelpAfter(entry, binName));
    command.action(async () => {
      const options = command.opts();
      const out = createOutput(Boolean(options["json"]), host.stdout);
      exit.code = await entry.run({ args: command.processedArgs, options }, out, host);
    });
  }
  return program;
}

function specOptions(options: readonly OptionSpec[]): Option[] {
  return options.map((o) => {
    const option = new Option(o.flags, o.description);
    if (o.choices) option.choices(o.choices);
    if (o.default !== undefined) option.default(o.default);
    return option;
  });
}
