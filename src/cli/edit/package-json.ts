/**
 * Pure transform: adds dependencies to a package.json as a text edit, so the user's formatting,
 * indentation, key order and line endings survive. New keys go in alphabetical position when the
 * existing list is alphabetical (what npm writes), else at the end. Existing entries are never changed.
 */

import { detectEol } from "./eol.js";
import { applyInsertions } from "./insertions.js";

export interface DependencyEdit {
  content: string;
  added: string[];
  /** Already depended on with another range: left as the user has it. */
  differing: { name: string; existing: string; wanted: string }[];
}

interface Member {
  key: string;
  /** Offset of the key's opening quote. */
  start: number;
  /** Offset just after the value. */
  end: number;
}

/** Skips a JSON string starting at `i` (the opening quote); returns the offset after the closing quote. */
function skipString(text: string, i: number): number {
  let j = i + 1;
  while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
  return j + 1;
}

/** Offset just after the JSON value starting at `i`. */
function skipValue(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return skipString(text, i);
  if (c === "{" || c === "[") {
    let depth = 0;
    let j = i;
    while (j < text.length) {
      const d = text[j]!;
      if (d === '"') {
        j = skipString(text, j);
        continue;
      }
      if (d === "{" || d === "[") depth++;
      if (d === "}" || d === "]") {
        depth--;
        if (depth === 0) return j + 1;
      }
      j++;
    }
    return j;
  }
  let j = i;
  while (j < text.length && !/[,}\]\s]/.test(text[j]!)) j++;
  return j;
}

/** The members of the object whose `{` is at `open`, with their text spans; and the offset of its `}`. */
function objectMembers(text: string, open: number): { members: Member[]; close: number } {
  const members: Member[] = [];
  let i = open + 1;
  for (;;) {
    while (/[\s,]/.test(text[i] ?? "")) i++;
    if (text[i] !== '"') return { members, close: i };
    const keyEnd = skipString(text, i);
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    let v = text.indexOf(":", keyEnd) + 1;
    while (/\s/.test(text[v] ?? "")) v++;
    const end = skipValue(text, v);
    members.push({ key, start: i, end });
    i = end;
  }
}

function indentBefore(text: string, offset: number): string {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}

const byName = (a: string, b: string) => a.localeCompare(b, "en");

/** `section` is where new entries go; an entry already in either section counts as present. */
export function addDependencies(
  source: string,
  wanted: Record<string, string>,
  section: "dependencies" | "devDependencies" = "dependencies",
): DependencyEdit | "unchanged" {
  const parsed = JSON.parse(source) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const current = { ...parsed.devDependencies, ...parsed.dependencies };
  const differing: DependencyEdit["differing"] = [];
  const missing: string[] = [];
  for (const [name, range] of Object.entries(wanted)) {
    const existing = current[name];
    if (existing === undefined) missing.push(name);
    else if (existing !== range) differing.push({ name, existing, wanted: range });
  }
  if (missing.length === 0) return "unchanged";
  missing.sort(byName);

  const eol = detectEol(source);
  const rootOpen = source.indexOf("{");
  const root = objectMembers(source, rootOpen);
  const unit = root.members[0] ? indentBefore(source, root.members[0].start) || "  " : "  ";
  const entry = (name: string) => `${JSON.stringify(name)}: ${JSON.stringify(wanted[name])}`;
  const deps = root.members.find((m) => m.key === section);
  let content: string;

  if (!deps) {
    const inner = missing.map((name) => unit + unit + entry(name)).join(`,${eol}`);
    const block = `"${section}": {${eol}${inner}${eol}${unit}}`;
    // dependencies go before devDependencies (npm's order); devDependencies after everything else.
    const before = section === "dependencies" ? root.members.find((m) => m.key === "devDependencies") : undefined;
    if (before) content = `${source.slice(0, before.start)}${block},${eol}${unit}${source.slice(before.start)}`;
    else {
      const last = root.members[root.members.length - 1];
      content = last
        ? `${source.slice(0, last.end)},${eol}${unit}${block}${source.slice(last.end)}`
        : `${source.slice(0, rootOpen + 1)}${eol}${unit}${block}${eol}${source.slice(rootOpen + 1)}`;
    }
    return { content, added: missing, differing };
  }

  const open = source.indexOf("{", source.indexOf(":", deps.start));
  const { members, close } = objectMembers(source, open);
  if (members.length === 0) {
    const inner = missing.map((name) => unit + unit + entry(name)).join(`,${eol}`);
    content = `${source.slice(0, open + 1)}${eol}${inner}${eol}${unit}${source.slice(close)}`;
    return { content, added: missing, differing };
  }
  const indent = indentBefore(source, members[0]!.start);
  const sorted = members.every((m, i) => i === 0 || byName(members[i - 1]!.key, m.key) <= 0);
  // Insertions as (offset, text), applied from the end so earlier offsets stay valid.
  const insertions: { at: number; text: string }[] = [];
  for (const name of missing) {
    const anchor = sorted ? members.find((m) => byName(m.key, name) > 0) : undefined;
    if (anchor) insertions.push({ at: anchor.start, text: `${entry(name)},${eol}${indent}` });
    else insertions.push({ at: members[members.length - 1]!.end, text: `,${eol}${indent}${entry(name)}` });
  }
  content = source;
  // At one offset, later names land after earlier ones.
  content = applyInsertions(content, insertions);
  return { content, added: missing, differing };
}
