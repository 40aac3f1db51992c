/**
 * Astro's request chain: `auth.middleware` first in the app's `onRequest` (src/middleware.ts, or
 * src/middleware/index.ts), through `sequence` from "astro:middleware", so `Astro.locals.session` is set
 * before the app's own middleware and every page run. The transform is the shared one
 * (edit/sequence-first.ts); this is Astro's data for it, and where the app's middleware lives.
 */
import path from "node:path";
import type { SequenceChain } from "../../edit/sequence-first.js";
import type { ProjectReader } from "../../project/reader.js";

export const ASTRO_MIDDLEWARE: SequenceChain = {
  fileName: "middleware.ts",
  exportName: "onRequest",
  sequenceModule: "astro:middleware",
  imported: "auth",
  local: "auth",
  member: ".middleware",
  appName: "appOnRequest",
  comment: "// Auth first: it sets `Astro.locals.session` for the middleware after it and for every page and endpoint.",
};

/**
 * The app's middleware file in its source folder (Astro reads `middleware.{ts,js}` there, or
 * `middleware/index.{ts,js}`), and how it imports the auth module beside it; the project's language when
 * there is none yet.
 */
export function astroMiddleware(
  reader: ProjectReader,
  authFile: string,
  language: string,
): { path: string; authImport: string } {
  const source = path.posix.dirname(authFile);
  const at = (file: string) => (source === "." ? file : `${source}/${file}`);
  const candidates = ["ts", "js"].flatMap((ext) => [`middleware.${ext}`, `middleware/index.${ext}`]);
  const existing = candidates.map(at).find((file) => reader.exists(file));
  const file = existing ?? at(`middleware.${language}`);
  return { path: file, authImport: file.includes("/middleware/") ? "../auth" : "./auth" };
}
