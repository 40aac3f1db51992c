/**
 * Where a Nuxt app keeps its Vue app (pages, composables, route middleware): Nuxt's `srcDir`, read as Nuxt 4
 * resolves it. The config's own `srcDir: "…"` (a string literal) wins; otherwise `app/` when that folder holds
 * more than the two files Nuxt 3 kept there (`router.options.ts`, `spa-loading-template.html`), else the root
 * when an `app.vue` sits there (an app still laid out as Nuxt 3's), else `app/`. The server folder is `server/`
 * at the root either way. Pure: reads files, writes nothing.
 */
import type { ProjectReader } from "../../project/reader.js";

const SRC_DIR = /\bsrcDir\s*:\s*(["'`])([^"'`]*)\1/;
/** What Nuxt 3 kept in `app/` while its srcDir was the root: such a folder does not make `app/` the srcDir. */
const NUXT_3_APP_FILES = /^(router\.options\.[cm]?[jt]s|spa-loading-template\.html)$/;

/** `./app/` → `app`, `.` → "" (the root). */
function normalize(dir: string): string {
  return dir.replace(/^\.\/?/, "").replace(/\/+$/, "");
}

export function nuxtAppDir(reader: ProjectReader, config: string | null): string {
  const declared = config === null ? undefined : SRC_DIR.exec(config)?.[2];
  if (declared !== undefined) return normalize(declared);
  if (!reader.isDirectory("app")) return "";
  const entries = [...reader.files("app"), ...reader.directories("app")];
  if (entries.some((name) => !NUXT_3_APP_FILES.test(name))) return "app";
  return reader.exists("app.vue") ? "" : "app";
}
