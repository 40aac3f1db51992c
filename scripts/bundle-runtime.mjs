/**
 * Joins tsc's per-module output in dist/runtime into one file per public entry plus shared chunks, in place.
 *
 * Why: Node's ESM loader pays for every module it resolves, reads, links and evaluates (about 0.3–0.5 ms
 * each on the 2-core machine the benchmarks run on, before any of the module's own code), and a JWT + GitHub
 * app's auth module reached about 70 of them: most of its cold start was the loader. A Node host that does
 * not bundle (Express, a Vite dev server's SSR) pays that on every start; joined, the same code loads in a
 * fraction of the time (bench/cold-start.bench.mjs). Bundling hosts (Next, a Vite production build) join
 * the modules themselves either way.
 *
 * What stays true:
 * - each public entry (`next.js`, `providers/github.js`, `adapters/sqlite.js`, …) keeps its path and its
 *   exports, so the package's `exports` and every import the CLI writes are unchanged;
 * - code reached by the same set of entries shares a chunk (`chunks/<a module of it>.js`), so an app's
 *   closure (src/cli/runtime-package/closure.ts) still holds only what its entries reach, and a lazy
 *   `import()` in the source is still a separate chunk loaded when a request needs it;
 * - comments stay (rollup keeps them), so the package written into an app is still read as source;
 * - declarations are tsc's, one `.d.ts` per module, untouched: the types are the same (and the empty `.js` of a
 *   module of types alone stays beside its `.d.ts`, since a Svelte source's `import type` names it);
 * - Svelte components stay source beside the module that imports them, and Qwik's modules stay files of their
 *   own (Qwik's optimizer transforms them in the app's build), as do modules marked "use client" or
 *   "use server", whose directive must open the file a framework reads, and the modules the CLI imports.
 */
import fs from "node:fs";
import path from "node:path";
import { rollup } from "rollup";

/** The framework integrations: every app the CLI sets up imports one of them. */
const INTEGRATIONS = [
  "next.js",
  "sveltekit.js",
  "express.js",
  "solid-start.js",
  "qwik.js",
  "hono.js",
  "fastify.js",
  "react-router.js",
  "astro.js",
  "nuxt.js",
];

/** Public entries: what the package's `exports` can name (src/cli/runtime-package/entries.ts) and docs import. */
function isEntry(file) {
  return (
    ["index.js", "jwt.js", "refresh.js", "react.js", "client.js", ...INTEGRATIONS].includes(file) ||
    file.startsWith("providers/") ||
    file.startsWith("adapters/") ||
    file.startsWith("qwik/") ||
    file === "sveltekit/client.js" ||
    file === "astro/client.js" ||
    file === "nuxt/session.js" ||
    file === "sveltekit/components.js"
  );
}

/**
 * The modules apps load at start-up, joined into one chunk (`chunks/core.js`): those two or more integrations
 * reach through static imports (what one integration alone reaches goes into its own file). Left to rollup,
 * they would be split by which of the many entries (29 providers, the adapters) also reach each one, into a
 * score of small chunks, a file and a loader's turn each: the Next integration loaded seven beside the core,
 * 20 KB in all, for about 9 ms of its import (Node 20), where the same code in the core costs under one. An
 * app may so parse a few KB of another integration's helpers (26 KB for all of them, next to the core's
 * 245 KB), never run them. Entries and lazily imported modules are never moved.
 */
