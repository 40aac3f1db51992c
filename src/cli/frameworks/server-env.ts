/**
 * The env loading a Node server target adds at the top of the app's module when its start command loads no
 * env file (`node dist/server.js`), and the lines its remove takes out again: `process.loadEnvFile()` (the
 * environment winning, no file in production) or dotenv's, when the app has dotenv. Shared by the Express,
 * Hono and Fastify mounts and their removes.
 */
import type { SyntaxNode, Ts } from "../edit/ast.js";
import { styledLine } from "../edit/code-style.js";
import { exactLine } from "../edit/remove-lines.js";

export type ServerEnvLoader = "loadEnvFile" | "dotenv" | "none";

/** The lines loading `envFile`, in house style (renderCode puts them in the file's). */
export function envBlock(
  loader: Exclude<ServerEnvLoader, "none">,
  kind: "esm" | "cjs",
  envFile: string,
  typescript: boolean,
): string[] {
  const comment = `// Loads ${envFile} into process.env at start (AUTH_SECRET, provider settings); added by create-auth.`;
  if (loader === "dotenv") return [comment, kind === "esm" ? 'import "dotenv/config";' : 'require("dotenv").config();'];
  const code = typescript ? "(error as NodeJS.ErrnoException).code" : "error.code";
  return [
    comment,
    "// Variables already set in the environment win; without the file (as in production) nothing happens.",
    "try {",
    "  process.loadEnvFile();",
    "} catch (error) {",
    `  if (${code} !== "ENOENT") throw error;`,
    "}",
  ];
}

const ENV_COMMENT =
  /^\/\/ Loads \S+ into process\.env at start \(AUTH_SECRET, provider settings\); added by create-auth\.$/;

/** envBlock's `loadEnvFile` lines, one pattern a line, in any style. */
export const LOAD_ENV_FILE_LINES: readonly RegExp[] = [
  ENV_COMMENT,
  /^\/\/ Variables already set in the environment win; without the file \(as in production\) nothing happens\.$/,
  exactLine("try {"),
  styledLine("process.loadEnvFile();"),
  exactLine("} catch (error) {"),
  /^if \(\(?error(?: as NodeJS\.ErrnoException\))?\)?\.code !== ["']ENOENT["']\) throw error;?$/,
  exactLine("}"),
];

/** envBlock's dotenv lines, ES module or CommonJS. */
export const DOTENV_LINES: readonly RegExp[] = [
  ENV_COMMENT,
  new RegExp(`${styledLine('import "dotenv/config";').source}|${styledLine('require("dotenv").config();').source}`),
];

/** `process.loadEnvFile(…)`: the app already loads its env file itself, so the mount adds no loading of its own. */
export function isLoadEnvFileCall(ts: Ts, node: SyntaxNode): boolean {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return false;
  const callee = node.expression;
  return (
    callee.name.text === "loadEnvFile" && ts.isIdentifier(callee.expression) && callee.expression.text === "process"
  );
}
