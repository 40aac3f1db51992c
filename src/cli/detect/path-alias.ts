/**
 * Path aliases from tsconfig.json / jsconfig.json `compilerOptions.paths` (following relative `extends`),
 * so generated files import the auth module the way the project already imports its own code (`@/auth`).
 */
import path from "node:path";
import type { ProjectReader } from "../plan/reader.js";

export interface PathAlias {
  /** The import prefix, e.g. "@/". */
  prefix: string;
  /** The directory it maps to, relative to the project root ("" for the root itself), `/`-separated. */
  directory: string;
}

/** tsconfig files are JSONC: drop comments and trailing commas (outside strings) before parsing. */
export function parseJsonc(text: string): unknown {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j;
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      out += "\n";
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 1;
    } else out += c;
  }
  return JSON.parse(out.replace(/,(\s*[}\]])/g, "$1"));
}

interface CompilerOptions {
  baseUrl?: string;
  paths?: Record<string, string[]>;
}

/** compilerOptions after following relative `extends` (nearest file wins), with the dir they are relative to. */
function resolveOptions(reader: ProjectReader, file: string, depth = 0): { options: CompilerOptions; dir: string } {
  const text = reader.read(file);
  if (text === null || depth > 5) return { options: {}, dir: path.posix.dirname(file) };
  let config: { extends?: unknown; compilerOptions?: CompilerOptions };
  try {
    config = parseJsonc(text) as typeof config;
  } catch {
    return { options: {}, dir: path.posix.dirname(file) };
  }
  const dir = path.posix.dirname(file);
  let base: { options: CompilerOptions; dir: string } = { options: {}, dir };
  if (typeof config.extends === "string" && config.extends.startsWith(".")) {
    const parent = path.posix.normalize(path.posix.join(dir, config.extends));
    base = resolveOptions(reader, parent.endsWith(".json") ? parent : `${parent}.json`, depth + 1);
  }
  const own = config.compilerOptions ?? {};
  // `paths` is resolved against the file that declares it (or its baseUrl).
  if (own.paths) return { options: { ...base.options, ...own }, dir };
  return { options: { ...base.options, ...own }, dir: base.options.paths ? base.dir : dir };
}

export function detectPathAliases(reader: ProjectReader): PathAlias[] {
  const file = reader.exists("tsconfig.json")
    ? "tsconfig.json"
    : reader.exists("jsconfig.json")
      ? "jsconfig.json"
      : null;
  if (!file) return [];
  const { options, dir } = resolveOptions(reader, file);
  const aliases: PathAlias[] = [];
  for (const [pattern, targets] of Object.entries(options.paths ?? {})) {
    const target = targets[0];
    if (!pattern.endsWith("/*") || !target?.endsWith("/*")) continue;
    const baseDir = path.posix.join(dir, options.baseUrl ?? ".");
    const directory = path.posix.normalize(path.posix.join(baseDir, target.slice(0, -2)));
    aliases.push({ prefix: pattern.slice(0, -1), directory: directory === "." ? "" : directory });
  }
  return aliases;
}
