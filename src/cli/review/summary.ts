/**
 * The review of a plan: a one-line-per-change summary (files of one group, like the runtime package,
 * collapsed to one line), the unified diffs with secrets masked, and the JSON view of both.
 */
import type { FileChange, Plan } from "../plan/types.js";
import { maskEnvSecrets } from "./mask.js";
import { unifiedDiff } from "./unified-diff.js";

const VERB: Record<FileChange["kind"], string> = {
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
  return `${parts.join("; ")}: ${change.reason}`;
}

/** Summary lines, grouped changes collapsed. */
export function summaryLines(plan: Plan): string[] {
  const rows: [string, string, string][] = [];
  const groups = new Map<string, FileChange[]>();
  for (const change of plan.changes) {
    const group = "group" in change ? change.group : undefined;
    if (group) {
      const list = groups.get(group);
      if (list) list.push(change);
      else {
        groups.set(group, [change]);
        rows.push(["group", group, ""]);
      }
    } else {
      const verb = change.kind === "env-merge" && change.before === null ? "create" : VERB[change.kind];
      rows.push([verb, change.path, describe(change)]);
    }
  }
  for (const row of rows) {
    if (row[0] !== "group") continue;
    const list = groups.get(row[1])!;
    const counts = (["create", "edit", "delete"] as const)
      .map((kind) => [kind, list.filter((c) => c.kind === kind).length] as const)
      .filter(([, n]) => n > 0);
    row[0] = counts.length === 1 ? VERB[counts[0]![0]] : "update";
    row[1] = `${row[1]} (${list.length} files)`;
    row[2] = counts.length === 1 ? list[0]!.reason : counts.map(([kind, n]) => `${n} ${VERB[kind]}`).join(", ");
  }
  const width = Math.max(0, ...rows.map((row) => row[1].length));
  return rows.map(([verb, file, why]) => `  ${verb.padEnd(7)} ${file.padEnd(width)}  ${why}`.trimEnd());
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
    case "env-merge":
      return unifiedDiff(
        maskEnvSecrets(change.before, change.secretKeys),
        maskEnvSecrets(change.after, change.secretKeys),
        change.path,
      );
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
