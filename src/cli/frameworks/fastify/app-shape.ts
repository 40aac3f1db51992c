/**
 * Reads a Fastify app file for what the Fastify target needs to know, without changing it: whether it is the
 * shape fastify-cli generates (it registers @fastify/autoload over a `plugins` folder, so a file dropped
 * there is registered before the routes with nothing else to edit), and the module syntax it is written in.
 * Pure: source text in, facts out.
 */
import { moduleShape } from "../../edit/ast.js";
import { RUNTIME_PACKAGE_NAME } from "../../runtime-package/plan.js";

/** The runtime's Fastify module, which the plugin init writes registers. */
export const RUNTIME_FASTIFY = `${RUNTIME_PACKAGE_NAME}/fastify`;

export interface FastifyAppShape {
  /** The file registers @fastify/autoload over a folder named `plugins` (fastify-cli's `join(__dirname, 'plugins')`). */
  autoloadsPlugins: boolean;
  /** How the file itself imports: `import` declarations, or `require` calls. */
  moduleKind: "esm" | "cjs";
}

const AUTOLOAD = "@fastify/autoload";
/** The plugins folder as fastify-cli's app names it: a string literal `'plugins'` (`join(__dirname, 'plugins')`). */
const PLUGINS_DIR = /["'`]plugins["'`]/;

/** The shape of a file that reaches Fastify or its autoloader, or null for any other file. */
export function readFastifyApp(source: string, fileName: string): FastifyAppShape | null {
  const shape = moduleShape(source, fileName);
  const reaches = shape.references.some((specifier) => specifier === "fastify" || specifier === AUTOLOAD);
  if (!reaches) return null;
  const autoloads = shape.references.includes(AUTOLOAD);
  const esm = shape.imports.length > 0 || /^\s*export\s/m.test(source);
  return {
    autoloadsPlugins: autoloads && PLUGINS_DIR.test(source),
    moduleKind: esm || /\.m[jt]s$/.test(fileName) ? "esm" : "cjs",
  };
}
