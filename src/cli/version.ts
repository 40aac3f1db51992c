/**
 * The CLI's own version, read from its package.json next to `dist/`. It is also the version stamped on
 * the runtime package written into host projects, so `auth update` can compare the two.
 */
import { readFileSync } from "node:fs";

let cached: { version: string; dependencies: Record<string, string> } | undefined;

/** The CLI package's manifest fields the CLI itself needs (version and dependency ranges). */
export function cliPackage(): { version: string; dependencies: Record<string, string> } {
  if (!cached) {
    const url = new URL("../../package.json", import.meta.url);
    const parsed = JSON.parse(readFileSync(url, "utf8")) as { version: string; dependencies?: Record<string, string> };
    cached = { version: parsed.version, dependencies: parsed.dependencies ?? {} };
  }
  return cached;
}
