/**
 * The callback URL a user registers with an OAuth provider, exactly as this app serves it in development:
 * the dev server's origin (with the port the app's own dev script sets, `--port 4000`, `-p 4000` or
 * `PORT=4000`), SvelteKit's `kit.paths.base` when the config sets one, then the target's auth base path.
 * Reads files through the reader, writes nothing.
 */

import { parseSyntax, typescript } from "../edit/ast.js";
import type { Target } from "../frameworks/types.js";
import type { ProjectReader } from "../project/reader.js";
import type { PackageJson } from "../project/types.js";

/** The port a script sets for its server, or null: `--port 4000`, `--port=4000`, `-p 4000`, `PORT=4000`. */
export function scriptPort(script: string | undefined): number | null {
  if (!script) return null;
  const match = /(?:^|\s)(?:--port[= ]|-p[= ]?)(\d{2,5})\b|\bPORT=(\d{2,5})\b/.exec(script);
  return match ? Number(match[1] ?? match[2]) : null;
}

/** The scripts that start the app in development, in the order the targets' next steps prefer them. */
const DEV_SCRIPTS = ["dev", "start"];

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

/** The origin the app's dev server listens on: the target's, with the port its dev script sets. */
export function devOrigin(target: Pick<Target, "devOrigin">, pkg: PackageJson): string {
  // The script the app is developed with (`start` only where there is no `dev`: `next start -p` is production).
  const script = DEV_SCRIPTS.find((name) => pkg.scripts?.[name] !== undefined);
  const port = script ? scriptPort(pkg.scripts?.[script]) : null;
  if (!port) return target.devOrigin;
  const url = new URL(target.devOrigin);
  url.port = String(port);
  return url.origin;
}

/** Where the auth endpoints answer in development: `http://localhost:5173/docs/auth`. */
export function authBaseUrl(
  target: Pick<Target, "id" | "devOrigin" | "basePath">,
  reader: ProjectReader,
  pkg: PackageJson,
): string {
  const kitBase = target.id === "sveltekit" ? sveltekitBasePath(reader) : "";
  return `${devOrigin(target, pkg)}${kitBase}${target.basePath}`;
}

export function providerCallbackUrl(authBase: string, providerId: string): string {
  return `${authBase}/callback/${providerId}`;
}
