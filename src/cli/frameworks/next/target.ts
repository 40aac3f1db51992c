/**
 * The Next.js target (App Router and Pages Router, Next 15 and 16): the auth module, the catch-all route
 * under /api/auth, the proxy (Next 16 `proxy.ts`, Next 15 `middleware.ts`; merged into the user's own when
 * one exists), and the next steps. Data and pure functions; commands/init/plan.ts plans it.
 */
import path from "node:path";
import { moduleShape } from "../../edit/ast.js";
import { startStep } from "../../plan/start-command.js";
import { minorOf } from "../../project/framework.js";
import type { ProjectReader } from "../../project/reader.js";
import type { FrameworkLayout, ProjectInfo } from "../../project/types.js";
import { providersTemplateData, readProcessEnv } from "../../providers/template-data.js";
import { RUNTIME_PACKAGE_NAME } from "../../runtime-package/plan.js";
import type { Target } from "../types.js";
import { checkNextProxy } from "./doctor.js";
import { nextFacts } from "./facts.js";
import { mergeAuthIntoProxy } from "./proxy.js";
import { unmergeAuthFromProxy } from "./proxy-remove.js";

const RUNTIME_NEXT = `${RUNTIME_PACKAGE_NAME}/next`;

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
  const major = info.framework.major;
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
function nodeMiddleware({ major, version }: ProjectInfo["framework"]): boolean {
  return major !== null && (major > 15 || (major === 15 && minorOf(version) >= 5));
}

export const nextTarget: Target = {
  ...nextFacts,
  templates: new URL("./templates/", import.meta.url),
  checks: checkNextProxy,

  layout(reader: ProjectReader): FrameworkLayout {
    for (const dir of ["src/app", "app"]) {
      if (reader.isDirectory(dir)) return { router: "app", routesDir: dir };
    }
    for (const dir of ["src/pages", "pages"]) {
      if (reader.isDirectory(dir)) return { router: "pages", routesDir: dir };
    }
    return { router: "app", routesDir: reader.isDirectory("src") ? "src/app" : "app" };
  },

  ownedFiles(info) {
    return [authFilePath(info), routeFilePath(info), proxyFilePath(info)];
  },

  init({ info, answers, reader, render }) {
    const authFile = authFilePath(info);
    const routeFile = routeFilePath(info);
    const proxyFile = proxyFilePath(info, reader);
    const proxyAuthImport = authImportFrom(info, proxyFile);
    const exportName = path.posix.basename(proxyFile).startsWith("proxy") ? "proxy" : "middleware";
    const authImport = authImportFrom(info, `${info.framework.routesDir}/page.tsx`);
    return {
      auth: {
        path: authFile,
        reason: "auth module (NextAuth config, providers)",
        render: (database) =>
          render("auth", {
            runtimeDir: answers.runtimeDir,
            envFile: info.envFile,
            database,
            ...providersTemplateData(answers.providers, readProcessEnv),
          }),
        done: (shape) => shape.imports.includes(RUNTIME_NEXT) && shape.exports.includes("handlers"),
      },
      database: {
        clientFile: `${info.srcDir ? "src/" : ""}auth-db.${info.language}`,
        clientImport: "./auth-db",
        envSource: "process",
      },
      files: (database) => [
        {
          kind: "owned",
          path: routeFile,
          content: render(info.framework.router === "pages" ? "pages-route" : "route", {
            authImport: authImportFrom(info, routeFile),
          }),
          done: (source) => {
            const exported = moduleShape(source, routeFile).exports;
            return exported.includes("GET") && exported.includes("POST");
          },
          reason: `${nextTarget.basePath}/* endpoints`,
        },
        ...(database && exportName === "middleware" && !nodeMiddleware(info.framework)
          ? [
              {
                kind: "note" as const,
                text: `${proxyFile} runs on the Edge runtime before Next 15.5, where the ${answers.db} driver cannot: upgrade Next, or keep the adapter out of the module ${proxyFile} imports.`,
              },
            ]
          : []),
        {
          kind: "edit",
          path: proxyFile,
          reason: `your ${exportName}, wrapped with auth (its matcher kept)`,
          transform: (source) => mergeAuthIntoProxy(source, { authImport: proxyAuthImport, exportName }),
          undo: (source) => unmergeAuthFromProxy(source, exportName),
          create: {
            content: () =>
              render("proxy", {
                authImport: proxyAuthImport,
                exportName,
                nodeRuntime: exportName === "middleware" && nodeMiddleware(info.framework),
              }),
            reason: `${exportName}: protects the paths you list in its matcher`,
            // The paths to protect are the user's to list, in the file that goes with auth.
            tuned: ["matcher"],
          },
          unsupported: (why) =>
            `${proxyFile} left as it is (${why}): to protect pages there, wrap your ${exportName} with auth() from "${proxyAuthImport}".`,
        },
      ],
      env: {
        productionHint:
          "AUTH_URL: leave unset on this machine (dev, build + start on localhost, any port); where the app is deployed, set it to its public URL.",
      },
      nextSteps: [
        startStep(info, ["dev"], `${nextTarget.devOrigin}${nextTarget.basePath}/signin`),
        info.framework.router === "pages"
          ? `Read the session in getServerSideProps: const session = await auth(context) (import { auth } from "${authImport}"); in API routes: await auth(req, res)`
          : `Read the session in a server component rendered inside <Suspense>: const session = await auth() (import { auth } from "${authImport}"); with cacheComponents (create-next-app 16's default), next build fails on a session read outside one.`,
        `Protect pages: list their paths in config.matcher in ${proxyFile}, or decide per request with callbacks.authorized in ${authFile}.`,
      ],
    };
  },
};
