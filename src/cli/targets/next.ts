/**
 * The Next.js target (App Router and Pages Router, Next 15 and 16): recognises a Next project, and plans
 * the auth module, the catch-all route under /api/auth, the proxy (Next 16 `proxy.ts`, Next 15
 * `middleware.ts`; merged into the user's own when one exists), the env file, the runtime package and the
 * dependencies. Declarative where it can
 * be (templates, env keys, next steps); every decision about existing files is made here, in one place.
 */
import path from "node:path";
import { planDatabase } from "../database/plan.js";
import { majorOf } from "../detect/framework.js";
import type { ProjectReader } from "../plan/reader.js";
import type { Conflict, FileChange, Plan } from "../plan/types.js";
import type { ProviderEntry } from "../providers/catalog.js";
import { passwordlessNextStep, providersTemplateData, readProcessEnv } from "../providers/template-data.js";
import { RUNTIME_PACKAGE_NAME } from "../runtime-package/plan.js";
import { mergeAuthIntoProxy } from "../transforms/next-proxy.js";
import { ENV_CONVENTIONS } from "./conventions.js";
import { planEnvAndRuntime } from "./env-and-runtime.js";
import { planOwnedFile } from "./owned-file.js";
import type { FrameworkMatch, PackageJson, PlanContext, ProjectInfo, Target } from "./types.js";

const NEXT_ENV = ENV_CONVENTIONS.find((c) => c.framework === "next")!;
const RUNTIME_NEXT = `${RUNTIME_PACKAGE_NAME}/next`;
/** Where Next serves the app in development; the callback URLs printed are for this origin. */
const DEV_ORIGIN = "http://localhost:3000";
const BASE_PATH = "/api/auth";

function authFilePath(info: Pick<ProjectInfo, "srcDir" | "language">): string {
  return `${info.srcDir ? "src/" : ""}auth.${info.language}`;
}

function routeFilePath(info: Pick<ProjectInfo, "framework" | "language">): string {
  const { routesDir, router } = info.framework;
  // Pages Router API routes are files; App Router route handlers are `route.ts` in a folder.
  if (router === "pages") return `${routesDir}/api/auth/[...nextauth].${info.language}`;
  return `${routesDir}/api/auth/[...nextauth]/route.${info.language}`;
}

/**
 * The file Next runs before requests: Next 16 renamed `middleware.ts` to `proxy.ts` (exporting `proxy`);
 * Next 15 only knows `middleware.ts`. It sits beside the routes directory (root or src/). An existing one
 * of either name is the one to merge into: Next refuses a project that has both.
 */
function proxyFilePath(info: Pick<ProjectInfo, "framework" | "language" | "srcDir">, reader?: ProjectReader): string {
  const dir = info.srcDir ? "src/" : "";
  const existing = ["proxy", "middleware"]
    .flatMap((base) => ["ts", "js", "mjs"].map((ext) => `${dir}${base}.${ext}`))
    .find((file) => reader?.exists(file));
  if (existing) return existing;
  const major = majorOf(info.framework.version);
  return `${dir}${major !== null && major < 16 ? "middleware" : "proxy"}.${info.language}`;
}

/** `@/auth` when an alias points at the auth module's directory, else a relative specifier. */
function authImportFrom(info: ProjectInfo, fromFile: string): string {
  const authDir = info.srcDir ? "src" : "";
  const alias = info.aliases.find((a) => a.directory === authDir);
  if (alias) return `${alias.prefix}auth`;
  const relative = path.posix.relative(path.posix.dirname(fromFile), path.posix.join(authDir, "auth"));
  return relative.startsWith(".") ? relative : `./${relative}`;
}

/** Next 15.5 made Node.js middleware stable (Next 16's proxy always runs on Node); older ones run it on Edge. */
function nodeMiddleware(version: string | null): boolean {
  const [major = 0, minor = 0] = (version ?? "").split(".").map((part) => Number.parseInt(part, 10) || 0);
  return major > 15 || (major === 15 && minor >= 5);
}

export function callbackUrl(providerId: string): string {
  return `${DEV_ORIGIN}${BASE_PATH}/callback/${providerId}`;
}

function runCommand(pm: string, script: string): string {
  return pm === "npm" ? `npm run ${script}` : `${pm} ${script}`;
}

function nextSteps(info: ProjectInfo, providers: ProviderEntry[], authFile: string, proxyFile: string): string[] {
  const pm = info.packageManager.name;
  const steps: string[] = [];
  for (const provider of providers) {
    const passwordless = passwordlessNextStep(provider, info.envFile, DEV_ORIGIN);
    if (passwordless) {
      steps.push(passwordless);
      continue;
    }
    if (provider.kind === "credentials") {
      steps.push(
        `Credentials: sign-in is denied until you look up the user and verify the password in authorize() in ${authFile}.`,
      );
      continue;
    }
    steps.push(
      `${provider.name}: register an OAuth app (${provider.registerAt}) with callback URL ${callbackUrl(provider.id)}, then set ${provider.envKeys.join(", ")} in ${info.envFile}.`,
    );
  }
  steps.push(`Start the app (${runCommand(pm, "dev")}) and sign in at ${DEV_ORIGIN}${BASE_PATH}/signin`);
  const authImport = authImportFrom(info, `${info.framework.routesDir}/page.tsx`);
  steps.push(
    info.framework.router === "pages"
      ? `Read the session in getServerSideProps: const session = await auth(context) (import { auth } from "${authImport}"); in API routes: await auth(req, res)`
      : `Read the session in a server component: const session = await auth() (import { auth } from "${authImport}")`,
  );
  steps.push(
    `Protect pages: list their paths in config.matcher in ${proxyFile}, or decide per request with callbacks.authorized in ${authFile}.`,
  );
  return steps;
}

