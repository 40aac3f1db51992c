/**
 * The files a set of entries needs, computed from the built runtime's own import graph rather than listed
 * by hand, so a module added to the runtime travels with whatever imports it. Two graphs share the walk:
 * - what runs: `.js` modules through their static imports, re-exports and dynamic `import()`, and the Svelte
 *   components they import (shipped as source);
 * - what typechecks: `.d.ts` files through their imports, including type-only ones and `import("…")` type
 *   queries, since a declaration that names a missing file fails the app's typecheck.
 * A Svelte component belongs to both: the app compiles it and its language tools read its types.
 * Only relative specifiers are followed; packages (oauth4webapi, next, …) are the app's own dependencies.
 */
import path from "node:path";
import { CliError } from "../errors.js";
import type { RuntimeEntry } from "./entries.js";
import { moduleSpecifiers } from "./specifiers.js";

/** A built runtime's files by path relative to its root (`core/auth.js`, `sveltekit/SignIn.svelte`). */
export type RuntimeFiles = ReadonlyMap<string, string>;

/** What one of the runtime's files is, for the graph: how its imports resolve. */
type Kind = "js" | "dts" | "svelte";

function kindOf(file: string): Kind | null {
  if (file.endsWith(".d.ts")) return "dts";
  if (file.endsWith(".js")) return "js";
  if (file.endsWith(".svelte")) return "svelte";
  return null;
}

/** The `<script>` blocks of a Svelte component: the only part of it that imports. */
function svelteScripts(source: string): string {
  return [...source.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]).join("\n");
}

/**
 * What each source text names, kept for the process: a process that plans more than once (the tests' in-memory
 * runs, hundreds per worker) walks the same runtime files each time, and a text always names the same modules.
 */
const specifiersOf = new Map<string, readonly string[]>();

/** Every module specifier a file names: imports, re-exports, `import()`, triple-slash paths. */
export function fileSpecifiers(file: string, source: string): string[] {
  const text = kindOf(file) === "svelte" ? svelteScripts(source) : source;
  let specifiers = specifiersOf.get(text);
  if (specifiers === undefined) {
    specifiers = moduleSpecifiers(text);
    specifiersOf.set(text, specifiers);
  }
  return [...specifiers];
}

/**
 * The files a relative specifier stands for, seen from a file of this kind: its module (`x.js`), its
 * declarations (`x.d.ts`; `X.svelte.d.ts` for a component, as TypeScript looks it up), or both.
 */
function candidates(target: string, kind: Kind): string[] {
  const declaration = target.endsWith(".js") ? `${target.slice(0, -".js".length)}.d.ts` : `${target}.d.ts`;
  switch (kind) {
    case "js":
      return [target];
    case "dts":
      return [declaration];
    case "svelte":
      return [target, declaration];
  }
}

/** The files of an entry: its module and its declarations (`x.js`, `x.d.ts`, or `x/index.*`). */
export function entryFiles(files: RuntimeFiles, entry: RuntimeEntry): { module: string; declarations: string } {
  const base = entry === "." ? "index" : entry.slice("./".length);
  for (const stem of [base, `${base}/index`]) {
    if (files.has(`${stem}.js`) && files.has(`${stem}.d.ts`)) {
      return { module: `${stem}.js`, declarations: `${stem}.d.ts` };
    }
  }
  throw new CliError(
    "RuntimeNotBuilt",
    `This CLI's runtime has no module for ${entry} (${base}.js and ${base}.d.ts); rebuild it (npm run build).`,
  );
}

/**
 * The closure of `entries` over the runtime's import graph: every file they import, directly or not, in
 * either graph, sorted. A relative import that names no file of the runtime is a broken build, not a file
 * to skip.
 */
export function runtimeClosure(files: RuntimeFiles, entries: Iterable<RuntimeEntry>): string[] {
  const included = new Set<string>();
  const pending: string[] = [];
  const add = (file: string) => {
    if (included.has(file)) return;
    included.add(file);
    pending.push(file);
  };
  for (const entry of entries) {
    const { module, declarations } = entryFiles(files, entry);
    add(module);
    add(declarations);
  }
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    const kind = kindOf(file);
    if (kind === null) continue;
    for (const specifier of fileSpecifiers(file, files.get(file) ?? "")) {
      if (!specifier.startsWith("./") && !specifier.startsWith("../")) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      for (const candidate of candidates(target, kind)) {
        if (!files.has(candidate)) {
          throw new CliError(
            "RuntimeNotBuilt",
            `This CLI's runtime is incomplete: ${file} imports ${specifier}, but ${candidate} is missing; rebuild it (npm run build).`,
          );
        }
        add(candidate);
      }
    }
  }
  return [...included].sort();
}
