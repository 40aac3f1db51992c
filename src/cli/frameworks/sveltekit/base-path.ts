/**
 * SvelteKit's own base path (`kit.paths.base`), which every route of the app, the auth endpoints among them,
 * answers under: read from the app's config as written, for the callback URLs a user registers.
 */
import { parseSyntax, typescript } from "../../edit/ast.js";
import type { ProjectReader } from "../../project/reader.js";

/** Where SvelteKit's options live: svelte.config.js (SvelteKit 2), or the sveltekit() plugin's in vite.config (3). */
const SVELTEKIT_CONFIGS = [
  "svelte.config.js",
  "svelte.config.ts",
  "svelte.config.mjs",
  "vite.config.ts",
  "vite.config.js",
  "vite.config.mjs",
];

/** SvelteKit's `paths.base` when its config sets it as a string literal, else "". */
export function sveltekitBasePath(reader: ProjectReader): string {
  for (const file of SVELTEKIT_CONFIGS) {
    const source = reader.read(file);
    if (source === null) continue;
    const ts = typescript();
    let base = "";
    const visit = (node: import("ts-morph").ts.Node): void => {
      if (
        ts.isPropertyAssignment(node) &&
        ts.isIdentifier(node.name) &&
        node.name.text === "paths" &&
        ts.isObjectLiteralExpression(node.initializer)
      ) {
        for (const property of node.initializer.properties) {
          if (
            ts.isPropertyAssignment(property) &&
            ts.isIdentifier(property.name) &&
            property.name.text === "base" &&
            ts.isStringLiteralLike(property.initializer)
          ) {
            base = property.initializer.text;
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(parseSyntax(source, file));
    if (base) return base.replace(/\/$/, "");
  }
  return "";
}
