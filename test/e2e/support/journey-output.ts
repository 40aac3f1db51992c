/**
 * Reading what create-auth prints the way a person reads it, for the journeys (journey.ts): doctor's findings
 * (`[id] what — fix`, grouped under Errors, Warnings, Notes and OK) and the commands a sentence tells them to
 * type (a doctor fix, a next step: `write one into .env with npx create-auth secret`, `npx create-auth
 * generate, then npx create-auth migrate`). Pure functions of the text, so a journey fails on what was printed.
 */

export type FindingLevel = "error" | "warning" | "info" | "ok";

export interface PrintedFinding {
  level: FindingLevel;
  id: string;
  message: string;
  /** The text after ` — `: what to do (absent on OK lines). */
  fix?: string;
}

const SECTIONS: Record<string, FindingLevel> = { Errors: "error", Warnings: "warning", Notes: "info", OK: "ok" };

/** Every finding doctor printed, with the level of the section it is listed under. */
export function printedFindings(output: string): PrintedFinding[] {
  const findings: PrintedFinding[] = [];
  let level: FindingLevel | undefined;
  for (const line of output.split("\n")) {
    const section = /^(\w+):$/.exec(line)?.[1];
    if (section !== undefined) {
      level = SECTIONS[section];
      continue;
    }
    const item = /^ {2}\[([\w.-]+)\] (.*)$/.exec(line);
    if (!item || !level) continue;
    const [, id, text] = item as unknown as [string, string, string];
    const dash = level === "ok" ? -1 : text.indexOf(" — ");
    findings.push(
      dash < 0
        ? { level, id, message: text }
        : { level, id, message: text.slice(0, dash), fix: text.slice(dash + " — ".length) },
    );
  }
  return findings;
}

/** Errors and warnings: what makes a doctor run not clean (notes and passed checks do not). */
export function problems(findings: readonly PrintedFinding[]): PrintedFinding[] {
  return findings.filter((finding) => finding.level === "error" || finding.level === "warning");
}

/** A word a command's argument can be: a subcommand, a flag, a path, a `name@range`, a list `a,b`. */
const ARGUMENT = /^[\w@^~./:=+*[\]-][\w@^~./:=+*,[\]-]*$/;

/**
 * The programs a printed command starts with, and the words that may follow them (any package for npx): `git
 * cannot restore it` is prose, `git checkout -- …` a command.
 */
const PROGRAMS: Record<string, ReadonlySet<string> | "any"> = {
  npx: "any",
  npm: new Set(["install", "i", "uninstall", "run", "ci", "exec"]),
  git: new Set(["checkout", "restore", "rm", "add", "diff", "stash", "commit", "status"]),
};

function startsCommand(word: string, next: string | undefined): boolean {
  const follows = PROGRAMS[word];
  if (follows === undefined || next === undefined || !ARGUMENT.test(next)) return false;
  return follows === "any" || follows.has(next);
}

/** Words that end a command inside a sentence (`npx create-auth generate writes it`, `… then restart`). */
const PROSE = new Set([
  "then",
  "or",
  "and",
  "to",
  "with",
  "writes",
  "shows",
  "prints",
  "if",
  "once",
  "in",
  "for",
  "when",
]);

/**
 * The commands a sentence tells the person to type, in the order to type them. Commands joined by `then` (or a
 * comma) are a sequence; one introduced by `or` is an alternative to the ones before it and is left out
 * (`git checkout -- vendor/auth-runtime), or … run npx create-auth init again` is the git command alone).
 */
