/**
 * The full argv parser (commander), built from the command table. Loaded only when a command needs real
 * parsing (init, per-command help, errors): commander alone costs more start-up time than `auth secret`
 * and `--help` are allowed.
 */
import { Command, Option } from "commander";
import type { InitCommandFlags } from "./commands/init.js";
import type { ProviderCommandFlags } from "./commands/provider-command.js";
import type { PlanCommandFlags } from "./commands/run-plan.js";
import type { SecretFlags } from "./commands/secret.js";
import type { Host } from "./host.js";
import { createOutput } from "./output.js";
import { COMMANDS, commandHelpAfter, PROGRAM_DESCRIPTION } from "./surface.js";
import { cliPackage } from "./version.js";

/** Runs a command; resolves to its exit code (doctor's verdict; 0 for the others, which throw to fail). */
async function runCommand(name: string, args: unknown[], host: Host): Promise<number> {
  if (name === "init") {
    const [dir, options] = args as [string | undefined, InitCommandFlags];
    const { runInit } = await import("./commands/init.js");
    await runInit(dir, options, createOutput(Boolean(options.json), host.stdout), host);
    return 0;
  }
  if (name === "add-provider" || name === "remove-provider") {
    const [id, dir, options] = args as [string, string | undefined, ProviderCommandFlags];
    const output = createOutput(Boolean(options.json), host.stdout);
    if (name === "add-provider")
      await (await import("./commands/add-provider.js")).runAddProvider(id, dir, options, output, host);
    else await (await import("./commands/remove-provider.js")).runRemoveProvider(id, dir, options, output, host);
    return 0;
  }
  if (name === "generate" || name === "migrate") {
    const [dir, options] = args as [string | undefined, { json?: boolean } & Record<string, unknown>];
    const output = createOutput(Boolean(options.json), host.stdout);
    if (name === "generate") await (await import("./commands/generate.js")).runGenerate(dir, options, output, host);
    else await (await import("./commands/migrate.js")).runMigrate(dir, options, output, host);
    return 0;
  }
  if (name === "update" || name === "remove") {
    const [dir, options] = args as [string | undefined, PlanCommandFlags];
    const output = createOutput(Boolean(options.json), host.stdout);
    if (name === "update") await (await import("./commands/update.js")).runUpdate(dir, options, output, host);
    else await (await import("./commands/remove.js")).runRemove(dir, options, output, host);
    return 0;
  }
  if (name === "doctor") {
    const [dir, options] = args as [string | undefined, { json?: boolean } & Record<string, unknown>];
    const { runDoctor } = await import("./commands/doctor.js");
    return runDoctor(dir, options, createOutput(Boolean(options.json), host.stdout), host);
  }
  if (name === "db") {
    const [action, dir, options] = args as [string, string | undefined, { json?: boolean } & Record<string, unknown>];
    const { runDb } = await import("./commands/db.js");
    await runDb(action, dir, options, createOutput(Boolean(options.json), host.stdout), host);
    return 0;
  }
  if (name === "secret") {
    const [dir, options] = args as [string | undefined, SecretFlags];
    const { runSecret } = await import("./commands/secret.js");
    await runSecret(dir, options, createOutput(Boolean(options.json), host.stdout), host);
  }
  return 0;
}

/** `exit.code` receives the exit code of the command that ran. */
export function buildProgram(binName: string, host: Host, exit: { code: number } = { code: 0 }): Command {
  const program = new Command(binName)
    .description(PROGRAM_DESCRIPTION)
    .version(cliPackage().version, "-v, --version")
    .configureOutput({ writeOut: host.stdout, writeErr: host.stderr })
    .exitOverride();
  for (const spec of COMMANDS) {
    const command = program.command(spec.name).description(spec.description);
    for (const arg of spec.args) command.argument(arg.name, arg.description);
    for (const option of specOptions(spec.options)) command.addOption(option);
    command.addHelpText("after", commandHelpAfter(spec, binName));
    command.action(async (...args: unknown[]) => {
      exit.code = await runCommand(spec.name, args, host);
    });
  }
  return program;
}

function specOptions(options: (typeof COMMANDS)[number]["options"]): Option[] {
  return options.map((o) => {
    const option = new Option(o.flags, o.description);
    if (o.choices) option.choices(o.choices);
    if (o.default !== undefined) option.default(o.default);
    return option;
  });
}