function startupChunk(runtimeDir) {
  let startup;
  const staticClosure = (root, getModuleInfo) => {
    const seen = new Set();
    const pending = [root];
    while (pending.length > 0) {
      const id = pending.pop();
      if (seen.has(id)) continue;
      seen.add(id);
      pending.push(...(getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  return (id, { getModuleInfo }) => {
    if (startup === undefined) {
      const closures = INTEGRATIONS.map((file) => staticClosure(path.join(runtimeDir, file), getModuleInfo));
      const reached = closures.flatMap((closure) => [...closure]);
      startup = new Set(reached.filter((module) => closures.filter((closure) => closure.has(module)).length >= 2));
    }
    const info = getModuleInfo(id);
    return startup.has(id) && !info?.isEntry && !info?.isExternal ? "core" : undefined;
  };
}

/**
 * Runtime modules the CLI itself imports (one rule with one implementation: the provider env names, the
 * password hashers' parameters, the adapters' SQL): they keep their files too.
 */
function importedByCli(runtimeDir, cliDir) {
  const imported = new Set();
  for (const entry of fs.readdirSync(cliDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
    const file = path.join(entry.parentPath, entry.name);
    for (const [, specifier] of fs.readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
      const target = path.resolve(path.dirname(file), specifier);
      if (specifier.startsWith(".") && target.startsWith(runtimeDir + path.sep)) {
        imported.add(path.relative(runtimeDir, target).split(path.sep).join("/"));
      }
    }
  }
  return imported;
}

/** tsc's output for a module of types alone: nothing runs, and nothing imports it at run time. */
function typeOnly(source) {
  return source.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, "").trim() === "export {};";
}

/** The directive a module opens with ("use client"), which a bundle would otherwise drop. */
function directiveOf(source) {
  const match = /^(?:\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*\n)*(["'])(use (?:client|server))\1;?/.exec(source);
  return match ? match[2] : undefined;
}

/** An import or a re-export from another module: what a bundle drops or hoists. */
const linksModules = (node) =>
  node.type === "ImportDeclaration" ||
  ((node.type === "ExportNamedDeclaration" || node.type === "ExportAllDeclaration") && node.source);

/**
 * Marks where each module's code begins in the file that holds it (`// module: core/csrf.js`), followed by
 * the module's header comment (its one job), which would otherwise go with the imports it sits above: a
 * reader of a chunk knows which source file each part is, and tests can tell which file holds a module.
 */
function moduleMarks(runtimeDir) {
  return {
    name: "module-marks",
    transform(code, id) {
      const body = this.parse(code).body;
      const index = body.findIndex((node) => !linksModules(node));
      if (index === -1) return null;
      const header = code.slice(0, body[0].start).trim();
      // After the imports, before the first statement's own leading comment.
      const at = index === 0 ? body[0].start : body[index - 1].end;
      const file = path.relative(runtimeDir, id).split(path.sep).join("/");
      const mark = `\n// module: ${file}\n${header ? `${header}\n` : ""}`;
      return { code: `${code.slice(body[0].start, at)}${mark}${code.slice(at)}`, map: null };
    },
  };
}

export async function bundleRuntime(runtimeDir, cliDir) {
  const cliModules = importedByCli(runtimeDir, cliDir);
  const modules = fs
    .readdirSync(runtimeDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".js"))
    .map((entry) => path.relative(runtimeDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
  const sources = new Map(modules.map((file) => [file, fs.readFileSync(path.join(runtimeDir, file), "utf8")]));
  const directives = new Map();
  for (const [file, source] of sources) {
    const directive = directiveOf(source);
    if (directive) directives.set(path.join(runtimeDir, file), directive);
  }
  const entries = modules.filter(
    (file) =>
      !typeOnly(sources.get(file)) &&
      (isEntry(file) || cliModules.has(file) || directives.has(path.join(runtimeDir, file))),
  );
  const input = Object.fromEntries(entries.map((file) => [file.slice(0, -".js".length), path.join(runtimeDir, file)]));

  const warnings = [];
  const bundle = await rollup({
    input,
    // Packages (jose, oauth4webapi, next, …), node: builtins and Svelte sources are the app's to resolve.
    external: (id) => (!id.startsWith(".") && !path.isAbsolute(id)) || id.endsWith(".svelte"),
    preserveEntrySignatures: "strict",
    plugins: [moduleMarks(runtimeDir)],
    // Modules with effects at load (a registry filled on import) keep them: the runtime's code, not guesses.
    treeshake: { moduleSideEffects: true, propertyReadSideEffects: true, tryCatchDeoptimization: true },
    onwarn(warning) {
      if (warning.code === "MODULE_LEVEL_DIRECTIVE") return; // put back below, on the file that had it
      warnings.push(`${warning.code}: ${warning.message}`);
    },
  });
  const { output } = await bundle.generate({
    dir: runtimeDir,
    format: "es",
    entryFileNames: "[name].js",
    // Named after the module that opens each chunk, without a content hash: a chunk keeps its path from one
    // release to the next, so `auth update` merges an app's edit into it as it does into any file.
    chunkFileNames: "chunks/[name].js",
    hoistTransitiveImports: false,
    // Chunks export under their own names, so the package reads as the source does.
    minifyInternalExports: false,
    manualChunks: startupChunk(runtimeDir),
    banner: (chunk) => {
      const directive = chunk.facadeModuleId ? directives.get(chunk.facadeModuleId) : undefined;
      return directive ? `"${directive}";` : "";
    },
  });
  await bundle.close();
  if (warnings.length > 0) throw new Error(`bundling dist/runtime warned:\n${warnings.join("\n")}`);

  // Type-only modules stay as tsc wrote them (`export {};`): Svelte sources and declarations name them.
  for (const file of modules) if (!typeOnly(sources.get(file))) fs.rmSync(path.join(runtimeDir, file));
  for (const chunk of output) {
    if (chunk.type !== "chunk") continue;
    const target = path.join(runtimeDir, chunk.fileName);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, chunk.code);
  }
  return { entries: entries.length, chunks: output.filter((chunk) => chunk.type === "chunk" && !chunk.isEntry).length };
}
