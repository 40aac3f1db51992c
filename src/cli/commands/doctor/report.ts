/**
 * How findings are shown: grouped by level (errors first), each `[id] what — fix`, then one summary line;
 * or, with --json, the one object `{ ok, summary, findings }` CI reads.
 */

import type { Finding, FindingLevel } from "../../checks/finding.js";
import type { Output } from "../../output.js";
import { counted } from "../../words.js";

const GROUPS: readonly { level: FindingLevel; title: string }[] = [
  { level: "error", title: "Errors" },
  { level: "warning", title: "Warnings" },
  { level: "info", title: "Notes" },
  { level: "ok", title: "OK" },
];

export function summarize(findings: readonly Finding[]): Record<FindingLevel, number> {
  const counts: Record<FindingLevel, number> = { error: 0, warning: 0, info: 0, ok: 0 };
  for (const f of findings) counts[f.level]++;
  return counts;
}

export function printFindings(out: Output, root: string, production: boolean, findings: readonly Finding[]): void {
  const counts = summarize(findings);
  out.line(`Checked ${root}${production ? " as deployed (--production)" : ""}.`);
  for (const { level, title } of GROUPS) {
    const group = findings.filter((f) => f.level === level);
    if (group.length === 0) continue;
    out.line();
    out.line(`${title}:`);
    for (const f of group) out.line(`  [${f.id}] ${f.message}${f.fix ? ` — ${f.fix}` : ""}`);
  }
  out.line();
  out.line(
    `${counted(counts.error, "error")}, ${counted(counts.warning, "warning")}, ${counted(counts.info, "note")}, ${counted(counts.ok, "check")} passed.`,
  );
  out.result({
    ok: counts.error === 0,
    production,
    summary: counts,
    findings: findings.map(({ id, level, message, fix, file }) => ({
      id,
      level,
      message,
      ...(fix ? { fix } : {}),
      ...(file ? { file } : {}),
    })),
  });
}
