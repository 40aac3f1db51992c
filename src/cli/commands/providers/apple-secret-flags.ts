/**
 * `add-provider apple --p8 <file> --key-id <id> --team-id <id> --client-id <id>`: the flags that make Apple's
 * client secret (providers/apple-secret.ts) and the env entries they become: AUTH_APPLE_SECRET, replaced (a
 * run renews it), and AUTH_APPLE_ID, the Services ID the secret is signed for, filled when blank. Reading
 * the `.p8` file is the one side effect here; the entries go through add-provider's plan like every other
 * env key, so they land only in the git-ignored env file.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { EnvEntry } from "../../env/merge.js";
import { readEnvValue } from "../../env/merge.js";
import { CliError } from "../../errors.js";
import type { ProjectReader } from "../../project/reader.js";
import { appleClientSecret, expiryDay } from "../../providers/apple-secret.js";
import type { ProviderEntry } from "../../providers/catalog.js";

export interface AppleSecretFlags {
  p8?: string;
  keyId?: string;
  teamId?: string;
  clientId?: string;
}

const FLAGS = [
  ["p8", "--p8 <file>"],
  ["keyId", "--key-id <id>"],
  ["teamId", "--team-id <id>"],
  ["clientId", "--client-id <id>"],
] as const;

export interface AppleSecretPlan {
  entries: EnvEntry[];
  expiresAt: Date;
  /** The command that makes a new one, as the user typed this one. */
  renew: string;
  /** Said before the plan: the expiry, and the command that renews the secret. */
  lines: string[];
}

/** The Apple flags' env entries, or null when none was given. Refuses them on another provider or incomplete. */
export function appleSecretEntries(
  provider: Pick<ProviderEntry, "id">,
  flags: AppleSecretFlags,
  input: { cwd: string; dir: string | undefined; reader: ProjectReader; envFile: string; now?: Date },
): AppleSecretPlan | null {
  const given = FLAGS.filter(([key]) => flags[key] !== undefined);
  if (given.length === 0) return null;
  if (provider.id !== "apple") {
    throw new CliError(
      "InvalidOption",
      `${given.map(([, flag]) => flag.split(" ")[0]).join(", ")} make Apple's client secret: they go with add-provider apple, not ${provider.id}.`,
    );
  }
  const missing = FLAGS.filter(([key]) => flags[key] === undefined);
  if (missing.length > 0) {
    throw new CliError(
      "InvalidOption",
      `Apple's client secret needs ${missing.map(([, flag]) => flag).join(", ")} too (with --p8, --key-id, --team-id and --client-id together).`,
    );
  }
  const { p8: p8Path, keyId, teamId, clientId } = flags as Required<AppleSecretFlags>;
  let p8: string;
  try {
    p8 = readFileSync(path.resolve(input.cwd, p8Path), "utf8");
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message;
    throw new CliError("InvalidAppleKey", `Cannot read the Apple key ${p8Path} (${why}).`);
  }
  // The secret is signed for one Services ID: an AUTH_APPLE_ID naming another would make every sign-in fail.
  const current = readEnvValue(input.reader.read(input.envFile) ?? "", "AUTH_APPLE_ID")?.trim();
  if (current && current !== clientId) {
    throw new CliError(
      "InvalidAppleKey",
      `${input.envFile} sets AUTH_APPLE_ID=${current}, not --client-id ${clientId}: the secret must be signed for the Services ID the app sends; pass --client-id ${current}, or change AUTH_APPLE_ID first.`,
    );
  }
  const secret = appleClientSecret({ p8, p8Path, keyId, teamId, clientId }, input.now);
  const renew = [
    "npx create-auth add-provider apple",
    ...(input.dir === undefined ? [] : [input.dir]),
    `--p8 ${p8Path} --key-id ${keyId} --team-id ${teamId} --client-id ${clientId}`,
  ].join(" ");
  return {
    expiresAt: secret.expiresAt,
    renew,
    entries: [
      { key: "AUTH_APPLE_ID", value: clientId, mode: "fill" },
      { key: "AUTH_APPLE_SECRET", value: secret.jwt, mode: "replace" },
    ],
    lines: [
      `Apple client secret for AUTH_APPLE_SECRET in ${input.envFile}: signed with key ${keyId} of team ${teamId} for ${clientId}.`,
      `It expires on ${expiryDay(secret.expiresAt)} (Apple allows six months at most); renew it before then with: ${renew}`,
    ],
  };
}
