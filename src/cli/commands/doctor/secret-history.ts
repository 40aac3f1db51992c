/**
 * Was the secret ever committed? A secret that reached git history is known to everyone who can read the
 * repository, even after the file was deleted or the line removed. Every blob reachable from any ref is
 * read once (`git rev-list --all --objects`, then `git cat-file --batch`) and searched for the value here,
 * in this process: the secret never appears on a command line (other users' `ps`) or in a finding, only
 * the commit and path where it was found.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { type Finding, finding, ok } from "../../checks/finding.js";
import type { DoctorContext } from "./context.js";
import { isPlaceholder, secretSource } from "./secret.js";

/** Blobs larger than this (bundles, images, lockfiles of giant monorepos) are not where env values live. */
const MAX_BLOB_BYTES = 4 * 1024 * 1024;

function git(root: string, args: string[], input?: Buffer | string): Buffer | null {
  const result = spawnSync("git", args, {
    cwd: root,
    input,
    maxBuffer: 1024 * 1024 * 1024,
    stdio: ["pipe", "pipe", "ignore"],
  });
  return result.status === 0 ? result.stdout : null;
}

/**
 * The blobs whose content holds `needle`, with one path each was committed at; null when git could not list
 * or read them (an old git without `--filter=object:type=blob`, a broken repository): not the same as none.
 */
export function blobsContaining(root: string, needle: string): { blob: string; path: string }[] | null {
  const listed = git(root, [
    "rev-list",
    "--all",
    "--objects",
    "--filter=object:type=blob",
    "--filter-provided-objects",
  ]);
  if (!listed) return null;
  const paths = new Map<string, string>();
  for (const line of listed.toString("utf8").split("\n")) {
    const space = line.indexOf(" ");
    if (space > 0 && !paths.has(line.slice(0, space))) paths.set(line.slice(0, space), line.slice(space + 1));
  }
  if (paths.size === 0) return [];
  const sizes = git(root, ["cat-file", "--batch-check=%(objectname) %(objectsize)"], [...paths.keys()].join("\n"));
  if (!sizes) return null;
  const wanted = sizes
    .toString("utf8")
    .split("\n")
    .map((line) => line.split(" "))
    .filter(([id, size]) => id && Number(size) <= MAX_BLOB_BYTES)
    .map(([id]) => id!);
  const found: { blob: string; path: string }[] = [];
  const target = Buffer.from(needle, "utf8");
  // Read in batches so one enormous history is never held in memory at once.
  for (let start = 0; start < wanted.length; start += 2000) {
    const out = git(root, ["cat-file", "--batch"], wanted.slice(start, start + 2000).join("\n"));
    if (!out) return null;
    let offset = 0;
    while (offset < out.length) {
      const headerEnd = out.indexOf(10, offset);
      if (headerEnd === -1) break;
      const [id, , size] = out.subarray(offset, headerEnd).toString("utf8").split(" ");
      const length = Number(size);
      const content = out.subarray(headerEnd + 1, headerEnd + 1 + length);
      if (content.includes(target)) found.push({ blob: id!, path: paths.get(id!) ?? "?" });
      offset = headerEnd + 1 + length + 1;
    }
  }
  return found;
}

/** The first commit (oldest) that added `blob`, short id. */
function introducingCommit(root: string, blob: string): string | null {
  const out = git(root, ["log", "--all", "--reverse", "--format=%h", `--find-object=${blob}`]);
  return out?.toString("utf8").split("\n")[0]?.trim() || null;
}

/** The `.git` (a folder, or a file naming one) of the repository the app's folder is in, looking upward; null outside any. */
function dotGit(root: string): string | null {
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, ".git"))) return path.join(dir, ".git");
    if (path.dirname(dir) === dir) return null;
  }
}

/**
 * Whether the history can be read here: null outside any repository (nothing to search), else "readable" or
 * why not. A `.git` that git cannot open is not a clean history: the doctor says it could not look.
 */
function historyAccess(root: string): "readable" | string | null {
  if (!existsSync(root)) return null;
  const entry = dotGit(root);
  if (!entry) return null;
  const probe = spawnSync("git", ["rev-parse", "--is-inside-work-tree"], {
    cwd: root,
    stdio: ["ignore", "pipe", "ignore"],
  });
  if (probe.error)
    return `git could not be run (${(probe.error as NodeJS.ErrnoException).code ?? probe.error.message})`;
  if (probe.status === 0 && probe.stdout.toString("utf8").trim() === "true") return "readable";
  return `git does not read ${entry} as a repository`;
}

export function checkSecretHistory(ctx: DoctorContext): Finding[] {
  const source = secretSource(ctx);
  // A placeholder or a scrap of a value would match all over the history; those are findings of their own.
  if (!source || isPlaceholder(source.value) || source.value.length < 16) return [];
  const access = historyAccess(ctx.root);
  if (access === null) return [];
  if (access !== "readable") {
    return [
      finding(
        "warning",
        "secret.history-unchecked",
        `${access}, so whether ${source.key} was ever committed is unknown.`,
        "make git work here (installed, and `git status` answers in the app's folder), then run auth doctor again",
      ),
    ];
  }
  const hits = blobsContaining(ctx.root, source.value);
  if (hits === null) {
    return [
      finding(
        "warning",
        "secret.history-unchecked",
        `git could not list this repository's history (git 2.32 or later is needed, and a repository without missing objects), so whether ${source.key} was ever committed is unknown.`,
        "update git (or repair the repository: git fsck) and run auth doctor again",
      ),
    ];
  }
  if (hits.length === 0)
    return [ok("secret.not-committed", `${source.key} appears in no commit of any branch or tag.`)];
  const places = hits.map((hit) => {
    const commit = introducingCommit(ctx.root, hit.blob);
    return commit ? `${hit.path} in commit ${commit}` : `${hit.path} (blob ${hit.blob.slice(0, 12)})`;
  });
  return [
    finding(
      "error",
      "secret.committed",
      `${source.key} is in git history: ${places.join(", ")}. Anyone with the repository can read it, even where the file has since changed.`,
      "replace it now (npx create-auth secret; every session is signed out), then treat the old one as public: removing it from history does not unpublish clones",
      hits[0]?.path,
    ),
  ];
}
