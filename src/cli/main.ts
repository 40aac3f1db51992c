/**
 * Entry point of both `create-auth` and `auth` (one program, two names). Only commander and tiny modules
 * are imported here: each command loads what it needs when it runs, so `auth secret` and `--help` start
 * about as fast as node itself. Every failure ends as one line on stderr (or one JSON object with --json)
 * and a non-zero exit code; no stack traces unless CREATE_AUTH_DEBUG is set.
 */
import { Command, CommanderError, Option } from "commander";
import type { InitFlags } from "./answers/resolve.js";
import { CliError } from "./errors.js";
import { createOutput } from "./output.js";
import { cliPackage } from "./version.js";

function reportFailure(error: unknown, binName: string, json: boolean): void {
  const known = error instanceof CliError;
  const message = known ? error.message : `unexpected error: ${error instanceof Error ? error.message : String(error)}`;
  if (json) {
    process.stdout.write(
      `${JSON.stringify({ ok: false, error: { code: known ? error.code : "Unexpected", message } }, null, 2)}\n`,
    );
  }
  process.stderr.write(`${binName}: ${message.replace(/\s*\n\s*/g, " ")}\n`);
  if (!known && process.env["CREATE_AUTH_DEBUG"] && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  process.exitCode = 1;
}

function buildProgram(binName: string): Command {
  const program = new Command(binName)
    .description("Add authentication to an existing web app, with a typed Auth.js-compatible runtime written into it.")
    .version(cliPackage().version, "-v, --version")
    .exitOverride()
    .showHelpAfterError(false);

  program
    .command("init")
    .description("set up authentication in a project (detect, plan, review, apply)")
    .argument("[dir]", "project folder", ".")
    .addOption(
      new Option("--framework <id>", "force the framework").choices([
        "next",
        "sveltekit",
        "express",
        "solid-start",
        "qwik",
      ]),
    )
    .option("--providers <ids>", "comma-separated providers: github,google,oidc,credentials")
    .addOption(new Option("--strategy <strategy>", "session strategy").choices(["jwt", "database"]))
    .addOption(new Option("--db <db>", "database").choices(["none", "sqlite", "postgres", "mysql"]))
    .addOption(new Option("--orm <orm>", "ORM for the schema").choices(["none", "drizzle", "prisma"]))
    .option("--runtime-dir <path>", "where the runtime package is written", "vendor/auth-runtime")
    .option("-y, --yes", "no questions: take safe defaults for missing answers and apply")
    .option("--no-install", "do not install dependencies")
    .option("--dry-run", "print the plan and diffs, write nothing")
    .option("--json", "print one JSON object (the plan and its outcome)")
    .action(async (dir: string, options: InitFlags) => {
      const { runInit } = await import("./commands/init.js");
      await runInit(dir, options, createOutput(Boolean(options.json)));
    });

  program
    .command("secret")
    .description("write a fresh AUTH_SECRET into the git-ignored env file (replacing the existing one)")
    .option("--raw", "only print a new secret; write nothing")
    .action(async (options: { raw?: boolean }) => {
      const { runSecret } = await import("./commands/secret.js");
      runSecret(options, createOutput(false));
    });

  const later = async (name: string) => (await import("./commands/later.js")).notYetAvailable(name);
  program
    .command("add-provider")
    .description("add a sign-in provider (later version)")
    .argument("<id>", "provider id")
    .option("--dry-run", "print the plan, write nothing")
    .option("--json", "print one JSON object")
    .action(() => later("add-provider"));
  program
    .command("remove-provider")
    .description("remove a sign-in provider (later version)")
    .argument("<id>", "provider id")
    .action(() => later("remove-provider"));
  const simple: [string, string][] = [
    ["generate", "generate the database schema (later version)"],
    ["migrate", "apply the database schema (later version)"],
    ["doctor", "check the setup and the runtime for drift (later version)"],
    ["update", "update the runtime package from this CLI (later version)"],
    ["remove", "remove create-auth from the project (later version)"],
  ];
  for (const [name, description] of simple)
    program
      .command(name)
      .description(description)
      .action(() => later(name));
  return program;
}

export async function main(argv: string[], binName: string): Promise<void> {
  const json = argv.includes("--json");
  const program = buildProgram(binName);
  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has already printed help, the version, or its one-line usage error.
      process.exitCode = error.exitCode;
      return;
    }
    reportFailure(error, binName, json);
  }
}
