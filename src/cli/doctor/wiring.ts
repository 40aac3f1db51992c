/**
 * Wiring the app's own files must carry for the auth module to take effect, where the framework target
 * already knows how to read it:
 * - Next.js: the proxy (`proxy.ts`, or `middleware.ts` before Next 16) runs `auth` only on the paths its
 *   `config.matcher` lists (templates/next/proxy.hbs, frameworks/next/proxy.ts); `callbacks.authorized` in
 *   the auth module (runtime/core/server/route-guard.ts) decides only for requests the proxy sees.
 * - SvelteKit: `src/hooks.server` runs the auth module's `handle` (frameworks/sveltekit/hooks.ts: the merge
 *   answers "unchanged" exactly when it does), or `event.locals.auth()` is undefined in every route.
 * - Express: the app file mounts `ExpressAuth(…)` (frameworks/express/app.ts `findExpressApp`), or nothing
 *   answers under /auth.
 * - SolidStart and Qwik City: wiring-solid-start.ts and wiring-qwik.ts, beside the imports of create-auth's
 *   modules the app's own code makes (wiring-imports.ts).
 * - `.env.example`, the file teammates and deployments copy, names every auth setting the env file sets.
 */

import { parseSyntax, type SyntaxNode, typescript } from "../edit/ast.js";
import { assignedKeys } from "../env/merge.js";
import { findExpressApp } from "../frameworks/express/app.js";
import { checkQwikWiring } from "../frameworks/qwik/doctor.js";
import { checkSolidStartWiring } from "../frameworks/solid-start/doctor.js";
import { mergeAuthHandle } from "../frameworks/sveltekit/hooks.js";
import { PROVIDERS } from "../providers/catalog.js";
import type { DoctorContext } from "./context.js";
import { type Finding, finding, ok } from "./finding.js";
import { configuredCatalogProviders } from "./providers.js";

const PROXY_FILES = ["proxy", "middleware"].flatMap((name) =>
  ["", "src/"].flatMap((dir) => ["ts", "js", "mjs", "tsx"].map((ext) => `${dir}${name}.${ext}`)),
);

