/**
 * What the doctor checks read, gathered once: the app's folder and files, the settings the app runs with
 * (the process environment over its env files, database/project-env.ts), the detected project when the
 * app is one init recognises, its create-auth setup (the auth module, the runtime package's folder: the
 * same reading add-provider makes, commands/app-setup.ts), and whether it is judged as deployed (`--production`).
 */

import { projectEnv } from "../../database/project-env.js";
import { loadRenderer } from "../../edit/templates.js";
import { CliError } from "../../errors.js";
import { appEnvFile, detectApp, detectProject } from "../../frameworks/detect-project.js";
import type { Target } from "../../frameworks/types.js";
import type { RuntimeSource } from "../../plan/context.js";
import type { ProjectReader } from "../../project/reader.js";
import type { ProjectInfo } from "../../project/types.js";
import { findProviderSetup, type ProviderSetup } from "../app-setup.js";

export interface DoctorContext {
  root: string;
  reader: ProjectReader;
  /** The settings as the app sees them: the process environment over its env files. */
  env: Readonly<Record<string, string | undefined>>;
  /** The process environment alone (what a deployment sets), without the env files. */
  processEnv: Readonly<Record<string, string | undefined>>;
  /** The env files the app loads, weakest first (`.env`, `.env.local`). */
  envFiles: string[];
  /** Null when detection refuses the folder (no framework it knows): the file-level checks still run. */
  project: { info: ProjectInfo; target: Target } | null;
  /** The create-auth setup, or why there is none (the one line add-provider would refuse with). */
  setup: ProviderSetup | { missing: string };
  /** The runtime this CLI ships (what the app's copy is compared with). */
  runtime: RuntimeSource;
  production: boolean;
}

export async function doctorContext(
  reader: ProjectReader,
  processEnv: Readonly<Record<string, string | undefined>>,
  production: boolean,
  runtime: RuntimeSource,
): Promise<DoctorContext> {
  // Not an app init recognises (project null): its settings and files are still worth checking.
  const project = await detectApp(reader, processEnv["npm_config_user_agent"]);
  const { env, files } = projectEnv(reader, processEnv, await appEnvFile(reader, project));
  let setup: DoctorContext["setup"];
  try {
    setup = await findProviderSetup({
      reader,
      command: "auth doctor",
      // Detected once: the setup reads the app found above, or hears detection's own refusal.
      detect: async () => project ?? detectProject(reader, { userAgent: processEnv["npm_config_user_agent"] }),
      runtime,
      loadRender: loadRenderer,
    });
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    setup = { missing: error.message };
  }
  return { root: reader.root, reader, env, processEnv, envFiles: files, project, setup, runtime, production };
}
