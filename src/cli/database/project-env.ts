/**
 * The settings a database command connects with: the process environment over the app's env file, as the
 * app sees them when it runs. The env file is the framework's, handed in (frameworks/detect-project.ts
 * `appEnvFile`: `.env.local` for Next, `.env` otherwise); Next also loads `.env` beneath `.env.local`, so both are read there, the local one
 * winning. Values are read with the env parser init writes them with (env/merge.ts).
 */

import { DEFAULT_ENV_CONVENTION } from "../env/default-file.js";
import { assignedKeys, readEnvValue } from "../env/merge.js";
import type { ProjectReader } from "../project/reader.js";

/** The env files an app whose framework keeps its settings in `envFile` loads, weakest first. */
export function projectEnvFiles(envFile: string): string[] {
  return envFile === DEFAULT_ENV_CONVENTION.envFile ? [envFile] : [DEFAULT_ENV_CONVENTION.envFile, envFile];
}

export function projectEnv(
  reader: ProjectReader,
  processEnv: Readonly<Record<string, string | undefined>>,
  envFile: string,
): { env: Record<string, string | undefined>; files: string[] } {
  const files = projectEnvFiles(envFile);
  const fromFiles: Record<string, string> = {};
  for (const file of files) {
    const text = reader.read(file);
    if (text === null) continue;
    for (const key of assignedKeys(text)) fromFiles[key] = readEnvValue(text, key) ?? "";
  }
  return { env: { ...fromFiles, ...processEnv }, files };
}
