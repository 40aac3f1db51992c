/**
 * The environment as an integration that mounts the auth routes itself reads it: where the process
 * environment is (edge runtimes may have none), and the base path: the config's, else AUTH_URL's path, else
 * where the framework's route lives (Next's `app/api/auth/[...nextauth]`, SvelteKit's `${base}/auth`), or,
 * where the framework says where the routes are mounted (Express's mount point, SolidStart's `prefix`),
 * exactly that path.
 */
import { envUrl, setEnvDefaults } from "../env.js";
import type { IntegrationConfig } from "./config.js";

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

const mountedConfigs = new WeakMap<object, Map<string | null, IntegrationConfig>>();

/**
 * The config an integration serves with when the framework says where the routes are mounted: a copy of
 * the app's (never mutated) with `basePath` set to the mount, winning over AUTH_URL's path without a
 * warning, and the environment's defaults applied; with `basePath` undefined (a session read outside the
 * routes), the config's own base path rules. Made once per (config object, mount) on first use, after the
 * app has loaded its env file, so the core's per-object caches (resolved options, keys) keep working.
 * `owner` is the app's own object when `config` was derived from it (SolidStart leaves out its `prefix`).
 */
export function mountedConfig(
  config: IntegrationConfig,
  basePath: string | undefined,
  env: Env,
  owner: object = config,
): IntegrationConfig {
  let byMount = mountedConfigs.get(owner);
  if (!byMount) {
    byMount = new Map();
    mountedConfigs.set(owner, byMount);
  }
  // A root mount ("") and no mount at all (undefined) are different configs.
  const key = basePath ?? null;
  let prepared = byMount.get(key);
  if (!prepared) {
    prepared = { ...config };
    if (basePath !== undefined) prepared.basePath = basePath;
    setEnvDefaults(env, prepared, basePath !== undefined);
    byMount.set(key, prepared);
  }
  return prepared;
}
