/**
 * Astro wiring, judged by what the Astro target writes (read through its `init`, so no path is repeated here):
 * Astro routes by file, so the auth routes' file is the whole wiring. It must exist, hand Astro the auth
 * module's GET and POST, and be rendered on demand (a prerendered route is a file written at build time: no
 * sign-in, no callback, no session).
 */
import { type Finding, finding, ok } from "../../checks/finding.js";
import { moduleShape } from "../../edit/ast.js";
import type { OwnedFileStep } from "../../plan/planner.js";
import { gitHas, initAgain } from "../../review/restore.js";
import type { WiringSetup } from "../types.js";
import { astroFacts } from "./facts.js";

/** `export const prerender = false` (or `let`), as Astro reads it: a literal it can see without running the module. */
const ON_DEMAND = /^\s*export\s+(?:const|let)\s+prerender\s*=\s*false\b/m;
const SERVER_OUTPUT = /\boutput\s*:\s*["']server["']/;

export function checkAstroWiring(setup: WiringSetup): Finding[] {
  const { reader, init, target, authPath, authSource } = setup;
  const route = init.files(null).find((step): step is OwnedFileStep => step.kind === "owned");
  if (!route) return [];
  const source = reader.read(route.path);
  if (source === null) {
    return [
      finding(
        "error",
        "wiring.astro-route-missing",
        `${route.path} is gone: nothing answers under ${target.basePath}, so sign-in, callbacks, the session endpoint and sign-out answer 404.`,
        gitHas(reader.root, route.path)
          ? `restore it from git (git checkout -- ${route.path})`
          : `${route.path} was never committed, so git cannot restore it; write it again: ${initAgain(authSource, authPath)}`,
        route.path,
      ),
    ];
  }
  const exports = moduleShape(source, route.path).exports;
  const missing = ["GET", "POST"].filter((name) => !exports.includes(name));
  if (missing.length > 0) {
    return [
      finding(
        "error",
        "wiring.astro-route-exports",
        `${route.path} does not export ${missing.join(" and ")}: Astro answers ${missing.length === 2 ? "every request" : `a ${missing[0]}`} under ${target.basePath} with 404${missing.includes("POST") ? " (sign-in and sign-out are POSTs)" : ""}.`,
        `export both from the auth module in ${route.path}: export const { GET, POST } = auth; (import { auth } from ${authPath})`,
        route.path,
      ),
    ];
  }
  const config = astroFacts.files[0]!.names.find((name) => reader.exists(name));
  const serverOutput = config !== undefined && SERVER_OUTPUT.test(reader.read(config) ?? "");
  if (!serverOutput && !ON_DEMAND.test(source)) {
    return [
      finding(
        "error",
        "wiring.astro-route-prerendered",
        `${route.path} is prerendered (${config ?? "the Astro config"} does not set output: "server", and the file does not opt out): Astro writes it once at build time, so nothing answers sign-in, callbacks or sign-out.`,
        `add export const prerender = false; to ${route.path}`,
        route.path,
      ),
    ];
  }
  return [ok("wiring.astro-route", `${route.path} serves the auth routes under ${target.basePath}.`, route.path)];
}
