/**
 * The env side of `auth remove`, the reverse of commands/init/env-and-runtime.ts: the env file loses the keys init
 * added while they are still blank (a value the user set stays and is reported, as remove-provider does),
 * and the values create-auth itself wrote inside its own blocks (the AUTH_SECRET init or `auth secret`
 * generated, the default SQLite file name); `.env.example` its placeholders; `.gitignore` the patterns init appended, except the one that
 * keeps an env file that stays (with values in it) out of git. Both env files follow one rule for headers:
 * every header create-auth wrote (init's, add-provider's) goes with its keys unless a kept key is under it.
 * A file left with nothing is deleted. Pure.
 */

import { DATABASE_DRIVERS } from "../../database/drivers.js";
import { removeIgnorePattern } from "../../edit/gitignore-remove.js";
import { assignedKeys, envReading, readsAsExpected, splitLines, unsafeEnvEdit, withValue } from "../../env/merge.js";
import { removeEnvKeys } from "../../env/remove.js";
import { SECRET_HEADER } from "../../env/secret.js";
import type { FileChange } from "../../plan/types.js";
import { PROVIDERS } from "../../providers/catalog.js";
import { envKeyComments } from "../../providers/env-help.js";
import { ENV_HEADER, EXAMPLE_UNIGNORE, SQLITE_IGNORE } from "../init/env-and-runtime.js";
import { envHeader } from "../providers/env-keys.js";
import type { RemoveSetup } from "./setup.js";

/**
 * The values create-auth writes itself, by the header of the block it writes them in: init's block (the
 * AUTH_SECRET it generated, the default SQLite file name) and the one `auth secret` appends when the file
 * has no AUTH_SECRET. Still under their header, they are create-auth's, not the user's.
 */
const sqlite = DATABASE_DRIVERS.sqlite;
const OWN_VALUES: Record<string, Record<string, (value: string) => boolean>> = {
  [ENV_HEADER]: { AUTH_SECRET: () => true, [sqlite.envKey]: (value) => value === sqlite.envValue },
  [SECRET_HEADER]: { AUTH_SECRET: () => true },
};

/** The comment init puts above the env file's .gitignore pattern (env/plan.ts planSecretsFile). */
const ENV_IGNORE_COMMENT = "local env files hold secrets: never commit them";
const STARTER_HEADER = "# What the framework's own starter keeps out of git";

/**
 * The headers add-provider writes above a provider's keys, in both env files: every provider's, since the auth
 * module may no longer name one whose block is still there. removeEnvKeys takes a header only with its keys.
 */
const PROVIDER_HEADERS = PROVIDERS.map(envHeader);

/** The comments above the providers' keys beyond a client's id and secret (every provider's, as for the headers). */
const KEY_COMMENTS = envKeyComments(PROVIDERS);

export interface EnvRemoval {
  changes: FileChange[];
  /** Keys with a value the user set: kept, with their file. */
  keptKeys: { file: string; key: string }[];
  notes: string[];
}

/** Blanks the values create-auth wrote in its own blocks (under its header, up to the next blank line). */
function blankOwnValues(source: string, file: string): string {
  const lines = splitLines(source);
  const blanked = new Set<string>();
  for (const [header, values] of Object.entries(OWN_VALUES)) {
    const start = lines.findIndex((line) => line.key === null && line.text.trim() === `# ${header}`);
    if (start === -1) continue;
    for (let index = start + 1; index < lines.length && lines[index]!.text.trim() !== ""; index++) {
      const line = lines[index]!;
      const owned = line.key ? values[line.key] : undefined;
      if (line.key && owned?.(line.value)) {
        line.text = withValue(line, "");
        blanked.add(line.key);
      }
    }
  }
  if (blanked.size === 0) return source;
  // The later lines of a blanked value (a quoted one across lines) go with it: left, they would be stray text.
  const after = lines
    .filter((line) => line.continues === null || !blanked.has(line.continues))
    .map((line) => line.text + line.eol)
    .join("");
  const reading = envReading(after);
  if (!readsAsExpected(source, after, new Map([...blanked].map((key) => [key, reading.get(key)]))))
    throw unsafeEnvEdit(file, `blanking ${[...blanked].join(", ")}`);
  return after;
}

