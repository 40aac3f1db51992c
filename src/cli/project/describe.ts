/**
 * The one line that says what detection found, printed before any plan:
 * `Next.js 16.4.6 (App Router, src/, TypeScript, pnpm, workspace ../..) at /path/to/app`.
 */
import { packageManagerLabel } from "./package-manager.js";
import type { ProjectInfo } from "./types.js";

const ROUTERS = { app: "App Router", pages: "Pages Router" } as const;

export function describeProject(info: ProjectInfo): string {
  const f = info.framework;
  const parts = [
    f.router ? ROUTERS[f.router] : null,
    // Next's src/ layout decides where every generated file goes; other frameworks always use src/.
    f.router && info.srcDir ? "src/" : null,
    info.language === "ts" ? "TypeScript" : "JavaScript",
    packageManagerLabel(info.packageManager),
    info.workspaceRoot ? `workspace ${info.workspaceRoot}` : null,
  ];
  return `${f.name}${f.version ? ` ${f.version}` : ""} (${parts.filter(Boolean).join(", ")}) at ${info.root}`;
}
