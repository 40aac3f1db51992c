/**
 * The review of a plan: a one-line-per-change summary (files of one group, like the runtime package,
 * collapsed to one line), the unified diffs with secrets masked, and the JSON view of both.
 */
import type { FileChange, Plan } from "../plan/types.js";
import { counted } from "../words.js";
import { HIDDEN_NEW, maskEnvSecrets } from "./mask.js";
import { unifiedDiff } from "./unified-diff.js";

const VERB: Record<FileChange["kind"], "create" | "edit" | "merge" | "delete"> = {
  create: "create",
  edit: "edit",
  "env-merge": "merge",
  delete: "delete",
};

function describe(change: FileChange): string {
  if (change.kind !== "env-merge") return change.reason;
  const parts = [];
  if (change.added.length > 0) parts.push(`+ ${change.added.join(", ")}`);
  if (change.replaced.length > 0) parts.push(`replaced ${change.replaced.join(", ")}`);
  return parts.length > 0 ? `${parts.join("; ")}: ${change.reason}` : change.reason;
}

/**
 * One row per thing a person reviews: a file, or a whole group (the runtime package's hundreds of files are
 * one row). `verb` says what happens to it; "Apply N changes?" counts these rows, not the files.
 */
export interface SummaryRow {
  verb: "create" | "edit" | "merge" | "delete" | "update";
  /** The file, or the group with its file count: `vendor/auth-runtime/ (312 files)`. */
  label: string;
  why: string;
}

/** The plan's rows, in plan order, grouped changes collapsed into their group's row. */
export function summaryRows(plan: Plan): SummaryRow[] {
  const rows: SummaryRow[] = [];
  const groups = new Map<string, { row: SummaryRow; changes: FileChange[] }>();
  for (const change of plan.changes) {
    const group = "group" in change ? change.group : undefined;
    if (group) {
      const entry = groups.get(group);
      if (entry) entry.changes.push(change);
      else {
        const row: SummaryRow = { verb: "update", label: group, why: "" };
        groups.set(group, { row, changes: [change] });
        rows.push(row);
      }
    } else {
      const verb = change.kind === "env-merge" && change.before === null ? "create" : VERB[change.kind];
      rows.push({ verb, label: change.path, why: describe(change) });
    }
  }
  for (const { row, changes } of groups.values()) {
    const counts = (["create", "edit", "delete"] as const)
      .map((kind) => [kind, changes.filter((c) => c.kind === kind).length] as const)
      .filter(([, n]) => n > 0);
    row.verb = counts.length === 1 ? VERB[counts[0]![0]] : "update";
    row.label = `${row.label} (${counted(changes.length, "file")})`;
    row.why = counts.length === 1 ? changes[0]!.reason : counts.map(([kind, n]) => `${n} ${VERB[kind]}`).join(", ");
  }
  return rows;
}

/** Summary lines, grouped changes collapsed. */
export function summaryLines(plan: Plan): string[] {
  const rows = summaryRows(plan);
  const width = Math.max(0, ...rows.map((row) => row.label.length));
  return rows.map(({ verb, label, why }) => `  ${verb.padEnd(7)} ${label.padEnd(width)}  ${why}`.trimEnd());
}

/** "a, b and c". */
export function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * `paths` as a person reads them: the files of a group the plan shows as one row (the runtime package's
 * folder) as that one entry with a count (`vendor/auth-runtime/ (110 files)`), each other path as it is.
 */
export function groupedPaths(plan: Plan, paths: readonly string[]): string[] {
  const groups = new Map<string, string>();
  for (const change of plan.changes) if ("group" in change && change.group) groups.set(change.path, change.group);
  const counts = new Map<string, number>();
  const out: string[] = [];
  for (const file of paths) {
    const group = groups.get(file);
    if (group === undefined) out.push(file);
    else {
      if (!counts.has(group)) out.push(group);
      counts.set(group, (counts.get(group) ?? 0) + 1);
    }
  }
  return out.map((entry) => (counts.has(entry) ? `${entry} (${counted(counts.get(entry)!, "file")})` : entry));
}

/** What applying the rows did, by outcome, each in plan order (the --json outcome). */
export function doneLists(rows: readonly SummaryRow[]): { created: string[]; changed: string[]; deleted: string[] } {
  const labels = (verbs: readonly SummaryRow["verb"][]) =>
    rows.filter((row) => verbs.includes(row.verb)).map((row) => row.label);
  return { created: labels(["create"]), changed: labels(["edit", "merge", "update"]), deleted: labels(["delete"]) };
}

/**
 * What was done, said after applying: "Created auth.ts and vendor/auth-runtime/ (312 files).", then
 * "Changed .env.local and package.json." and "Deleted …", one line each, only the ones that happened.
 */
export function doneLines(rows: readonly SummaryRow[]): string[] {
  const { created, changed, deleted } = doneLists(rows);
  const said = [
    ["Created", created],
    ["Changed", changed],
    ["Deleted", deleted],
  ] as const;
  return said.filter(([, list]) => list.length > 0).map(([verb, list]) => `${verb} ${listed(list)}.`);
}

/** The diff a person reviews for one change (env secrets masked); "" for grouped (generated) files. */
export function changeDiff(change: FileChange): string {
  if ("group" in change && change.group) return "";
  switch (change.kind) {
    case "create":
      return unifiedDiff(null, change.content, change.path);
    case "edit":
      return unifiedDiff(change.before, change.after, change.path);
    case "delete":
      return unifiedDiff(change.before, null, change.path);
    case "env-merge": {
      const replaced = change.secretKeys.filter((key) => change.replaced.includes(key));
      const others = change.secretKeys.filter((key) => !change.replaced.includes(key));
      return unifiedDiff(
        maskEnvSecrets(change.before, change.secretKeys),
        maskEnvSecrets(maskEnvSecrets(change.after, replaced, HIDDEN_NEW), others),
        change.path,
      );
    }
  }
}

export function planDiff(plan: Plan): string {
  return plan.changes
    .map(changeDiff)
    .filter((diff) => diff !== "")
    .join("\n");
}

/** The plan as plain JSON (no contents: paths, kinds, reasons and masked diffs). */
export function planJson(plan: Plan): object {
  return {
    changes: plan.changes.map((change) => {
      const base: Record<string, unknown> = { kind: change.kind, path: change.path, reason: change.reason };
      if ("group" in change && change.group) base["group"] = change.group;
      if (change.kind === "env-merge") {
        base["added"] = change.added;
        base["replaced"] = change.replaced;
      }
      const diff = changeDiff(change);
      if (diff !== "") base["diff"] = diff;
      return base;
    }),
    install: plan.install,
    notes: plan.notes,
    nextSteps: plan.nextSteps,
  };
}
