/**
 * The one rule for a path that must stay inside the project, in two places:
 * - a path a flag names (`generate --out`, `migrate --migrations`): resolved against the project's root, it
 *   is refused (exit 2, one line) when it leads out: `..` segments, an absolute path elsewhere, or a symlink
 *   on the way (any component of it that exists, dangling or not) that resolves outside, since the command
 *   writes there or runs the SQL it finds there;
 * - a path a plan writes or deletes (`unsafeChangePath`, asked by apply before anything is written, whatever
 *   input the planner took it from: flags, config files, a runtime manifest): it must be a plain relative
 *   path (no `..`, `.` or empty segment, not absolute), its folder must really be inside the project once
 *   every symlink on the way is followed, and the file itself must not be a symlink, even one leading
 *   inside: replacing a link would silently turn it into a file, writing through it would write elsewhere.
 */
import { lstatSync, readlinkSync } from "node:fs";
import path from "node:path";
import { CliError } from "../errors.js";

export interface ProjectPathRule {
  /** The flag, for the message: `--out`. */
  flag: string;
  /** What the path names, for the message: `the migrations folder`. */
  what: string;
  /** Whether the project's folder itself is an answer (`--migrations .`). */
  allowRoot?: boolean;
}

const outside = (relative: string) =>
  relative === ".." || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);

/** Symlinks followed before a path counts as a loop, as the kernel's own limit. */
const MAX_LINKS = 40;

/**
 * Where `absolute` leads on disk: each existing component that is a symlink replaced by its target (a
 * dangling one too: writing through it creates its target), the part not there yet kept as written. Null for
 * a loop. A project held in memory has nothing on disk: its path is its own answer.
 */
function onDisk(absolute: string, links = 0): string | null {
  const parts = absolute.split(path.sep).filter(Boolean);
  let current = path.parse(absolute).root;
  for (const [index, part] of parts.entries()) {
    const next = path.join(current, part);
    let link: boolean;
    try {
      link = lstatSync(next).isSymbolicLink();
    } catch {
      return path.join(next, ...parts.slice(index + 1)); // not there yet: nothing further to follow
    }
    if (link) {
      if (links >= MAX_LINKS) return null;
      // `current` has no links left in it, so the target's `..` may be resolved as text.
      const target = path.resolve(current, readlinkSync(next));
      return onDisk(path.join(target, ...parts.slice(index + 1)), links + 1);
    }
    current = next;
  }
  return current;
}

/** `value` as a `/`-separated path relative to `root` (`.` for the root itself), or a one-line refusal. */
export function projectPath(root: string, value: string, rule: ProjectPathRule): string {
  // A control character (a newline in the value) would break the one line: such a value is shown quoted.
  const shown = /\p{Cc}/u.test(value) ? JSON.stringify(value) : value;
  const refuse = (why: string): never => {
    throw new CliError(
      "InvalidOption",
      `${rule.flag} ${shown} ${why}: ${rule.what} must be inside the app's folder (${root}).`,
    );
  };
  if (value.trim() === "" || value.includes("\0")) refuse("is not a path");
  const absolute = path.resolve(root, value);
  const relative = path.relative(root, absolute);
  if (outside(relative)) refuse("is outside it");
  if (relative === "" && !rule.allowRoot) refuse("is the app's folder itself");
  const realRoot = onDisk(path.resolve(root));
  const real = onDisk(absolute);
  if (realRoot !== null && (real === null || outside(path.relative(realRoot, real))))
    refuse("is a link that leads outside it");
  return relative === "" ? "." : relative.split(path.sep).join("/");
}

/**
 * Why apply must not write or delete `relative` (a plan's `/`-separated path) in the project at `root`, or
 * null when it may. The last line of defence: planners check their inputs too, this holds whatever they do.
 */
export function unsafeChangePath(root: string, relative: string): string | null {
  if (relative === "" || relative.startsWith("/") || /[\\\0]|^[A-Za-z]:/.test(relative))
    return "is not a relative path";
  if (relative.split("/").some((segment) => segment === "" || segment === "." || segment === ".."))
    return "has an empty, . or .. segment";
  const absolute = path.join(root, ...relative.split("/"));
  const realRoot = onDisk(path.resolve(root));
  const realFolder = onDisk(path.dirname(absolute));
  if (realRoot === null || realFolder === null) return "is reached through a symlink loop";
  if (outside(path.relative(realRoot, realFolder)))
    return `is in ${realFolder} once symlinks are followed, outside the project`;
  let link = false;
  try {
    link = lstatSync(absolute).isSymbolicLink();
  } catch {
    // Not there: nothing to follow.
  }
  if (link) return `is a symbolic link (to ${readlinkSync(absolute)}); create-auth writes no file through a link`;
  return null;
}