export const nextTarget: Target = {
  id: "next",
  name: "Next.js",
  packages: NEXT_ENV.packages,
  envFile: NEXT_ENV.envFile,
  envIgnorePattern: NEXT_ENV.ignorePattern,

  detect(reader: ProjectReader, pkg: PackageJson): FrameworkMatch | null {
    const declared = pkg.dependencies?.["next"] ?? pkg.devDependencies?.["next"];
    if (declared === undefined) return null;
    let version: string | null = declared.replace(/^[\^~>=<v ]+/, "") || null;
    const installed = reader.read("node_modules/next/package.json");
    if (installed) {
      try {
        version = (JSON.parse(installed) as { version: string }).version;
      } catch {
        // A broken install: keep the declared range.
      }
    }
    for (const dir of ["src/app", "app"]) {
      if (reader.isDirectory(dir)) return { version, router: "app", routesDir: dir };
    }
    for (const dir of ["src/pages", "pages"]) {
      if (reader.isDirectory(dir)) return { version, router: "pages", routesDir: dir };
    }
    return { version, router: "app", routesDir: reader.isDirectory("src") ? "src/app" : "app" };
  },

  ownedFiles(info) {
    return [authFilePath(info), routeFilePath(info), proxyFilePath(info)];
  },

  plan(context: PlanContext): Plan {
    const { info, answers, reader } = context;
    const changes: FileChange[] = [];
    const conflicts: Conflict[] = [];
    const notes: string[] = [];
    const collect = (result: { change?: FileChange; conflict?: Conflict; note?: string }) => {
      if (result.change) changes.push(result.change);
      if (result.conflict) conflicts.push(result.conflict);
      if (result.note) notes.push(result.note);
    };

    const authFile = authFilePath(info);
    const database = planDatabase(context, {
      clientFile: `${info.srcDir ? "src/" : ""}auth-db.${info.language}`,
      clientImport: "./auth-db",
      authFile,
      envSource: "process",
    });
    const authSource = context.render("auth", {
      runtimeDir: answers.runtimeDir,
      envFile: info.envFile,
      database: database.wiring,
      ...providersTemplateData(answers.providers, readProcessEnv),
    });
    collect(
      planOwnedFile(
        context,
        authFile,
        authSource,
        (source) => {
          const shape = context.inspectModule(source);
          const done = shape.imports.includes(RUNTIME_NEXT) && shape.exports.includes("handlers");
          const missing = answers.providers.filter(
            (p) => !shape.imports.includes(`${RUNTIME_PACKAGE_NAME}/providers/${p.id}`),
          );
          if (done && missing.length > 0) {
            notes.push(
              `${authFile} does not use ${missing.map((p) => p.id).join(", ")}; add with: npx create-auth add-provider <id> (init never rewrites an existing auth module).`,
            );
          }
          return done;
        },
        "auth module (NextAuth config, providers)",
      ),
    );
    changes.push(...database.changes);
    conflicts.push(...database.conflicts);
    notes.push(...database.notes);

    const routeFile = routeFilePath(info);
    const routeSource = context.render(info.framework.router === "pages" ? "pages-route" : "route", {
      authImport: authImportFrom(info, routeFile),
    });
    collect(
      planOwnedFile(
        context,
        routeFile,
        routeSource,
        (source) => {
          const exported = context.inspectModule(source).exports;
          return exported.includes("GET") && exported.includes("POST");
        },
        `${BASE_PATH}/* endpoints`,
      ),
    );

    const proxyFile = proxyFilePath(info, reader);
    const proxyAuthImport = authImportFrom(info, proxyFile);
    const exportName = path.posix.basename(proxyFile).startsWith("proxy") ? "proxy" : "middleware";
    if (database.wiring && exportName === "middleware" && !nodeMiddleware(info.framework.version)) {
      notes.push(
        `${proxyFile} runs on the Edge runtime before Next 15.5, where the ${answers.db} driver cannot: upgrade Next, or keep the adapter out of the module ${proxyFile} imports.`,
      );
    }
    const existingProxy = reader.read(proxyFile);
    if (existingProxy === null) {
      changes.push({
        kind: "create",
        path: proxyFile,
        content: context.render("proxy", {
          authImport: proxyAuthImport,
          exportName,
          nodeRuntime: exportName === "middleware" && nodeMiddleware(info.framework.version),
        }),
        reason: `${exportName}: protects the paths you list in its matcher`,
      });
    } else {
      const merged = mergeAuthIntoProxy(existingProxy, { authImport: proxyAuthImport, exportName });
      if (merged.kind === "merged") {
        changes.push({
          kind: "edit",
          path: proxyFile,
          before: existingProxy,
          after: merged.content,
          reason: `your ${exportName}, wrapped with auth (its matcher kept)`,
        });
      } else if (merged.kind === "unsupported") {
        notes.push(
          `${proxyFile} left as it is (${merged.reason}): to protect pages there, wrap your ${exportName} with auth() from "${proxyAuthImport}".`,
        );
      }
    }

    const shared = planEnvAndRuntime(context, this, {
      authUrl: DEV_ORIGIN,
      productionHint: "AUTH_URL is this app's public URL: set it to the deployed URL in production.",
    });
    changes.push(...shared.changes);
    conflicts.push(...shared.conflicts);
    notes.push(...shared.notes);

    return {
      command: "init",
      projectDir: info.root,
      changes,
      install: shared.install,
      nextSteps:
        changes.length > 0 ? [...database.nextSteps, ...nextSteps(info, answers.providers, authFile, proxyFile)] : [],
      notes,
      conflicts,
    };
  },
};
