/**
 * Which framework a project uses, and which version, from its own files: dependencies (the app's
 * package.json merged with its workspace root's), the framework's config files, and for Express the file
 * that calls `express()`. Independent of the targets, so the refusal for a framework this build cannot set
 * up yet still names what was found. Which frameworks exist, and the signals of each, are handed in (the
 * registry, frameworks/index.ts, lists them in the order they are recognised).
 *
 * The version is parsed here and nowhere else: `majorOf` gives ProjectInfo's `framework.major`, which targets
 * read (Next's middleware or proxy, SvelteKit 3's env module, SolidStart 1's vinxi). The version is the
 * installed one when node_modules has it (`"latest"` with next 16.1.0 installed → 16), else the declared
 * range without its operator (`"^15.2.0"` → 15); a range that names no number (`latest`, `workspace:*`, a
 * git URL) with nothing installed gives null, and each target says what it does then (the newest major's
 * files). We do not guess a version from a lockfile: what is installed is what runs.
 */
import type { ProjectReader } from "./reader.js";
import type { FrameworkId, PackageJson } from "./types.js";

export interface IdentifiedFramework {
  id: FrameworkId;
  /** The installed version when node_modules has it, else the declared range without its operator. */
  version: string | null;
  /** The package that identified it (`next`, `@builder.io/qwik-city`, …), or null when only files did. */
  packageName: string | null;
  /** What was found, in words: `next in package.json`, `svelte.config.js`, `express() in src/app.ts`. */
  evidence: string[];
}

/** `next.config` → its names in every extension a framework config may have. */
export const configNames = (stem: string): string[] => ["ts", "mts", "js", "mjs", "cjs"].map((ext) => `${stem}.${ext}`);
export const VITE_CONFIGS = configNames("vite.config");

/**
 * How a framework is recognised (each framework's facts, handed in by the frameworks registry: the ground
 * names no framework): the packages that declare it, and config files that identify it.
 */
export interface FrameworkSignals {
  id: FrameworkId;
  /** In order of preference: the first declared one gives the version. */
  packages: readonly string[];
  /**
   * Config files that identify the framework: any content, or content matching `pattern`; `says` names
   * what the pattern found, for the evidence (`express()` → "express() in src/app.ts").
   */
  files: readonly { names: readonly string[]; pattern?: RegExp; says?: string }[];
}

/** The range package.json declares for a package (dependencies first), or undefined. */
export function declared(pkg: PackageJson, name: string): string | undefined {
  return pkg.dependencies?.[name] ?? pkg.devDependencies?.[name];
}

/** The installed version (the app's node_modules, then the workspace root's), else the declared one. */
export function packageVersion(
  reader: ProjectReader,
  pkg: PackageJson,
  name: string,
  workspaceRoot: string | null = null,
): string | null {
  for (const dir of workspaceRoot ? ["", `${workspaceRoot}/`] : [""]) {
    const installed = reader.read(`${dir}node_modules/${name}/package.json`);
    if (!installed) continue;
    try {
      const version = (JSON.parse(installed) as { version?: unknown }).version;
      if (typeof version === "string") return version;
    } catch {
      // A broken install: fall back to the declared range.
    }
  }
  const declaredRange = declared(pkg, name);
  if (declaredRange === undefined) return null;
  const range = declaredRange.startsWith("catalog:")
    ? catalogRange(reader.read(`${workspaceRoot ? `${workspaceRoot}/` : ""}pnpm-workspace.yaml`), declaredRange, name)
    : declaredRange;
  if (range === null) return null;
  // `^16.4.6` → `16.4.6`; `workspace:*`, `latest` or a git URL say nothing about the version.
  const bare = /^[\^~>=<v\s]*(\d+(\.\d+){0,2}[^\s|]*)/.exec(range);
  return bare ? bare[1]! : null;
}

/**
 * The range a pnpm catalog gives a package (`"next": "catalog:"` in package.json, the range in
 * pnpm-workspace.yaml's `catalog:`, or `catalogs: <name>:` for `catalog:<name>`), or null.
 */
export function catalogRange(yaml: string | null, reference: string, name: string): string | null {
  if (yaml === null) return null;
  const catalog = reference.slice("catalog:".length);
  const lines = yaml.split("\n");
  const indentOf = (line: string) => line.length - line.trimStart().length;
  const unquote = (text: string) => text.trim().replace(/^(["'])(.*)\1$/, "$2");
  // The block's header: top-level `catalog:`, or `<name>:` directly under top-level `catalogs:`.
  let start = -1;
  if (catalog === "" || catalog === "default") start = lines.findIndex((line) => /^catalog:\s*(#.*)?$/.test(line));
  if (start === -1) {
    const catalogs = lines.findIndex((line) => /^catalogs:\s*(#.*)?$/.test(line));
    const name = catalog || "default";
    for (
      let i = catalogs + 1;
      catalogs !== -1 && i < lines.length && (lines[i]!.trim() === "" || indentOf(lines[i]!) > 0);
      i++
    ) {
      if (unquote(lines[i]!.trim().replace(/:\s*(#.*)?$/, "")) === name && lines[i]!.trim().endsWith(":")) start = i;
    }
  }
  if (start === -1) return null;
  const blockIndent = indentOf(lines[start]!);
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    if (indentOf(line) <= blockIndent) break;
    const entry = /^\s*(["']?[^"':\s]+["']?)\s*:\s*(.+?)\s*(#.*)?$/.exec(line);
    if (entry && unquote(entry[1]!) === name) return unquote(entry[2]!);
  }
  return null;
}

function fileEvidence(reader: ProjectReader, signals: FrameworkSignals): string[] {
  const found: string[] = [];
  for (const { names, pattern, says } of signals.files) {
    for (const name of names) {
      const text = reader.read(name);
      if (text === null || (pattern && !pattern.test(text))) continue;
      found.push(says ? `${says} in ${name}` : name);
      break;
    }
  }
  return found;
}

/**
 * The project's framework: the first (in the order `frameworks` lists them) declared as a dependency;
 * failing that, the first whose config files are present. Null when nothing points at a framework.
 */
export function identifyFramework(
  reader: ProjectReader,
  pkg: PackageJson,
  frameworks: readonly FrameworkSignals[],
  workspaceRoot: string | null = null,
): IdentifiedFramework | null {
  let byFiles: IdentifiedFramework | null = null;
  for (const signals of frameworks) {
    const packageName = signals.packages.find((name) => declared(pkg, name) !== undefined) ?? null;
    const files = fileEvidence(reader, signals);
    if (packageName) {
      return {
        id: signals.id,
        version: packageVersion(reader, pkg, packageName, workspaceRoot),
        packageName,
        evidence: [`${packageName} in package.json`, ...files],
      };
    }
    if (files.length > 0 && !byFiles) byFiles = { id: signals.id, version: null, packageName: null, evidence: files };
  }
  return byFiles;
}

/** The major version as a number (`"16.4.6"` → 16), or null when unknown: ProjectInfo's `framework.major`. */
export function majorOf(version: string | null): number | null {
  const major = version ? Number.parseInt(version, 10) : Number.NaN;
  return Number.isNaN(major) ? null : major;
}

/** The minor version (`"15.5.2"` → 5; 0 when the version names none), for the rare feature a minor brings. */
export function minorOf(version: string | null): number {
  return Number.parseInt(version?.split(".")[1] ?? "", 10) || 0;
}
