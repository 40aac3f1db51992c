/**
 * THE command registry: every command of the CLI, written once, as its spec (arguments, flags, help text,
 * examples) and a lazy loader of its module. program.ts builds commander by looping over it; the fast root
 * help (help.ts), main.ts's fast path and the docs checks (test/cli/commands/docs.test.ts,
 * named-commands.test.ts) read it; adding a command is its module plus one entry here.
 *
 * The specs live here, in one module, rather than one spec module per command: `--help` and `secret --raw`
 * read the registry on the cold-start path, where each module is one more file to resolve, read and compile
 * (the specs are plain data, about 13 kB, the size of the table surface.ts held). The command modules are
 * loaded only by the entry's `load`, when that command runs. What else this module imports at run time is
 * plain data too (the framework and database ids).
 *
 * `command()` ties each spec to its module's `run`: the input type of `run` is checked against the types
 * commander gives for the spec's flags and arguments (commands/command.ts), so a flag renamed in the spec
 * or a flag type that does not match it fails to compile here.
 */
import type { Command, OptionValues } from "commander";
import { ORM_IDS, SQL_DIALECTS } from "../database/flavours.js";
import { FRAMEWORK_IDS } from "../frameworks/index.js";
import type { Output } from "../output.js";
import type { ArgsOf, CommandRun, CommandSpec, OptionSpec, OptionsOf } from "./command.js";
import type { Host } from "./host.js";

export type { CommandSpec, OptionSpec } from "./command.js";

/**
 * The flags every command that writes takes, with one meaning everywhere (commands/run-plan.ts does what
 * they say). A command lists them after its own options.
 */
export const PLAN_OPTIONS = [
  { flags: "--dry-run", description: "print the plan and its diffs, write nothing" },
  { flags: "--json", description: "print one JSON object on stdout (the plan, the outcome, the next steps)" },
  { flags: "-y, --yes", description: "apply without asking to confirm" },
  {
    flags: "--force",
    description: "replace files the plan conflicts with, and write over uncommitted edits in the files it changes",
  },
] as const satisfies readonly OptionSpec[];

/** PLAN_OPTIONS with the command's own wording where --yes or --force does more there (init's --yes, update's and remove's --force). */
function planOptions(descriptions: { yes?: string; force?: string }) {
  const [dryRun, json, yes, force] = PLAN_OPTIONS;
  return [
    dryRun,
    json,
    { ...yes, description: descriptions.yes ?? yes.description },
    { ...force, description: descriptions.force ?? force.description },
  ] as const;
}

/** What commander parsed for a command: its positional arguments in the spec's order, and its options by key. */
export interface ParsedCommand {
  /** As commander types them (`any`): `command()` below is where they get the spec's types. */
  args: Command["processedArgs"];
  options: OptionValues;
}

/** A command as program.ts and main.ts loop over it: its spec, and a run that loads its module when called. */
export interface CommandEntry extends CommandSpec {
  /** Loads the command's module and runs it on what was parsed; resolves to the exit code. */
  run(parsed: ParsedCommand, out: Output, host: Host): Promise<number>;
}

/** `<id>` → `id`, `[dir]` → `dir`: the key of a positional argument in the run function's input. */
function argKey(name: string): string {
  return name.slice(1, -1);
}

/**
 * Empty when a command's flag type takes what commander gives for its spec (each flag's value type) and
 * names no flag the spec lacks (a flag renamed in the spec, or one the type still expects); otherwise a
 * required argument naming the trouble, so the entry does not compile.
 */
type FlagsMatch<Parsed, Options> = [Parsed] extends [Options]
  ? [Exclude<keyof Options, keyof Parsed>] extends [never]
    ? []
    : [flagsNotInSpec: Exclude<keyof Options, keyof Parsed>]
  : [flagTypesDiffer: Parsed];

/**
 * One registry entry: the spec, and the loader of the module whose `run` takes the spec's arguments and
 * flags. The loader is `() => import("./<command>.js")`, so nothing of the command is loaded before it runs.
 */
function command<const S extends CommandSpec, Options extends object>(
  spec: S,
  load: () => Promise<{ run: CommandRun<ArgsOf<S>, Options> & CommandRun<ArgsOf<S>, OptionsOf<S>> }>,
  ..._flagsMatch: FlagsMatch<OptionsOf<S>, Options>
): CommandEntry {
  return {
    ...spec,
    async run(parsed, out, host) {
      // The one place commander's untyped values meet the spec's types, which follow commander's own rules
      // for the same spec (commands/command.ts): the arguments by the spec's names (a missing optional one
      // is undefined), the options as commander keyed them.
      const args: ArgsOf<S> = Object.fromEntries(
        spec.args.map((arg, index): Command["processedArgs"] => [argKey(arg.name), parsed.args[index]]),
      );
      const { run } = await load();
      const options: OptionsOf<S> = parsed.options;
      return (await run({ args, options }, out, host)) ?? 0;
    },
  };
}

