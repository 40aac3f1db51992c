/**
 * Semantic Versioning 2.0.0 precedence (§11) and the one kind of range the advisories need: half-open
 * intervals `introduced <= v < fixed`. Small on purpose: the CLI adds no dependency for it.
 */

interface Parsed {
  core: [number, number, number];
  pre: (string | number)[];
}

export function parseVersion(version: string): Parsed | null {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(version.trim());
  if (!match) return null;
  const pre = match[4] ? match[4].split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part)) : [];
  return { core: [Number(match[1]), Number(match[2]), Number(match[3])], pre };
}

/** Negative, zero or positive as `a` precedes, equals or follows `b` (SemVer §11: 1.0.0-beta < 1.0.0). */
export function compareVersions(a: string, b: string): number {
  const x = parseVersion(a);
  const y = parseVersion(b);
  if (!x || !y) throw new Error(`not a version: ${x ? b : a}`);
  for (let i = 0; i < 3; i++) if (x.core[i] !== y.core[i]) return x.core[i]! - y.core[i]!;
  if (x.pre.length === 0 || y.pre.length === 0) return y.pre.length - x.pre.length;
  for (let i = 0; i < Math.max(x.pre.length, y.pre.length); i++) {
    const p = x.pre[i];
    const q = y.pre[i];
    if (p === undefined) return -1;
    if (q === undefined) return 1;
    if (p === q) continue;
    if (typeof p === "number" && typeof q === "number") return p - q;
    if (typeof p === "number") return -1; // numeric identifiers sort before alphanumeric ones
    if (typeof q === "number") return 1;
    return p < q ? -1 : 1;
  }
  return 0;
}

export interface VersionRange {
  /** The first affected version (inclusive). */
  introduced: string;
  /** The first fixed version (exclusive end). */
  fixed: string;
}

export function inRange(version: string, range: VersionRange): boolean {
  return compareVersions(version, range.introduced) >= 0 && compareVersions(version, range.fixed) < 0;
}

/**
 * The lowest version a package.json spec allows, for a package not installed: `15.1.0`, `^15.1.0`,
 * `~15.1.0`, `>=15.1.0` and `=15.1.0` name it; anything else (tags, `*`, git URLs, `||`) gives null.
 */
export function lowestAllowed(spec: string): string | null {
  const match = /^\s*(?:[\^~]|>=|=)?\s*v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\s*$/.exec(spec);
  return match ? match[1]! : null;
}