function envChange(path: string, before: string, after: string, removed: string[], secret: boolean): FileChange {
  if (after.trim() === "")
    return { kind: "delete", path, before, reason: `only create-auth's settings were in it (${removed.join(", ")})` };
  return {
    kind: "env-merge",
    path,
    before,
    after,
    added: [],
    replaced: [],
    // Context lines of the diff may show any other key: every value stays hidden.
    secretKeys: secret ? assignedKeys(before) : [],
    reason: `- ${removed.join(", ")}`,
  };
}

export function planEnvRemoval(setup: RemoveSetup, keys: readonly string[]): EnvRemoval {
  const { reader, info, init, target } = setup;
  const removal: EnvRemoval = { changes: [], keptKeys: [], notes: [] };
  let envGone = true;
  const envBefore = reader.read(info.envFile);
  if (envBefore !== null) {
    const result = removeEnvKeys(
      blankOwnValues(envBefore, info.envFile),
      ["AUTH_SECRET", ...keys],
      [ENV_HEADER, SECRET_HEADER, init.env.productionHint, ...PROVIDER_HEADERS],
      info.envFile,
      KEY_COMMENTS,
    );
    // A kept key keeps its line as the user has it: blanking touched only values init wrote, which go.
    removal.keptKeys.push(...result.kept.map((key) => ({ file: info.envFile, key })));
    if (result.removed.length > 0) {
      const change = envChange(info.envFile, envBefore, result.content, result.removed, true);
      removal.changes.push(change);
      envGone = change.kind === "delete";
    } else envGone = false;
  }

  const exampleBefore = reader.read(".env.example");
  if (exampleBefore !== null) {
    const headers = [
      `Auth settings: copy to ${info.envFile} and fill in. Generate AUTH_SECRET with: openssl rand -base64 32`,
      `(npx create-auth secret does the same and writes it into ${info.envFile}).`,
      ...PROVIDER_HEADERS,
    ];
    const result = removeEnvKeys(
      exampleBefore,
      ["AUTH_SECRET", "AUTH_URL", ...keys],
      headers,
      ".env.example",
      KEY_COMMENTS,
    );
    removal.keptKeys.push(...result.kept.map((key) => ({ file: ".env.example", key })));
    if (result.removed.length > 0)
      removal.changes.push(envChange(".env.example", exampleBefore, result.content, result.removed, false));
  }

  const ignoreBefore = reader.read(".gitignore");
  if (ignoreBefore !== null) {
    let text = ignoreBefore;
    const take = (pattern: string, comment: string) => {
      const after = removeIgnorePattern(text, pattern, comment);
      if (typeof after === "string" && after !== "unchanged") text = after;
    };
    take(EXAMPLE_UNIGNORE.pattern, EXAMPLE_UNIGNORE.comment);
    const databaseFiles = reader.files("").filter((name) => name.startsWith(sqlite.envValue));
    if (databaseFiles.length === 0) take(SQLITE_IGNORE.pattern, SQLITE_IGNORE.comment);
    else if (text.split(/\r?\n/).some((line) => line.trim() === SQLITE_IGNORE.pattern))
      removal.notes.push(
        `.gitignore keeps ${SQLITE_IGNORE.pattern}: ${databaseFiles.join(", ")} ${databaseFiles.length === 1 ? "stays, and holds" : "stay, and hold"} users and live sessions, which should not be committed.`,
      );
    if (envGone) take(target.envIgnorePattern, ENV_IGNORE_COMMENT);
    else if (
      text.split(/\r?\n/).some((line) => line.trim() === target.envIgnorePattern) &&
      ignoreBefore.includes(ENV_IGNORE_COMMENT)
    ) {
      removal.notes.push(
        `.gitignore keeps ${target.envIgnorePattern}: ${info.envFile} stays, and what is in it should not be committed.`,
      );
    }
    const starter = `${STARTER_HEADER}\n${target.starterIgnores.join("\n")}\n`;
    if (text !== ignoreBefore) {
      if (text.trim() === "" || text === starter) {
        removal.changes.push({ kind: "delete", path: ".gitignore", before: ignoreBefore, reason: "init created it" });
      } else {
        removal.changes.push({
          kind: "edit",
          path: ".gitignore",
          before: ignoreBefore,
          after: text,
          reason: "without the patterns init added",
        });
      }
    }
  }
  return removal;
}
