/**
 * AUTH_SECRET as the app will run with it: set, not a placeholder, strong enough (the 32 random bytes
 * `create-auth secret` writes, env/secret.ts), and kept in an env file git ignores and does not track
 * (project/git-ignore.ts). The value itself is never put in a finding: only where it is.
 */

import { type Finding, finding, ok } from "../../checks/finding.js";
import { assignedKeys, readEnvValue } from "../../env/merge.js";
import { holdsCredential } from "../../env/secret-keys.js";
import { ignoreStatus } from "../../project/git-ignore.js";
import type { DoctorContext } from "./context.js";

/** The names the runtime reads its secret from (core/env.ts), the primary first. */
export const SECRET_KEYS = ["AUTH_SECRET", "NEXTAUTH_SECRET", "AUTH_SECRET_1", "AUTH_SECRET_2", "AUTH_SECRET_3"];

/** Values copied from docs and examples, compared without case or punctuation. */
const PLACEHOLDERS = new Set([
  "changeme",
  "changethis",
  "secret",
  "mysecret",
  "yoursecret",
  "supersecret",
  "authsecret",
  "nextauthsecret",
  "replaceme",
  "secretkey",
  "password",
  "test",
  "development",
  "xxx",
  "todo",
  "generated",
  "generateone",
]);

const FIX_SECRET = "put a fresh one in place with npx create-auth secret (32 random bytes), then restart the app";

/** Where the app's secret comes from: the process environment, or the strongest env file that sets it. */
export function secretSource(ctx: DoctorContext): { key: string; value: string; file: string | null } | null {
  for (const key of SECRET_KEYS) {
    const fromProcess = ctx.processEnv[key];
    if (fromProcess) return { key, value: fromProcess, file: null };
    for (const file of [...ctx.envFiles].reverse()) {
      const text = ctx.reader.read(file);
      if (text === null || !assignedKeys(text).includes(key)) continue;
      const value = readEnvValue(text, key) ?? "";
      if (value) return { key, value, file };
    }
  }
  return null;
}

/** The value `.env.example` gives the key, when it gives one: committed, so never a secret. */
function exampleValue(ctx: DoctorContext, key: string): string | null {
  const text = ctx.reader.read(".env.example");
  const value = text === null ? "" : (readEnvValue(text, key) ?? "");
  return value === "" ? null : value;
}

export function isPlaceholder(value: string): boolean {
  const folded = value.toLowerCase().replace(/[^a-z0-9]/g, "");
  if (PLACEHOLDERS.has(folded)) return true;
  if (/^(?:your|my|some|a)?(?:super)?(?:auth|nextauth)?secret(?:here|key|value)?$/.test(folded)) return true;
  // `<generate-one>`, `…`, `***`: angle brackets or one repeated character.
  return /^<.*>$/.test(value.trim()) || /^(.)\1*$/.test(value);
}

/**
 * Bits of entropy a value can hold at most: its length times log2 of the alphabet its characters come from
 * (hex, base64/base64url, or the character classes present). A generated secret is 43 base64url
 * characters: 258 bits; a word a person typed reaches far less (and its real entropy is lower still).
 */
export function entropyBits(value: string): number {
  const distinct = new Set(value).size;
  let alphabet: number;
  if (/^[0-9a-f]+$/i.test(value)) alphabet = 16;
  else if (/^[A-Za-z0-9+/_-]+=*$/.test(value)) alphabet = 64;
  else {
    alphabet = 0;
    if (/[a-z]/.test(value)) alphabet += 26;
    if (/[A-Z]/.test(value)) alphabet += 26;
    if (/[0-9]/.test(value)) alphabet += 10;
    if (/[^A-Za-z0-9]/.test(value)) alphabet += 33;
  }
  // Few distinct characters repeated (`abcabcabc…`) carry no more than their pattern.
  return value.replace(/=+$/, "").length * Math.log2(Math.max(2, Math.min(alphabet, distinct * 4)));
}

