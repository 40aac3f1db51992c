/**
 * The inverse of `addDependencies` (package-json.ts): takes dependencies back out of a package.json as a
 * text edit, each member with its own line and the comma that joined it, so the user's formatting, order,
 * line endings and every dependency they added since survive. A dependencies section left empty goes too
 * (init created it: an app without dependencies had none). Names not present are skipped. One rule for
 * every command that takes packages away (remove, remove-provider): a package goes from whichever of
 * dependencies and devDependencies declares it (removePackages).
 */
import { escapeRegExp } from "./remove-lines.js";
import type { TransformResult } from "./result.js";

/** The `{…}` body of a top-level section, by offsets of its braces; null when absent. */
function section(source: string, name: string): { open: number; close: number; keyStart: number } | null {
  const match = new RegExp(`(\\r?\\n[ \\t]*)"${escapeRegExp(name)}"\\s*:\\s*\\{`).exec(source);
  if (!match) return null;
  const open = match.index + match[0].length - 1;
  const close = source.indexOf("}", open);
  return close === -1 ? null : { open, close, keyStart: match.index };
}

function removeMember(source: string, sectionName: string, name: string): string {
  const found = section(source, sectionName);
  if (!found) return source;
  const body = source.slice(found.open + 1, found.close);
  const member = new RegExp(`(\\r?\\n)?[ \\t]*"${escapeRegExp(name)}"[ \\t]*:[ \\t]*"[^"]*"[ \\t]*(,?)`).exec(body);
  if (!member) return source;
  let next = body.slice(0, member.index) + body.slice(member.index + member[0].length);
  // It was the last member: the one before it loses its comma.
  if (member[2] === "") next = next.replace(/,(\s*)$/, "$1");
  // It was the only member on the opening line (`{ "a": "1" }`) with no newline before it.
  if (member[1] === undefined && member[2] === ",") next = next.replace(/^[ \t]*/, body.match(/^[ \t]*/)![0]);
  return source.slice(0, found.open + 1) + next + source.slice(found.close);
}

function dropEmptySection(source: string, sectionName: string): string {
  const found = section(source, sectionName);
  if (!found || source.slice(found.open + 1, found.close).trim() !== "") return source;
  const end = found.close + 1;
  const after = source.slice(end);
  // `"dependencies": {},` before another member, or `, "dependencies": {}` as the last one.
  if (/^\s*,/.test(after)) return source.slice(0, found.keyStart) + after.replace(/^\s*,/, "");
  const before = source.slice(0, found.keyStart).replace(/,(\s*)$/, "$1");
  return before.replace(/\s*$/, "") + after.replace(/^[ \t]*/, "");
}

/** package.json without `names` in `sectionName` ("unchanged" when none of them is there). */
export function removeDependencies(
  source: string,
  names: readonly string[],
  sectionName: "dependencies" | "devDependencies" = "dependencies",
): TransformResult {
  const hadSection = section(source, sectionName) !== null;
  let text = names.reduce((current, name) => removeMember(current, sectionName, name), source);
  if (text === source) return "unchanged";
  if (hadSection) text = dropEmptySection(text, sectionName);
  return text;
}

export interface PackagesRemoval {
  after: string;
  /** The names taken out, in the plan's words: `nodemailer`, `@types/pg (dev)`. */
  removed: string[];
}

const SECTIONS = ["dependencies", "devDependencies"] as const;

/**
 * package.json without `names`, each taken out of dependencies and devDependencies wherever it is declared
 * (an app keeps some packages where its framework's starter put them, SvelteKit's all in devDependencies);
 * "unchanged" when none of them is, or when the text is not JSON.
 */
export function removePackages(source: string, names: readonly string[]): PackagesRemoval | "unchanged" {
  let pkg: Partial<Record<(typeof SECTIONS)[number], Record<string, unknown>>>;
  try {
    pkg = JSON.parse(source) as typeof pkg;
  } catch {
    return "unchanged";
  }
  let text = source;
  const removed: string[] = [];
  for (const sectionName of SECTIONS) {
    const declared = names.filter((name) => pkg[sectionName]?.[name] !== undefined);
    for (const name of declared) {
      const after = removeDependencies(text, [name], sectionName);
      if (after === "unchanged" || typeof after !== "string") continue;
      text = after;
      removed.push(sectionName === "dependencies" ? name : `${name} (dev)`);
    }
  }
  return text === source ? "unchanged" : { after: text, removed };
}