/** The proxy's `config.matcher`: "empty" (`[]`, `""`), "paths" (anything else), or "absent" (every path). */
export function proxyMatcher(source: string, file: string): "empty" | "paths" | "absent" {
  const ts = typescript();
  let result: "empty" | "paths" | "absent" = "absent";
  const visit = (node: SyntaxNode): void => {
    if (
      ts.isVariableDeclaration(node) &&
      node.name.getText() === "config" &&
      node.initializer &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      for (const property of node.initializer.properties) {
        if (!ts.isPropertyAssignment(property) || property.name.getText() !== "matcher") continue;
        const value = property.initializer;
        const empty =
          (ts.isArrayLiteralExpression(value) && value.elements.length === 0) ||
          (ts.isStringLiteralLike(value) && value.text === "");
        result = empty ? "empty" : "paths";
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(parseSyntax(source, file));
  return result;
}

/** Whether a proxy module runs the auth module's `auth` (imports or re-exports it). */
export function proxyRunsAuth(source: string): boolean {
  return /\b(?:import|export)\s*(?:type\s+)?\{[^}]*\bauth\b[^}]*\}\s*from\s*["'][^"']+["']/.test(source);
}

function checkNextProxy(ctx: DoctorContext): Finding[] {
  if ("missing" in ctx.setup || ctx.setup.target.id !== "next") return [];
  const { reader, authPath, authSource } = ctx.setup;
  const hasAuthorized = /\bauthorized\s*[:(]/.test(authSource);
  const proxyFile = PROXY_FILES.find((file) => reader.read(file) !== null);
  const proxy = proxyFile ? reader.read(proxyFile)! : null;
  if (!proxyFile || proxy === null || !proxyRunsAuth(proxy)) {
    if (!hasAuthorized) return [];
    return [
      finding(
        "error",
        "wiring.authorized-unused",
        `${authPath} defines callbacks.authorized, but ${proxyFile ? `${proxyFile} does not run auth` : "there is no proxy.ts (middleware.ts) running auth"}: the callback never runs and no page is guarded by it.`,
        `export auth as the proxy: export { auth as proxy } from the auth module in proxy.ts (middleware.ts before Next 16), with the paths to guard in config.matcher`,
        proxyFile ?? authPath,
      ),
    ];
  }
  const matcher = proxyMatcher(proxy, proxyFile);
  if (matcher === "empty") {
    return [
      finding(
        hasAuthorized ? "error" : "info",
        "wiring.matcher-empty",
        hasAuthorized
          ? `${proxyFile}'s config.matcher is empty, so it runs on no request: the callbacks.authorized in ${authPath} guards nothing.`
          : `${proxyFile}'s config.matcher is empty: the proxy protects no page (pages may still check auth() themselves).`,
        `list the paths that need a signed-in user in config.matcher, for example ["/dashboard/:path*"]`,
        proxyFile,
      ),
    ];
  }
  return [
    ok(
      "wiring.proxy",
      `${proxyFile} runs auth on ${matcher === "absent" ? "every request" : "the paths its matcher lists"}.`,
      proxyFile,
    ),
  ];
}

function checkSvelteKitHooks(ctx: DoctorContext): Finding[] {
  if ("missing" in ctx.setup || ctx.setup.target.id !== "sveltekit") return [];
  const { reader, authPath } = ctx.setup;
  const hooks = ["src/hooks.server.ts", "src/hooks.server.js"].find((file) => reader.read(file) !== null);
  const merged = hooks ? mergeAuthHandle(reader.read(hooks)!, "./auth") : null;
  if (merged === "unchanged") return [ok("wiring.hooks", `${hooks} runs the auth handle.`, hooks)];
  // A hooks file the merge cannot read safely is the user's own arrangement: nothing sure to say.
  if (merged !== null && typeof merged === "object") return [];
  return [
    finding(
      "error",
      "wiring.hooks-missing-handle",
      `${hooks ?? "src/hooks.server.ts"} ${hooks ? "does not run" : "does not exist, so nothing runs"} the handle exported by ${authPath}: event.locals.auth() is undefined in every route and /auth answers 404.`,
      hooks
        ? `put it first in the app's handle: export const handle = sequence(authHandle, yourHandle), with import { handle as authHandle } from "./auth"`
        : `create it with: export { handle } from "./auth";`,
      hooks ?? authPath,
    ),
  ];
}

function checkExpressMount(ctx: DoctorContext): Finding[] {
  if ("missing" in ctx.setup || ctx.setup.target.id !== "express") return [];
  const { reader, info, target } = ctx.setup;
  const appFile = info.framework.appFile;
  const source = appFile ? reader.read(appFile) : null;
  const app = appFile && source !== null ? findExpressApp(source, appFile) : null;
  if (!appFile || !app) return [];
  if (app.mounted) return [ok("wiring.express", `${appFile} mounts ExpressAuth on ${app.instance}.`, appFile)];
  return [
    finding(
      "error",
      "wiring.express-not-mounted",
      `${appFile} never calls ExpressAuth: nothing answers under ${target.basePath}, so sign-in, sign-out and the session endpoint all answer 404.`,
      `mount it before your routes: ${app.instance}.use("${target.basePath}", ExpressAuth(authConfig)) (see the auth module ${ctx.setup.authPath})`,
      appFile,
    ),
  ];
}

/** Settings create-auth and the adapters read, by name. */
const AUTH_SETTING = /^(?:AUTH_|NEXTAUTH_|EMAIL_SERVER$|EMAIL_FROM$|DATABASE_URL$)/;

/**
 * The keys of catalog providers the auth module does not configure: nothing reads them. remove-provider takes
 * their placeholders out of .env.example and keeps a value the user set in the env file (said, for them to
 * delete), so asking for them back in .env.example would undo it.
 */
function unreadProviderKeys(ctx: DoctorContext): Set<string> {
  if ("missing" in ctx.setup) return new Set();
  let configured: Set<string>;
  try {
    configured = new Set(
      configuredCatalogProviders(ctx.setup.authSource, ctx.setup.authPath).flatMap((provider) => provider.envKeys),
    );
  } catch {
    // An auth module the provider reading cannot follow: every auth setting counts, as before.
    return new Set();
  }
  return new Set(PROVIDERS.flatMap((provider) => provider.envKeys).filter((key) => !configured.has(key)));
}

function checkEnvExample(ctx: DoctorContext): Finding[] {
  const keys = new Set<string>();
  for (const file of ctx.envFiles) for (const key of assignedKeys(ctx.reader.read(file))) keys.add(key);
  const unread = unreadProviderKeys(ctx);
  const wanted = [...keys].filter((key) => AUTH_SETTING.test(key) && !unread.has(key));
  if (wanted.length === 0) return [];
  const example = ctx.reader.read(".env.example");
  if (example === null) {
    return [
      finding(
        "warning",
        "env-example.missing",
        `No .env.example: whoever clones or deploys the app cannot see that it needs ${wanted.join(", ")}.`,
        "commit a .env.example naming those keys with blank values (never the values themselves)",
      ),
    ];
  }
  const listed = new Set(assignedKeys(example));
  const absent = wanted.filter((key) => !listed.has(key));
  if (absent.length > 0) {
    return [
      finding(
        "warning",
        "env-example.missing-keys",
        `.env.example does not name ${absent.join(", ")}, which the env file sets: a deployment copied from it lacks ${absent.length === 1 ? "it" : "them"}.`,
        `add ${absent.map((key) => `${key}=`).join(" ")} to .env.example (names only, no values)`,
        ".env.example",
      ),
    ];
  }
  return [ok("env-example.complete", ".env.example names every auth setting the env file sets.", ".env.example")];
}

export function checkWiring(ctx: DoctorContext): Finding[] {
  return [
    ...checkNextProxy(ctx),
    ...checkSvelteKitHooks(ctx),
    ...checkExpressMount(ctx),
    ...checkSolidStartWiring(ctx),
    ...checkQwikWiring(ctx),
    ...checkEnvExample(ctx),
  ];
}
