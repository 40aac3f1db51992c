/**
 * Issue 14's measure of `auth remove`: the app's tree after init, the owner's edits and remove equals the
 * tree before init, except for the owner's edits and what remove's report says it kept. The tree is read
 * file by file (bytes); `unexplainedDifferences` names every path that differs for any other reason, so a
 * failing test prints exactly what remove left behind, lost or changed.
 */
import fs from "node:fs/promises";
import path from "node:path";

/** Relative path (with `/`) → content, for every file of the app but its install and build output. */
export type Tree = Map<string, Buffer>;

/** What `auth remove --json` reports (docs/cli-remove.md): what it kept, and its notes. */
export interface RemoveReport {
  ok: boolean;
  project: { envFile: string };
  kept: {
    editedFiles: string[];
    envKeys: { file: string; key: string }[];
    data: string[];
    notOurs: string[];
  };
  plan: { notes: string[] };
  outcome: { applied: boolean; install: string };
}

/**
 * Reads every file under `dir`, skipping any `node_modules` folder and the top-level build output named in
 * `output` (`.next`, `build`, …): what the app's own install and build write is not the app's source.
 */
export async function readTree(dir: string, output: readonly string[]): Promise<Tree> {
  const tree: Tree = new Map();
  async function walk(relative: string): Promise<void> {
    for (const entry of await fs.readdir(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.name === "node_modules" || output.includes(child)) continue;
      if (entry.isDirectory()) await walk(child);
      else tree.set(child, await fs.readFile(path.join(dir, child)));
    }
  }
  await walk("");
  return tree;
}

/** The lines of `after` that are not part of `before`, when `before`'s lines are all in `after` in order; null otherwise. */
function addedLines(before: string, after: string): string[] | null {
  const kept = before.split("\n");
  const added: string[] = [];
  let next = 0;
  for (const line of after.split("\n")) {
    if (next < kept.length && line === kept[next]) next += 1;
    else added.push(line);
  }
  return next === kept.length ? added : null;
}

/** A blank line or a comment (`#` in env files and .gitignore). */
function inert(line: string): boolean {
  return line.trim() === "" || line.trimStart().startsWith("#");
}

/**
 * Why a file that differs from the original may differ, according to the report: an env file that keeps
 * the values the owner set (each added setting is a kept key), or a file a note names and whose added
 * lines the note quotes (`.gitignore keeps .env*.local: …`). Both only add lines: nothing of the original
 * may be gone. Returns what is wrong, or null when the report accounts for the difference.
 */
function unreported(file: string, before: string, after: string, report: RemoveReport): string | null {
  const added = addedLines(before, after);
  if (added === null) return `${file}: lines of the original are gone or changed`;
  const keptKeys = report.kept.envKeys.filter((entry) => entry.file === file).map((entry) => entry.key);
  const notes = report.plan.notes.filter((note) => new RegExp(`(^|[\\s(])${escapeRegExp(file)}\\b`).test(note));
  if (keptKeys.length === 0 && notes.length === 0) return `${file}: changed, and the report lists nothing kept in it`;
  for (const line of added.filter((candidate) => !inert(candidate))) {
    const key = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(line)?.[1];
    if (key !== undefined && keptKeys.includes(key)) continue;
    // The note quotes the line as a whole (`.gitignore keeps .env*.local: …`), not as part of a longer word.
    const quoted = new RegExp(`(^|\\s)${escapeRegExp(line.trim())}(?=[\\s:,;)]|$)`);
    if (notes.some((note) => quoted.test(note))) continue;
    return `${file}: the line \`${line}\` stayed, and the report does not list it as kept`;
  }
  return null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Whether `file` is inside a path the report keeps as data or as not create-auth's (`auth-migrations/`). */
function keptWhole(file: string, report: RemoveReport): boolean {
  return [...report.kept.data, ...report.kept.notOurs, ...report.kept.editedFiles].some((kept) =>
    kept.endsWith("/") ? file.startsWith(kept) : file === kept,
  );
}

/**
 * Every path of `after` that differs from `expected` (the original tree with the owner's edits applied)
 * and that the report does not account for, as one line each. Also every path the report says it kept
 * that is not there. Empty when remove did exactly what it says.
 */
export function unexplainedDifferences(expected: Tree, after: Tree, report: RemoveReport): string[] {
  const problems: string[] = [];
  for (const [file, content] of expected) {
    const now = after.get(file);
    if (now === undefined) problems.push(`${file}: deleted`);
    else if (!now.equals(content) && !keptWhole(file, report)) {
      const problem = unreported(file, content.toString("utf8"), now.toString("utf8"), report);
      if (problem) problems.push(problem);
    }
  }
  for (const file of after.keys()) {
    if (!expected.has(file) && !keptWhole(file, report)) problems.push(`${file}: left behind`);
  }
  for (const { file, key } of report.kept.envKeys) {
    const line = after
      .get(file)
      ?.toString("utf8")
      .split("\n")
      .find((candidate) => candidate.startsWith(`${key}=`));
    if (line === undefined) problems.push(`${file}: the report keeps ${key}, which is not there`);
  }
  return problems;
}
