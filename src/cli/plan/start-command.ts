/**
 * How a next step names the app's own commands: the first of its scripts it has, run with its package
 * manager (as a workspace command in a monorepo), and the start step every target ends its next steps
 * with. Targets read it; it reads nothing but the project's facts, so a target reaches no planner.
 */
import path from "node:path";
import type { ProjectInfo } from "../project/types.js";

type ScriptInfo = Pick<ProjectInfo, "packageManager" | "packageJson" | "workspaceRoot" | "root">;

/**
 * How to run the first of `scripts` the app's package.json has (`npm run dev`, `pnpm dev`, `npm start`), or
 * null when it has none of them. In a monorepo, as a workspace command (`npm run dev -w web`,
 * `pnpm --filter web dev`, `yarn workspace web dev`), which works from the workspace root where the user
 * pointed init at the app, and from the app's own folder alike.
 */
export function runScript(info: ScriptInfo, scripts: readonly string[]): string | null {
  const script = scripts.find((name) => info.packageJson.scripts?.[name] !== undefined);
  if (!script) return null;
  return scriptCommand(info, script);
}

function scriptCommand(info: ScriptInfo, script: string): string {
  const pm = info.packageManager.name;
  const run = pm === "npm" ? (script === "start" ? "npm start" : `npm run ${script}`) : `${pm} run ${script}`;
  if (!info.workspaceRoot) return pm === "pnpm" || pm === "yarn" ? `${pm} ${script}` : run;
  const member = path.relative(path.resolve(info.root, info.workspaceRoot), info.root).split(path.sep).join("/");
  const name = info.packageJson.name ?? member;
  switch (pm) {
    case "npm":
      return `${run} -w ${name}`;
    case "pnpm":
      return `pnpm --filter ${name} ${script}`;
    case "yarn":
      return info.packageJson.name ? `yarn workspace ${name} ${script}` : `cd ${member} && yarn ${script}`;
    case "bun":
      return `bun run --filter ${name} ${script}`;
  }
}

/** A command running a build's output: `node dist/server.js`, `node --env-file=.env build`, `node .output/server/index.mjs`. */
const RUNS_BUILD_OUTPUT = /(^|\s)(\.\/)?(dist|build|out|lib|\.output)(\/|\s|$)/;

/**
 * How to start the app with the first of `scripts` it has. A `start` that runs the build's output
 * (`node dist/server.js`) comes after the app's own build (`npm run build && npm start`): before it, the
 * output is missing, and after init it would still be the one built without auth.
 */
export function startCommand(info: ScriptInfo, scripts: readonly string[]): string | null {
  const script = scripts.find((name) => info.packageJson.scripts?.[name] !== undefined);
  if (!script) return null;
  const start = scriptCommand(info, script);
  const built = script === "start" && RUNS_BUILD_OUTPUT.test(info.packageJson.scripts?.[script] ?? "");
  const build = built ? runScript(info, ["build"]) : null;
  if (!build) return start;
  // `cd apps/api && yarn build` has already moved into the app: the start runs from there.
  const into = /^cd \S+ && /.exec(build)?.[0];
  return `${build} && ${into && start.startsWith(into) ? start.slice(into.length) : start}`;
}

/** "Start the app (npm run dev) and sign in at …", or without the command when the app has none of the scripts. */
export function startStep(info: ScriptInfo, scripts: readonly string[], signInUrl: string): string {
  const command = startCommand(info, scripts);
  return `Start the app${command ? ` (${command})` : ""} and sign in at ${signInUrl}`;
}