export function commandsIn(sentence: string): string[] {
  // A comma ends a clause only before a space (`generate, then …`); inside a word it is an argument's
  // (`--providers google,credentials`).
  const words = sentence.split(/(\s+|[();`]|,(?=\s|$))/).filter((word) => word.trim() !== "");
  const commands: string[] = [];
  let between: string[] = [];
  for (let at = 0; at < words.length; at++) {
    const word = words[at]!;
    if (!startsCommand(word, words[at + 1])) {
      between.push(word);
      continue;
    }
    const command = [word];
    while (at + 1 < words.length && ARGUMENT.test(words[at + 1]!) && !PROSE.has(words[at + 1]!)) {
      command.push(words[at + 1]!);
      at += 1;
    }
    // The sentence's own full stop is not part of the command's last argument.
    const last = command.length - 1;
    command[last] = command[last]!.replace(/\.$/, "");
    if (commands.length > 0 && between.includes("or")) break;
    commands.push(command.join(" "));
    between = [];
  }
  return commands;
}

/** What remove says it keeps, and why: its `Note:` lines (the plan after them says what it deletes). */
export function removeNotes(output: string): string {
  return output
    .split("\n")
    .filter((line) => line.startsWith("Note: "))
    .join("\n");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Whether `text` names `path` as a whole (`auth-migrations/`, `.gitignore`), not as part of a longer path. */
function names(text: string, path: string): boolean {
  return new RegExp(`(^|[\\s(\`'"])${escapeRegExp(path)}(?=[\\s:,;)\`'"]|$)`, "m").test(text);
}

/**
 * The paths a text names: with a folder (`vendor/auth-runtime/`, also without its trailing slash) or a file
 * with an extension (`auth.db`, `.env`).
 */
function namedPaths(text: string): string[] {
  const folders = [...text.matchAll(/[\w.@[\]-]+\/[\w.@[\]/-]*/g)].map((match) => match[0].replace(/[.]$/, ""));
  const files = [...text.matchAll(/(?<![\w/.-])\.?[\w-]+(?:\.[\w-]+)+/g)].map((match) => match[0]);
  return [...new Set([...folders.flatMap((found) => [found, found.replace(/\/$/, "")]), ...files])];
}

/**
 * The lines of `git status --porcelain` (against the app's first commit) that remove's notes do not account
 * for. A file, or a folder holding it, that a note names is accounted for (the data remove keeps, a file
 * edited since init, the .gitignore that keeps a kept env file out of git). So is a change to one of the app's
 * files whose every added line (but blank and comment lines) names a path a note keeps (the ESLint and
 * tsconfig ignores of a runtime folder that keeps an edited file, the .gitignore entry of the SQLite file kept
 * as data), each removed line being replaced by one. `diffOf(file)` is the
 * file's `git diff --unified=0` against that commit.
 */
export function unexplainedDifferences(status: string, notes: string, diffOf: (file: string) => string): string[] {
  const kept = namedPaths(notes);
  return status
    .split("\n")
    .filter(Boolean)
    .filter((line) => {
      const file = line.slice(3);
      const folders = file.split("/").map((_, at, parts) => `${parts.slice(0, at).join("/")}/`);
      if ([file, ...folders.slice(1)].some((path) => names(notes, path))) return false;
      if (!line.startsWith(" M")) return true;
      const changed = diffOf(file)
        .split("\n")
        .filter((diffLine) => /^[+-](?![+-]{2} )/.test(diffLine));
      // A blank or comment line that comes with an ignore entry (`# the auth runtime …`) says nothing of its own.
      const added = changed.filter((diffLine) => diffLine.startsWith("+") && !/^\+\s*(#.*|\/\/.*)?$/.test(diffLine));
      const removed = changed.filter((diffLine) => diffLine.startsWith("-")).length;
      return !(added.length >= removed && added.every((diffLine) => kept.some((path) => diffLine.includes(path))));
    });
}

/**
 * Whether two package-lock.json texts declare the same dependencies for the app itself (`packages[""]`): npm
 * rewrites the rest of its lockfile on every install (the first install of a fixture may record an extraneous
 * package that a later one prunes), so with package.json as it was, only this part says what the app asks for.
 */
export function sameLockedRoot(before: string, after: string): boolean {
  const root = (text: string) =>
    JSON.stringify((JSON.parse(text) as { packages?: Record<string, unknown> }).packages?.[""]);
  return root(before) === root(after);
}