export function checkSecret(ctx: DoctorContext): Finding[] {
  const source = secretSource(ctx);
  const envFile = ctx.project?.info.envFile ?? ctx.envFiles[ctx.envFiles.length - 1] ?? ".env";
  if (!source) {
    return [
      finding(
        "error",
        "secret.missing",
        `AUTH_SECRET is not set (neither in the environment nor in ${ctx.envFiles.join(" or ")}): the runtime refuses every request with MissingSecret.`,
        ctx.production
          ? "set AUTH_SECRET in the deployment's environment to a fresh value (npx create-auth secret --raw prints one)"
          : `write one into ${envFile} with npx create-auth secret`,
      ),
    ];
  }
  const where = source.file ? `${source.key} in ${source.file}` : `${source.key} from the environment`;
  const findings: Finding[] = [];
  const file = source.file ?? undefined;
  if (exampleValue(ctx, source.key) === source.value) {
    findings.push(
      finding(
        "error",
        "secret.placeholder",
        `${where} is the value .env.example gives, which is committed: anyone with the repository can forge sessions.`,
        `${FIX_SECRET}; and leave ${source.key} blank in .env.example`,
        file,
      ),
    );
  } else if (isPlaceholder(source.value)) {
    findings.push(
      finding(
        "error",
        "secret.placeholder",
        `${where} is a placeholder, not a secret: anyone can forge sessions with it.`,
        FIX_SECRET,
        file,
      ),
    );
  } else {
    const bits = Math.floor(entropyBits(source.value));
    if (bits < 128) {
      findings.push(
        finding(
          "error",
          "secret.weak",
          `${where} is too short to be a key (${source.value.length} characters, at most ${bits} bits; 256 expected).`,
          FIX_SECRET,
          file,
        ),
      );
    } else if (bits < 256) {
      findings.push(
        finding(
          "warning",
          "secret.short",
          `${where} holds at most ${bits} bits; a generated secret holds 256 (32 random bytes).`,
          FIX_SECRET,
          file,
        ),
      );
    } else findings.push(ok("secret.strong", `${where} is set and long enough (32 bytes or more).`, file));
  }
  if (source.file) findings.push(...checkIgnored(ctx, source.file, source.key));
  findings.push(...otherEnvFiles(ctx, source.file));
  return findings;
}

/** The env file holding the secret must be git-ignored and untracked (a tracked file is committed whatever .gitignore says). */
/** The other env files the app loads that hold a credential (a provider's secret, a database password). */
function otherEnvFiles(ctx: DoctorContext, secretFile: string | null): Finding[] {
  const findings: Finding[] = [];
  for (const file of ctx.envFiles) {
    const text = ctx.reader.read(file);
    if (file === secretFile || text === null) continue;
    const key = assignedKeys(text).find((k) => holdsCredential(k, readEnvValue(text, k) ?? ""));
    if (key) findings.push(...checkIgnored(ctx, file, key));
  }
  return findings;
}

function checkIgnored(ctx: DoctorContext, file: string, key: string): Finding[] {
  const status = ignoreStatus(ctx.reader, file);
  if (status.tracked) {
    return [
      finding(
        "error",
        "secret.env-tracked",
        `${file} holds ${key} and git tracks it: every commit of it publishes the value.`,
        `stop tracking it (git rm --cached ${file}), keep it in .gitignore, and replace ${key} (npx create-auth secret for AUTH_SECRET): the committed value is known`,
        file,
      ),
    ];
  }
  if (!status.ignored) {
    return [
      finding(
        "error",
        "secret.env-not-ignored",
        `${file} holds ${key} and is not git-ignored: the next \`git add .\` commits it.`,
        `add ${file} to .gitignore`,
        file,
      ),
    ];
  }
  return [ok("secret.env-ignored", `${file} is git-ignored.`, file)];
}
