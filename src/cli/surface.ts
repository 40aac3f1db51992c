/**
 * The pinned command surface (DESIGN.md) as data. Both the commander program (loaded for real parsing)
 * and the fast root help are built from this one table, so they cannot drift apart.
 */

export interface OptionSpec {
  flags: string;
  description: string;
  choices?: string[];
  default?: string;
}

export interface CommandSpec {
  name: string;
  /** e.g. "[dir]" or "<id>". */
  args: { name: string; description: string }[];
  description: string;
  options: OptionSpec[];
  /** Shown after the options in `<command> --help`: the arguments as typed after the program's name, and what that does. */
  examples?: { command: string; does: string }[];
}

/**
 * The flags every command that writes takes, with one meaning everywhere (commands/run-plan.ts does what
 * they say). A command lists them after its own options.
 */
export const PLAN_OPTIONS: readonly OptionSpec[] = [
  { flags: "--dry-run", description: "print the plan and its diffs, write nothing" },
  { flags: "--json", description: "print one JSON object on stdout (the plan, the outcome, the next steps)" },
  { flags: "-y, --yes", description: "apply without asking to confirm" },
  {
    flags: "--force",
    description: "replace files the plan conflicts with, and write over uncommitted edits in the files it changes",
  },
];

/**
 * PLAN_OPTIONS with the commands' own wording where a flag does more there (init's --yes, update's and
 * remove's --force), keyed by the flags as written.
 */
function planOptions(descriptions: Readonly<Record<string, string>>): OptionSpec[] {
  return PLAN_OPTIONS.map((option) => {
    const description = descriptions[option.flags];
    return description === undefined ? option : { ...option, description };
  });
}

/** What every command's exit status means (printed by `--help` and docs/cli.md). */
export const EXIT_CODES: readonly (readonly [code: number, meaning: string])[] = [
  [0, "done, or nothing to do (and --help, --version)"],
  [1, "failed or refused: nothing was written, unless the message says otherwise"],
  [2, "usage error: unknown command or option, a bad value, or an answer missing with no terminal to ask on"],
];

export const PROGRAM_DESCRIPTION =
  "Add authentication to an existing web app, with a typed Auth.js-compatible runtime written into it.";

export const COMMANDS: readonly CommandSpec[] = [
  {
    name: "init",
    args: [{ name: "[dir]", description: "project folder (default: the current one)" }],
    description: "set up authentication in a project (detect, plan, review, apply)",
    options: [
      {
        flags: "--framework <id>",
        description: "force the framework",
        choices: ["next", "sveltekit", "express", "solid-start", "qwik"],
      },
      { flags: "--providers <ids>", description: "comma-separated providers: github,google,oidc,credentials" },
      { flags: "--strategy <strategy>", description: "session strategy", choices: ["jwt", "database"] },
      { flags: "--db <db>", description: "database", choices: ["none", "sqlite", "postgres", "mysql"] },
      { flags: "--orm <orm>", description: "ORM for the schema", choices: ["none", "drizzle", "prisma"] },
      {
        flags: "--runtime-dir <path>",
        description: "where the runtime package is written",
        default: "vendor/auth-runtime",
      },
      { flags: "--no-install", description: "do not install dependencies" },
      ...planOptions({
        "-y, --yes": "apply without asking; with no terminal, take safe defaults for missing answers",
      }),
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
  },
  {
    name: "add-provider",
    args: [
      { name: "<id>", description: "provider id: github, google, oidc, credentials, email (nodemailer), passkey, …" },
      { name: "[dir]", description: "the app's folder (default: the current one)" },
    ],
    description: "add a sign-in provider to an app set up by init (config, env keys, runtime module, packages)",
    options: [{ flags: "--no-install", description: "do not install dependencies" }, ...PLAN_OPTIONS],
    examples: [
      { command: "add-provider github", does: "add GitHub; prints the callback URL to register" },
      { command: "add-provider oidc apps/web", does: "from a monorepo's root: add OIDC to the app in apps/web" },
      { command: "add-provider passkey --dry-run", does: "show the plan and its diff, write nothing" },
      { command: "add-provider email --yes --json", does: "for scripts: apply, one JSON object on stdout" },
    ],
  },
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
  {
    name: "generate",
    args: [{ name: "[dir]", description: "the app's folder (default: the current one)" }],
    description:
      "write or update the auth schema: numbered SQL migrations, the Drizzle tables or the Prisma models, merged into yours",
    options: [
      {
        flags: "--db <db>",
        description: "database, when the setup does not say",
        choices: ["sqlite", "postgres", "mysql"],
      },
      {
        flags: "--orm <orm>",
        description: "schema flavour, when the setup does not say",
        choices: ["none", "drizzle", "prisma"],
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
  {
    name: "update",
    args: [{ name: "[dir]", description: "the app's folder (default: the current one)" }],
    description:
      "update the runtime package from this CLI: untouched files replaced, your edits merged three-way, dependencies bumped",
    options: [
      { flags: "--no-install", description: "do not install dependencies" },
      ...planOptions({
        "--force":
          "write conflict markers into every file whose edits conflict, without asking, and write over uncommitted edits in the files it changes",
      }),
    ],
    examples: [
      { command: "update --dry-run", does: "show what would change, and which of your edits merge or conflict" },
      { command: "update", does: "apply; asks before leaving conflict markers in a file you edited" },
      { command: "update --yes --json", does: "for scripts: files with conflicts are left alone and reported" },
    ],
  },
  {
    name: "remove",
    args: [{ name: "[dir]", description: "the app's folder (default: the current one)" }],
    description:
      "take out what create-auth wrote and edited, keeping your later changes and the env values you filled in",
    options: [
      { flags: "--no-install", description: "do not install dependencies" },
      ...planOptions({
        "--force":
          "also delete the files init wrote that you edited since, and write over uncommitted edits in the files the plan touches",
      }),
    ],
    examples: [
      { command: "remove --dry-run", does: "show everything remove would delete or restore, write nothing" },
      { command: "remove", does: "show the plan, ask, then remove" },
    ],
  },
];

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
