/**
 * New files in the app's own style: an app that formats with Prettier (its own install and config, e.g. the
 * tabs, single quotes and `prettier --check .` of `sv create`'s add-on) fails its own format check on files
 * written in ours. As `sv add` and the shadcn CLI do, every new file a command writes from a template (the
 * planner's owned files and the files an edit creates, never the vendored runtime, never a user's file we edit)
 * goes through the app's Prettier, with the config and ignore files Prettier itself would use there.
 *
 * Formatting is async and the planner is pure and sync, so it happens at plan time in two passes: the first
 * plan asks (appFormatted records each path and text), the texts are formatted, and the second plan takes the
 * formatted ones from the cache. So the plan shown, the diff, what is written and the record of it agree, and
 * a later command comparing a file to what it would write (a second init, remove) compares formatted text.
 * Prettier is resolved from the app's folder, never bundled or installed; when it fails (a plugin missing, a
 * syntax it cannot parse, a Prettier the app lists that will not load) our text stays and the plan says so in
 * one note. Outside a session (planner unit tests, an app without Prettier) texts pass through unchanged.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Plan } from "./types.js";

/** The part of Prettier's API (2.x and 3.x) used here. */
interface AppPrettier {
  version: string;
  format(source: string, options: Record<string, unknown>): string | Promise<string>;
  resolveConfig(file: string, options: { editorconfig: boolean }): Promise<Record<string, unknown> | null>;
  resolveConfigFile(file: string): Promise<string | null>;
  getFileInfo(
    file: string,
    options: { ignorePath: string | string[]; plugins?: unknown; resolveConfig: boolean },
  ): Promise<{ ignored: boolean; inferredParser: string | null }>;
}

interface Session {
  /** `path\0text` → the text to write (formatted, or ours when Prettier leaves the file alone or fails). */
  formatted: Map<string, string>;
  wanted: Map<string, { file: string; content: string }>;
}

let session: Session | null = null;

const key = (file: string, content: string) => `${file}\0${content}`;

/** The text to write for a new file: the app's style when a session has formatted it, else `content` as is. */
export function appFormatted(file: string, content: string): string {
  if (session === null) return content;
  const done = session.formatted.get(key(file, content));
  if (done !== undefined) return done;
  session.wanted.set(key(file, content), { file, content });
  return content;
}

const hasApi = (candidate: Partial<AppPrettier> | undefined): candidate is AppPrettier =>
  typeof candidate?.format === "function" &&
  typeof candidate.resolveConfig === "function" &&
  typeof candidate.resolveConfigFile === "function" &&
  typeof candidate.getFileInfo === "function";

/** Whether the app's package.json lists Prettier among its own dependencies (not one that came with another). */
function declaresPrettier(root: string): boolean {
  try {
    const manifest = JSON.parse(readFileSync(path.join(path.resolve(root), "package.json"), "utf8")) as Record<
      string,
      unknown
    >;
    return ["dependencies", "devDependencies"].some(
      (field) => typeof manifest[field] === "object" && manifest[field] !== null && "prettier" in manifest[field],
    );
  } catch {
    return false;
  }
}

/**
 * The app's own Prettier when it has one installed and a config for it; null when it has none; the reason
 * when the Prettier its package.json lists is there but cannot be loaded (a broken install, an API this
 * code does not know), which the plan then says instead of silently writing files the app's check rejects.
 */
export async function loadAppPrettier(root: string): Promise<AppPrettier | { failed: string } | null> {
  let entry: string;
  try {
    entry = createRequire(path.join(path.resolve(root), "package.json")).resolve("prettier");
  } catch {
    return null;
  }
  const failed = (why: string) => (declaresPrettier(root) ? { failed: why } : null);
  try {
    const loaded = (await import(pathToFileURL(entry).href)) as AppPrettier & { default?: AppPrettier };
    // Prettier 3's ESM entry names every function; Prettier 2's CommonJS one, imported, names only what Node's
    // CommonJS lexer finds (`format`, not `resolveConfigFile`): its whole API is the default export.
    const prettier = [loaded, loaded.default].find(hasApi);
    if (!prettier) return failed("it has no format, resolveConfig, resolveConfigFile and getFileInfo");
    // Prettier looks for its config from the file up; the package.json is where a new file's search starts too.
    return (await prettier.resolveConfigFile(path.join(path.resolve(root), "package.json"))) ? prettier : null;
  } catch (error) {
    return failed(firstLine(error));
  }
}

