/**
 * The settings a database command connects with: the process environment over the app's env file, as the
 * app sees them when it runs. The env file is the framework's (detect's `envFile`: `.env.local` for Next,
 * `.env` otherwise); Next also loads `.env` beneath `.env.local`, so both are read there, the local one
 * winning. Values are read with the env parser init writes them with (env/merge.ts).
 */
import { assignedKeys, readEnvValue } from "../env/merge.js";
import { DEFAULT_ENV_CONVENTION } from "../frameworks/conventions.js";
import { detectProject } from "../frameworks/detect-project.js";
import type { ProjectReader } from "../project/reader.js";

/** The env files the app loads, weakest first. */
export function projectEnvFiles(reader: ProjectReader): string[] {
  let envFile: string = DEFAULT_ENV_CONVENTION.envFile;
  try {
    envFile = detectProject(reader, {}).info.envFile;
  } catch {
    // Not an app init recognises (or no package.json): the plain `.env` is still where settings live.
  }
  return envFile === DEFAULT_ENV_CONVENTION.envFile ? [envFile] : [DEFAULT_ENV_CONVENTION.envFile, envFile];
}

export function projectEnv(
  reader: ProjectReader,
  processEnv: Readonly<Record<string, string | undefined>>,
): { env: Record<string, string | undefined>; files: string[] } {
  const files = projectEnvFiles(reader);
  const fromFiles: Record<string, string> = {};
  for (const file of files) {
    const text = reader.read(file);
    if (text === null) continue;
    for (const key of assignedKeys(text)) fromFiles[key] = readEnvValue(text, key) ?? "";
  }
  return { env: { ...fromFiles, ...processEnv }, files };
}
