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
}

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
      { flags: "-y, --yes", description: "no questions: take safe defaults for missing answers and apply" },
      { flags: "--no-install", description: "do not install dependencies" },
      { flags: "--dry-run", description: "print the plan and diffs, write nothing" },
      { flags: "--json", description: "print one JSON object (the plan and its outcome)" },
    ],
  },
  {
    name: "secret",
    args: [],
    description: "write a fresh AUTH_SECRET into the git-ignored env file (replacing the existing one)",
    options: [{ flags: "--raw", description: "only print a new secret; write nothing" }],
  },
  {
    name: "add-provider",
    args: [{ name: "<id>", description: "provider id" }],
    description: "add a sign-in provider (later version)",
    options: [
      { flags: "--dry-run", description: "print the plan, write nothing" },
      { flags: "--json", description: "print one JSON object" },
    ],
  },
  {
    name: "remove-provider",
    args: [{ name: "<id>", description: "provider id" }],
    description: "remove a sign-in provider (later version)",
    options: [],
  },
  { name: "generate", args: [], description: "generate the database schema (later version)", options: [] },
  { name: "migrate", args: [], description: "apply the database schema (later version)", options: [] },
  { name: "doctor", args: [], description: "check the setup and the runtime for drift (later version)", options: [] },
  { name: "update", args: [], description: "update the runtime package from this CLI (later version)", options: [] },
  { name: "remove", args: [], description: "remove create-auth from the project (later version)", options: [] },
];

/** Commands whose behaviour arrives in later versions. */
export const LATER = new Set(["add-provider", "remove-provider", "generate", "migrate", "doctor", "update", "remove"]);

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
    `Run \`${binName} <command> --help\` for a command's options.`,
    "",
  ].join("\n");
}
