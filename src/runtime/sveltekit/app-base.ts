/**
 * The app's `paths.base` ("" or `/a/b`), read from `$app/paths` in a way both SvelteKit majors build.
 * SvelteKit 2 exports it as `base`; SvelteKit 3 removed that export (its `$app/paths` has `asset`,
 * `resolve` and `match` only), so there it is `resolve("/")` without the trailing slash. Both are read
 * through the namespace, so neither major's build sees an import of a name it lacks.
 */
import * as paths from "$app/paths";

/**
 * `${base}/` as SvelteKit answers it, or undefined without either export. Caveat: with `paths.relative`
 * (the default) SvelteKit 3's `resolve` answers relative to the request being served (`./`, `../..`), and
 * with hash routing its client answers `#/`: callers treat an answer not starting with `/` accordingly.
 */
export function appRoot(): string | undefined {
  const exported: { base?: unknown; resolve?: unknown } = paths;
  if (typeof exported.base === "string") return `${exported.base}/`;
  if (typeof exported.resolve !== "function") return undefined;
  // Typed per app (route ids and their params); "/" is a plain pathname in every app.
  return (exported.resolve as (path: string) => string)("/");
}

/** The base path, "" when SvelteKit did not answer with an absolute path. For the browser. */
export function appBase(): string {
  const root = appRoot();
  return root?.startsWith("/") ? root.replace(/\/+$/, "") : "";
}
