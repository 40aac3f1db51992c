/**
 * Where a Node server app (Express, Hono) creates its app: the files its start and dev scripts and `main`
 * run, mapped back from the build output to their sources, then the usual names, each followed through its
 * relative imports until a module creating the app turns up. Shared by the targets whose app is a module of
 * the user's own rather than a file the framework routes to; each says how its app is created.
 */
import { moduleShape } from "../edit/ast.js";
import { importTarget, moduleCandidates, resolveImport } from "../project/imports.js";
import type { ProjectReader } from "../project/reader.js";
import type { PackageJson } from "../project/types.js";

/** Compiled output directories a start script may point into, mapped back to their sources. */
const BUILD_DIRS = /^(dist|build|out|lib)\//;

export type ServerPackageJson = PackageJson & { main?: string; scripts?: Record<string, string> };

export interface ServerAppSearch {
  /** The usual names of the app's module (no extension), in the order they are tried. */
  commonNames: readonly string[];
  /** Whether a `.tsx`/`.jsx` module may create the app (Hono's JSX apps); Express's never does. */
  jsx: boolean;
  /** Whether this module creates the app. */
  createsApp(source: string, file: string): boolean;
}

/**
 * `dist/index.js` → [`src/index.ts`, …, `dist/index.js`]: the sources it may be built from, then the file.
 * The sources come first: once the app is built both exist, and the auth module belongs beside the source
 * (a command run after a build must not edit the compiled copy the next build overwrites). A path is read as
 * an import of it from the root would be (project/imports.ts); one leading out of the project names nothing.
 */
function sourceCandidates(file: string, search: ServerAppSearch): string[] {
  const target = importTarget([], "package.json", file.startsWith("./") ? file : `./${file}`);
  if (target === null) return [];
  if (!BUILD_DIRS.test(target)) return modules(moduleCandidates(target), search);
  const sources = [target.replace(BUILD_DIRS, "src/"), target.replace(BUILD_DIRS, "")];
  return [...modules(sources.flatMap(moduleCandidates), search), target];
}

function modules(files: string[], search: ServerAppSearch): string[] {
  return search.jsx ? files : files.filter((file) => !/\.[jt]sx$/.test(file));
}

/**
 * The scripts that may run the app: `start`, `dev`, then their variants (`start:prod`, fastify-cli's
 * `dev:start`, which `dev` runs through concurrently and which may be the only one naming the entry).
 */
function entryCommands(pkg: ServerPackageJson): string[] {
  const scripts = pkg.scripts ?? {};
  const variants = Object.keys(scripts).filter((name) => /^(start|dev):/.test(name));
  return ["start", "dev", ...variants].map((name) => scripts[name]).filter((c): c is string => Boolean(c));
}

/** The sources of the files the start/dev scripts and `main` run, in that order (`node dist/index.js`). */
export function entrySources(pkg: ServerPackageJson, search: ServerAppSearch): string[] {
  const commands = entryCommands(pkg);
  const script = search.jsx ? /^[\w./-]+\.[cm]?[jt]sx?$/ : /^[\w./-]+\.[cm]?[jt]s$/;
  const files = commands.flatMap((command) =>
    command.split(/\s+/).filter((token) => script.test(token) && !token.startsWith("-")),
  );
  if (pkg.main) files.push(pkg.main);
  return files.flatMap((file) => sourceCandidates(file, search));
}

/** The module creating the app: the entry sources, then the usual names, each followed through its imports. */
export function findAppFile(
  reader: ProjectReader,
  pkg: ServerPackageJson,
  search: ServerAppSearch,
): string | undefined {
  const queue = [...entrySources(pkg, search), ...search.commonNames.flatMap((name) => sourceCandidates(name, search))];
  const seen = new Set<string>();
  while (queue.length > 0 && seen.size < 64) {
    const file = queue.shift()!;
    if (seen.has(file) || file.includes("node_modules/")) continue;
    seen.add(file);
    const source = reader.read(file);
    if (source === null) continue;
    if (search.createsApp(source, file)) return file;
    // Its own modules only, by relative imports (the tsconfig aliases are not read here).
    const imported = moduleShape(source, file)
      .references.filter((specifier) => specifier.startsWith("."))
      .map((specifier) => resolveImport(reader, [], file, specifier));
    queue.unshift(
      ...modules(
        imported.filter((found): found is string => found !== null),
        search,
      ),
    );
  }
  return undefined;
}

/** Whether an entry module other than the app's already loads the env file (so the app's need not). */
export function envLoadedElsewhere(
  reader: ProjectReader,
  pkg: ServerPackageJson,
  search: ServerAppSearch,
  appFile: string,
): boolean {
  return entrySources(pkg, search).some((file) => {
    const source = file === appFile ? null : reader.read(file);
    return source !== null && moduleShape(source, file).loadsEnv;
  });
}