const firstLine = (error: unknown): string => String((error as Error)?.message ?? error).split("\n")[0] ?? "";

/**
 * The config's plugins named as packages, resolved from the config's folder as the app's `prettier` command
 * does from there: Prettier's API resolves them from the process's cwd, which may be anywhere (`init ./app`).
 * A name that does not resolve is left for Prettier to report.
 */
function pluginsFrom(configFile: string, plugins: unknown): unknown {
  if (!Array.isArray(plugins)) return plugins;
  const require = createRequire(configFile);
  return plugins.map((plugin) => {
    if (typeof plugin !== "string" || path.isAbsolute(plugin)) return plugin;
    try {
      return require.resolve(plugin);
    } catch {
      return plugin;
    }
  });
}

/**
 * `content` formatted as the app's Prettier formats `file` (relative to `root`), or `content` itself when the
 * app's ignore files exclude it or Prettier has no parser for it. Throws what Prettier throws.
 */
export async function formatAsApp(prettier: AppPrettier, root: string, file: string, content: string) {
  const absolute = path.join(path.resolve(root), file);
  const configFile = await prettier.resolveConfigFile(absolute);
  if (configFile === null) return content;
  const config = (await prettier.resolveConfig(absolute, { editorconfig: true })) ?? {};
  const options = { ...config, plugins: pluginsFrom(configFile, config.plugins), filepath: absolute };
  // `prettier --check .` skips what .gitignore and .prettierignore list (3.x); 2.x reads only .prettierignore.
  const ignores = [".gitignore", ".prettierignore"].map((name) => path.join(path.resolve(root), name));
  // resolveConfig: a parser given by the config's `overrides` counts, as it does for `prettier --check`.
  const info = await prettier.getFileInfo(absolute, {
    ignorePath: prettier.version.startsWith("2.") ? ignores[1]! : ignores,
    plugins: options.plugins,
    resolveConfig: true,
  });
  if (info.ignored || !info.inferredParser) return content;
  return await prettier.format(content, options);
}

/**
 * Plans with every new file in the app's style: plans once to learn the new files, formats them with the
 * app's Prettier, and plans again taking the formatted texts. Without Prettier in the app, plans once.
 * `notesOf`: where the result keeps the notes a plan prints (a Plan's own by default).
 */
export async function planInAppStyle<T = Plan>(
  root: string,
  plan: () => T,
  notesOf: (result: T) => string[] = (result) => (result as Plan).notes,
): Promise<T> {
  const prettier = await loadAppPrettier(root);
  if (prettier === null) return plan();
  if ("failed" in prettier) {
    // One plan, in our style, noting it only when there are new files it would have formatted.
    const current: Session = { formatted: new Map(), wanted: new Map() };
    session = current;
    try {
      const result = plan();
      if (current.wanted.size > 0)
        notesOf(result).push(
          `the app's Prettier could not be loaded (${prettier.failed}), so create-auth's files are in its own style: run the app's formatter if its check complains.`,
        );
      return result;
    } finally {
      session = null;
    }
  }
  const current: Session = { formatted: new Map(), wanted: new Map() };
  const failed: string[] = [];
  session = current;
  try {
    const first = plan();
    if (current.wanted.size === 0) return first;
    for (const [at, { file, content }] of current.wanted) {
      try {
        current.formatted.set(at, await formatAsApp(prettier, root, file, content));
      } catch (error) {
        failed.push(`${file} (${firstLine(error)})`);
        current.formatted.set(at, content);
      }
    }
    current.wanted.clear();
    const second = plan();
    if (failed.length > 0) {
      notesOf(second).push(
        `the app's Prettier could not format ${failed.join(", ")}; written in create-auth's style: run the app's formatter on ${failed.length === 1 ? "it" : "them"}.`,
      );
    }
    return second;
  } finally {
    session = null;
  }
}
