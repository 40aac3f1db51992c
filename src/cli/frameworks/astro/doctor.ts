/**
 * Astro wiring, judged by what the Astro target writes (read through its `init`, so no path is repeated here):
 * Astro routes by file, so the auth routes' file is the whole wiring. It must exist, hand Astro the auth
 * module's GET and POST, and be rendered on demand (a prerendered route is a file written at build time: no
 * sign-in, no callback, no session). And the app's middleware runs `auth.middleware` (the merge init would do
 * changes nothing), which sets `Astro.locals.session`: without it the routes work, but every page reading
 * `locals.session` sees a signed-out visitor.
 */
import { type Finding, finding, ok } from "../../checks/finding.js";
import { moduleShape } from "../../edit/ast.js";
import type { EditFileStep, OwnedFileStep } from "../../plan/planner.js";
import { gitHas, initAgain } from "../../review/restore.js";
import type { WiringSetup } from "../types.js";
import { astroFacts } from "./facts.js";

/** `export const prerender = false` (or `let`), as Astro reads it: a literal it can see without running the module. */
const ON_DEMAND = /^\s*export\s+(?:const|let)\s+prerender\s*=\s*false\b/m;
const SERVER_OUTPUT = /\boutput\s*:\s*["']server["']/;

/** `auth.middleware` in the app's middleware, judged by init's own edit of it (the merge changes nothing). */
function checkAstroMiddleware(setup: WiringSetup): Finding[] {
  const { reader, init, authPath } = setup;
  const step = init.files(null).find((candidate): candidate is EditFileStep => candidate.kind === "edit");
  if (!step) return [];
  const source = reader.read(step.path);
  const merged = source === null ? null : step.transform(source);
  const authImport = step.path.includes("/middleware/") ? "../auth" : "./auth";
  if (merged === "unchanged") {
    return [ok("wiring.astro-middleware", `${step.path} runs auth.middleware (Astro.locals.session).`, step.path)];
  }
  // A middleware the merge cannot read safely is the user's own arrangement: nothing sure to say.
  if (merged !== null && typeof merged === "object") return [];
  return [
    finding(
      "warning",
      "wiring.astro-middleware-missing",
      `${step.path} ${source === null ? "does not exist, so nothing runs" : "does not run"} auth.middleware from ${authPath}: Astro.locals.session is undefined in every page and endpoint (auth.getSession and auth.requireSession still work).`,
      source === null
        ? `create it with: import { auth } from "${authImport}"; export const onRequest = auth.middleware;`
        : `put it first: export const onRequest = sequence(auth.middleware, yours); (sequence from "astro:middleware", import { auth } from "${authImport}")`,
      step.path,
    ),
  ];
}

export function checkAstroWiring(setup: WiringSetup): Finding[] {
  return [...checkAstroRoute(setup), ...checkAstroMiddleware(setup)];
}

function checkAstroRoute(setup: WiringSetup): Finding[] {
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
