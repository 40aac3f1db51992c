/**
 * Known-vulnerable versions of packages installed beside the auth runtime (advisories.ts): the version in
 * node_modules when the app is installed (its own folder, then the workspace root's), else the lowest the
 * package.json range allows (a warning: a fresh install may or may not pick a fixed one).
 */
import path from "node:path";
import { type Finding, finding, ok } from "../../checks/finding.js";
import { ADVISORIES, type Advisory } from "./advisories.js";
import type { DoctorContext } from "./context.js";
import { inRange, lowestAllowed, parseVersion } from "./versions.js";

/** The installed version of `name`, read from its package.json in node_modules, or null. */
function installedVersion(ctx: DoctorContext, name: string): { version: string; file: string } | null {
  const roots = ["."];
  const workspace = ctx.project?.info.workspaceRoot;
  if (workspace) roots.push(path.posix.normalize(workspace));
  for (const root of roots) {
    const file = path.posix.join(root, "node_modules", name, "package.json");
    const text = ctx.reader.read(file);
    if (text === null) continue;
    try {
      const version = (JSON.parse(text) as { version?: unknown }).version;
      if (typeof version === "string" && parseVersion(version)) return { version, file };
    } catch {
      // A broken package.json: nothing to judge.
    }
  }
  return null;
}

function declaredSpec(ctx: DoctorContext, name: string): string | null {
  const text = ctx.reader.read("package.json");
  if (text === null) return null;
  try {
    const pkg = JSON.parse(text) as Record<string, Record<string, string> | undefined>;
    return pkg["dependencies"]?.[name] ?? pkg["devDependencies"]?.[name] ?? null;
  } catch {
    return null;
  }
}

function fixedIn(advisory: Advisory, version: string): string {
  const range = advisory.affected.find((r) => inRange(version, r));
  return range?.fixed ?? advisory.affected[advisory.affected.length - 1]!.fixed;
}

export function checkAdvisories(ctx: DoctorContext, advisories: readonly Advisory[] = ADVISORIES): Finding[] {
  const findings: Finding[] = [];
  const checked: string[] = [];
  for (const name of [...new Set(advisories.map((a) => a.package))]) {
    const installed = installedVersion(ctx, name);
    const spec = installed ? null : declaredSpec(ctx, name);
    const version = installed?.version ?? (spec ? lowestAllowed(spec) : null);
    if (!version) continue;
    checked.push(`${name} ${version}`);
    for (const advisory of advisories.filter((a) => a.package === name)) {
      if (!advisory.affected.some((range) => inRange(version, range))) continue;
      const fixed = fixedIn(advisory, version);
      const label = `${advisory.id}${advisory.cve ? ` (${advisory.cve})` : ""}`;
      findings.push(
        installed
          ? finding(
              advisory.severity === "low" ? "warning" : "error",
              `advisory.${advisory.id}`,
              `${name} ${version} is affected by ${label}, ${advisory.severity}: ${advisory.title}; ${advisory.impact}.`,
              `upgrade ${name} to ${fixed} or later (npm install ${name}@^${fixed}); https://github.com/advisories/${advisory.id}`,
              installed.file,
            )
          : finding(
              "warning",
              `advisory.${advisory.id}`,
              `package.json allows ${name} ${spec} (not installed here), which includes versions affected by ${label}, ${advisory.severity}: ${advisory.title}.`,
              `require ${fixed} or later: "${name}": "^${fixed}"`,
              "package.json",
            ),
      );
    }
  }
  if (findings.length === 0 && checked.length > 0) {
    findings.push(ok("advisory.none", `No known advisory affects ${checked.join(", ")}.`));
  }
  return findings;
}
