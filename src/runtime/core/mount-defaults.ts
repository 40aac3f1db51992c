/**
 * The environment as an integration that mounts the auth routes itself reads it: where the process
 * environment is (edge runtimes may have none), and the base path: the config's, else AUTH_URL's path, else
 * where the framework's route lives (Next's `app/api/auth/[...nextauth]`, SvelteKit's `${base}/auth`).
 */
import { envUrl, setEnvDefaults } from "./env.js";
import type { IntegrationConfig } from "./server-actions.js";

type Env = Record<string, string | undefined>;

/** The path of AUTH_URL (or NEXTAUTH_URL) without trailing slashes; "" when unset, bare or not a URL. */
export function envUrlPath(env: Env): string {
  const url = envUrl(env);
  if (!url || !URL.canParse(url)) return "";
  return new URL(url).pathname.replace(/\/+$/, "");
}

/**
 * The environment's defaults for an integration that mounts the routes itself: a `basePath` in the config
 * wins, then AUTH_URL's path, then `mountPath` (where the framework's route lives). No warning about
 * AUTH_URL's path: the base path chosen here is deliberate.
 */
export function applyMountDefaults<Config extends IntegrationConfig>(
  config: Config,
  env: Env,
  mountPath: string,
): Config {
  config.basePath ||= envUrlPath(env) || mountPath;
  setEnvDefaults(env, config, true);
  return config;
}

/** `process.env` where there is one (Node, Bun, Deno's compatibility layer); edge runtimes may lack it. */
export function processEnv(): Env {
  return (globalThis as { process?: { env?: Env } }).process?.env ?? {};
}
