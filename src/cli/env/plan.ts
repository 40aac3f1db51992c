/**
 * Plans writes to env files, shared by every command that touches them: secrets go only into a file git
 * ignores (we plan the .gitignore fix when it is not), never into a tracked one; `.env.example` gets the
 * same keys as empty placeholders so teammates know what to set.
 */

import type { IgnoreStatus } from "../detect/git-ignore.js";
import { gitignoreMatches } from "../detect/git-ignore.js";
import { CliError } from "../errors.js";
import type { ProjectReader } from "../plan/reader.js";
import type { FileChange } from "../plan/types.js";
import { addIgnorePattern } from "../transforms/gitignore.js";
import { type EnvEntry, type EnvMergeResult, mergeEnv } from "./merge.js";

export interface SecretsFilePlan {
  changes: FileChange[];
  merge: EnvMergeResult;
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
  const changes: FileChange[] = [];
  const before = reader.read(envFile);
  const merge = mergeEnv(before, options.entries, options.header);
  if (merge.added.length > 0 || merge.replaced.length > 0) {
    changes.push({
      kind: "env-merge",
      path: envFile,
      before,
      after: merge.content,
      added: merge.added,
      replaced: merge.replaced,
      secretKeys: options.secretKeys,
      reason: options.reason,
    });
  }
  if (!envStatus.ignored) {
    const gitignore = reader.read(".gitignore");
    const after = addIgnorePattern(gitignore, options.ignorePattern, "local env files hold secrets: never commit them");
    if (after === "unchanged" || !gitignoreMatches(after, envFile)) {
      throw new CliError(
        "EnvFileTracked",
        `${envFile} is not git-ignored and adding "${options.ignorePattern}" to .gitignore would not ignore it; fix .gitignore so it ignores ${envFile}, then run again.`,
      );
    }
    changes.push(
      gitignore === null
        ? { kind: "create", path: ".gitignore", content: after, reason: `keep ${envFile} out of git` }
        : { kind: "edit", path: ".gitignore", before: gitignore, after, reason: `keep ${envFile} out of git` },
    );
  }
  return { changes, merge };
}

/** `.env.example`: every key, no values. Existing keys (and any values a user put there) are left alone. */
export function planEnvExample(reader: ProjectReader, keys: string[], envFile: string): FileChange[] {
  const path = ".env.example";
  const before = reader.read(path);
  const header = [`Auth settings: copy to ${envFile} and fill in. Generate AUTH_SECRET with: npx create-auth secret`];
  const merge = mergeEnv(
    before,
    keys.map((key) => ({ key, value: "" })),
    header,
  );
  if (merge.added.length === 0) return [];
  return [
    {
      kind: "env-merge",
      path,
      before,
      after: merge.content,
      added: merge.added,
      replaced: [],
      secretKeys: [],
      reason: "placeholders, no secrets",
    },
  ];
}
