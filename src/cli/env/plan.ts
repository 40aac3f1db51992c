/**
 * Plans writes to env files, shared by every command that touches them: secrets go only into a file git
 * ignores (we plan the .gitignore fix when it is not), never into a tracked one; `.env.example` gets the
 * same keys as empty placeholders so teammates know what to set.
 */

import { addIgnorePattern } from "../edit/gitignore.js";
import { CliError } from "../errors.js";
import type { EditFileStep, FileStep } from "../plan/planner.js";
import type { FileChange } from "../plan/types.js";
import type { IgnoreStatus } from "../project/git-ignore.js";
import { gitignoreMatches } from "../project/git-ignore.js";
import type { ProjectReader } from "../project/reader.js";
import { assignedKeys, type EnvEntry, type EnvMergeResult, mergeEnv } from "./merge.js";

/** A pattern .gitignore must gain, with the comment above it and what it keeps out of git (for the reason). */
export interface IgnoreEntry {
  pattern: string;
  comment: string;
  what: string;
}

export interface SecretsFilePlan {
  steps: FileStep[];
  merge: EnvMergeResult;
  /** The pattern .gitignore needs so the env file is ignored; null when git already ignores it. */
  ignore: IgnoreEntry | null;
}

/**
 * One edit of .gitignore adding every pattern in order: "keep .env.local and the SQLite auth database out of
 * git". A .gitignore that does not exist yet starts with `starter`: what the framework's own starter ignores
 * (dependencies, build output, logs), so the new file does not leave those to be committed.
 */
export function ignoreStep(entries: readonly IgnoreEntry[], starter: readonly string[] = []): EditFileStep {
  const transform = (source: string) => {
    let text: string | null = source;
    let changed = false;
    for (const entry of entries) {
      const after = addIgnorePattern(text, entry.pattern, entry.comment);
      if (after !== "unchanged") [text, changed] = [after, true];
    }
    return changed ? (text as string) : "unchanged";
  };
  const starterBlock =
    starter.length > 0 ? `# What the framework's own starter keeps out of git\n${starter.join("\n")}\n` : "";
  // `!pattern` entries say what they let in ("commit .env.example"); the others are kept out.
  const kept = entries.filter((entry) => !entry.pattern.startsWith("!")).map((entry) => entry.what);
  const letIn = entries.filter((entry) => entry.pattern.startsWith("!")).map((entry) => entry.what);
  const reason = (also: string[]) =>
    [...(kept.length + also.length > 0 ? [`keep ${[...also, ...kept].join(" and ")} out of git`] : []), ...letIn].join(
      "; ",
    );
  return {
    kind: "edit",
    path: ".gitignore",
    reason: reason([]),
    transform,
    create: {
      content: () => transform(starterBlock) as string,
      reason: reason(starter.length > 0 ? ["dependencies, build output"] : []),
    },
  };
}

export function planSecretsFile(options: {
  reader: ProjectReader;
  envFile: string;
  envStatus: IgnoreStatus;
  ignorePattern: string;
  entries: EnvEntry[];
  header: string[];
  secretKeys: string[];
  reason: string;
}): SecretsFilePlan {
  const { reader, envFile, envStatus } = options;
  if (envStatus.tracked) {
    throw new CliError(
      "EnvFileTracked",
      `${envFile} is tracked by git, so a secret written there would be committed; untrack it first (git rm --cached ${envFile}) and run again.`,
    );
  }
  const steps: FileStep[] = [];
  const before = reader.read(envFile);
  const merge = mergeEnv(before, options.entries, options.header, envFile);
  if (merge.added.length > 0 || merge.replaced.length > 0) {
    const change: FileChange = {
      kind: "env-merge",
      path: envFile,
      before,
      after: merge.content,
      added: merge.added,
      replaced: merge.replaced,
      // The file holds secrets: the user's own keys (a Stripe key, a database URL) too, and a diff shows them
      // as context around the lines added, so every value in it is hidden, not only the ones named here.
      secretKeys: [...new Set([...options.secretKeys, ...assignedKeys(before)])],
      reason: options.reason,
    };
    steps.push({ kind: "change", change });
  }
  let ignore: IgnoreEntry | null = null;
  if (!envStatus.ignored) {
    ignore = {
      pattern: options.ignorePattern,
      comment: "local env files hold secrets: never commit them",
      what: envFile,
    };
    const after = addIgnorePattern(reader.read(".gitignore"), ignore.pattern, ignore.comment);
    if (after === "unchanged" || !gitignoreMatches(after, envFile)) {
      throw new CliError(
        "EnvFileTracked",
        `${envFile} is not git-ignored and adding "${options.ignorePattern}" to .gitignore would not ignore it; fix .gitignore so it ignores ${envFile}, then run again.`,
      );
    }
  }
  return { steps, merge, ignore };
}

/**
 * `.env.example`: every key, no values. Existing keys (and any values a user put there) are left alone. New keys
 * go under `header` (by default, how to fill the file in), each below its comment in `comments` if it has one
 * (what goes in it, as in the env file).
 */
export function planEnvExample(
  reader: ProjectReader,
  keys: string[],
  envFile: string,
  header: string[] = [
    `Auth settings: copy to ${envFile} and fill in. Generate AUTH_SECRET with: openssl rand -base64 32`,
    `(npx create-auth secret does the same and writes it into ${envFile}).`,
  ],
  comments: ReadonlyMap<string, string> = new Map(),
): FileStep[] {
  const path = ".env.example";
  const before = reader.read(path);
  const merge = mergeEnv(
    before,
    keys.map((key) => ({ key, value: "", comment: comments.get(key) })),
    header,
    path,
  );
  if (merge.added.length === 0) return [];
  const change: FileChange = {
    kind: "env-merge",
    path,
    before,
    after: merge.content,
    added: merge.added,
    replaced: [],
    secretKeys: [],
    reason: "placeholders, no secrets",
  };
  return [{ kind: "change", change }];
}