export const COMMANDS: readonly CommandEntry[] = [
  command(
    {
      name: "init",
      args: [{ name: "[dir]", description: "project folder (default: the current one)" }],
      description: "set up authentication in a project (detect, plan, review, apply)",
      options: [
        {
          flags: "--framework <id>",
          description: "force the framework",
          choices: FRAMEWORK_IDS,
        },
        { flags: "--providers <ids>", description: "comma-separated providers: github,google,oidc,credentials" },
        { flags: "--strategy <strategy>", description: "session strategy", choices: ["jwt", "database"] },
        { flags: "--db <db>", description: "database", choices: ["none", ...SQL_DIALECTS] },
        { flags: "--orm <orm>", description: "ORM for the schema", choices: ORM_IDS },
        {
          flags: "--runtime-dir <path>",
          description: "where the runtime package is written",
          default: "vendor/auth-runtime",
        },
        { flags: "--no-install", description: "do not install dependencies" },
        ...planOptions({ yes: "apply without asking; with no terminal, take safe defaults for missing answers" }),
      ],
      examples: [
        { command: "init", does: "ask what is missing, show the plan and its diff, apply when you agree" },
        {
          command: "init --providers github,credentials --db sqlite --yes",
          does: "no questions: GitHub and email/password sign-in, users in SQLite",
        },
        { command: "init apps/web --dry-run", does: "show what init would write in apps/web, write nothing" },
        {
          command: "init --providers github --yes --json",
          does: "for scripts and agents: one JSON object on stdout",
        },
      ],
    },
    () => import("./init.js"),
  ),
  command(
    {
      name: "secret",
      args: [{ name: "[dir]", description: "project folder (default: the current one)" }],
      description: "write a fresh AUTH_SECRET into the git-ignored env file (replacing the existing one)",
      options: [{ flags: "--raw", description: "only print a new secret; write nothing" }, ...PLAN_OPTIONS],
      examples: [
        { command: "secret", does: "put a new AUTH_SECRET in .env.local (Next) or .env, git-ignored" },
        { command: "secret --raw", does: "print a secret for your host's settings; write nothing" },
        { command: "secret --dry-run", does: "show which file would change and how (secret hidden)" },
      ],
      fast: { flag: "--raw", print: async () => (await import("../env/secret.js")).generateSecret() },
    },
    () => import("./secret.js"),
  ),
  command(
    {
      name: "add-provider",
      args: [
        { name: "<id>", description: "provider id: github, google, oidc, credentials, email (nodemailer), passkey, …" },
        { name: "[dir]", description: "the app's folder (default: the current one)" },
      ],
      description: "add a sign-in provider to an app set up by init (config, env keys, runtime module, packages)",
      options: [
        { flags: "--no-install", description: "do not install dependencies" },
        {
          flags: "--p8 <file>",
          description:
            "apple: sign AUTH_APPLE_SECRET (ES256 JWT, 6 months) with this Sign in with Apple key; with the three below",
        },
        { flags: "--key-id <id>", description: "apple: the key's id (AuthKey_<id>.p8)" },
        { flags: "--team-id <id>", description: "apple: your Apple team id" },
        { flags: "--client-id <id>", description: "apple: the Services ID (AUTH_APPLE_ID) the secret is for" },
        ...PLAN_OPTIONS,
      ],
      examples: [
        { command: "add-provider github", does: "add GitHub; prints the callback URL to register" },
        {
          command:
            "add-provider apple --p8 ./AuthKey_ABC123DEFG.p8 --key-id ABC123DEFG --team-id TEAM123456 --client-id com.example.web",
          does: "add Apple with its client secret signed from your key; run again to renew it",
        },
        { command: "add-provider oidc apps/web", does: "from a monorepo's root: add OIDC to the app in apps/web" },
        { command: "add-provider passkey --dry-run", does: "show the plan and its diff, write nothing" },
        { command: "add-provider email --yes --json", does: "for scripts: apply, one JSON object on stdout" },
      ],
    },
    () => import("./add-provider.js"),
  ),
  command(
    {
      name: "remove-provider",
      args: [
        { name: "<id>", description: "provider id, as for add-provider" },
        { name: "[dir]", description: "the app's folder (default: the current one)" },
      ],
      description: "remove a sign-in provider (config, blank env keys, runtime module, unused packages)",
      options: [{ flags: "--no-install", description: "do not install dependencies" }, ...PLAN_OPTIONS],
      examples: [
        { command: "remove-provider github", does: "take GitHub out; env keys you filled in are kept" },
        { command: "remove-provider passkey --dry-run", does: "show the plan and its diff, write nothing" },
      ],
    },
    () => import("./remove-provider.js"),
  ),
  command(
    {
      name: "generate",
      args: [{ name: "[dir]", description: "the app's folder (default: the current one)" }],
      description:
        "write or update the auth schema: numbered SQL migrations, the Drizzle tables or the Prisma models, merged into yours",
      options: [
        {
          flags: "--db <db>",
          description: "database, when the setup does not say",
          choices: SQL_DIALECTS,
        },
        {
          flags: "--orm <orm>",
          description: "schema flavour, when the setup does not say",
          choices: ORM_IDS,
        },
        {
          flags: "--out <path>",
          description:
            "where it goes: the migrations folder (SQL), the schema module (Drizzle), the schema file or folder (Prisma)",
        },
        ...PLAN_OPTIONS,
      ],
      examples: [
        { command: "generate", does: "add what the configured setup lacks to its schema; nothing when it is complete" },
        { command: "generate --dry-run", does: "show the new migration or the schema diff, write nothing" },
        { command: "generate --orm prisma --db postgres", does: "the auth models, merged into prisma/schema.prisma" },
      ],
    },
    () => import("./generate.js"),
  ),
  command(
    {
      name: "migrate",
      args: [{ name: "[dir]", description: "the app's folder (default: the current one)" }],
      description: "apply the SQL migrations not yet applied to the database named by DATABASE_URL",
      options: [
        { flags: "--migrations <path>", description: "the migrations folder", default: "auth-migrations" },
        { flags: "--dry-run", description: "print the SQL that would run, change nothing" },
        {
          flags: "--repair",
          description: "also re-create auth tables and indexes dropped after their migration was applied",
        },
        { flags: "--json", description: "print one JSON object on stdout (what was applied)" },
      ],
      examples: [
        { command: "migrate", does: "apply pending migrations, each in a transaction where the database allows" },
        { command: "migrate --dry-run", does: "print the pending SQL, run nothing" },
        { command: "migrate --repair", does: "bring back a dropped auth table (doctor names this fix)" },
      ],
    },
    () => import("./migrate.js"),
  ),
  command(
    {
      name: "db",
      args: [
        { name: "<action>", description: "prune: delete expired sessions and verification tokens" },
        { name: "[dir]", description: "the app's folder (default: the current one)" },
      ],
      description: "database housekeeping (db prune)",
      options: [
        { flags: "--dry-run", description: "count what would be deleted, delete nothing" },
        { flags: "--json", description: "print one JSON object on stdout" },
      ],
      examples: [
        { command: "db prune", does: "delete expired sessions and verification tokens (run it from cron)" },
        { command: "db prune --dry-run", does: "count them, delete nothing" },
      ],
    },
    () => import("./db.js"),
  ),
  command(
    {
      name: "doctor",
      args: [{ name: "[dir]", description: "the app's folder (default: the current one)" }],
      description:
        "check the setup: secret, providers, runtime package, database schema, known-vulnerable packages, wiring",
      options: [
        { flags: "--production", description: "judge the settings as deployed (AUTH_URL, trustHost, secure cookies)" },
        { flags: "--json", description: "print one JSON object on stdout (every finding with its id and fix)" },
      ],
      examples: [
        { command: "doctor", does: "list what is wrong and how to fix each; exit 1 when something is" },
        { command: "doctor --production --json", does: "in CI: the findings as JSON, judged as deployed" },
      ],
    },
    () => import("./doctor.js"),
  ),
  command(
    {
      name: "update",
      args: [{ name: "[dir]", description: "the app's folder (default: the current one)" }],
      description:
        "update the runtime package from this CLI: untouched files replaced, your edits merged three-way, dependencies bumped",
      options: [
        { flags: "--no-install", description: "do not install dependencies" },
        ...planOptions({
          force:
            "write conflict markers into every file whose edits conflict, without asking, and write over uncommitted edits in the files it changes",
        }),
      ],
      examples: [
        { command: "update --dry-run", does: "show what would change, and which of your edits merge or conflict" },
        { command: "update", does: "apply; asks before leaving conflict markers in a file you edited" },
        { command: "update --yes --json", does: "for scripts: files with conflicts are left alone and reported" },
      ],
    },
    () => import("./update.js"),
  ),
  command(
    {
      name: "remove",
      args: [{ name: "[dir]", description: "the app's folder (default: the current one)" }],
      description:
        "take out what create-auth wrote and edited, keeping your later changes and the env values you filled in",
      options: [
        { flags: "--no-install", description: "do not install dependencies" },
        ...planOptions({
          force:
            "also delete the files init wrote that you edited since, and write over uncommitted edits in the files the plan touches",
        }),
      ],
      examples: [
        { command: "remove --dry-run", does: "show everything remove would delete or restore, write nothing" },
        { command: "remove", does: "show the plan, ask, then remove" },
      ],
    },
    () => import("./remove.js"),
  ),
];
