/**
 * Environment-derived defaults, applied in one place: the secret(s), the deployment URL and base path,
 * host trust, the redirect proxy, and each provider's `AUTH_<ID>_ID/_SECRET/_ISSUER`. Explicit config wins.
 */
import type { AuthConfig, Provider } from "../types.js";
import { createLogger } from "./logger.js";
import { providerEnvSettings, settingsFromEnv } from "./provider-env.js";

type Env = Record<string, string | undefined>;

/**
 * Where setEnvDefaults records the deployment URL (`AUTH_URL`) on the config. A symbol key keeps it out
 * of the public config shape while surviving `{ ...config }` copies made by integrations.
 */
export const deploymentUrl: unique symbol = Symbol("create-auth.deploymentUrl");
export type ConfigWithEnv = AuthConfig & { [deploymentUrl]?: URL };

export function envUrl(env: Env): string | undefined {
  return env.AUTH_URL || env.NEXTAUTH_URL || undefined;
}

/**
 * `true` or `false` when the environment says so; `undefined` when nothing does (production, no AUTH_URL, no
 * AUTH_TRUST_HOST, no known platform). Unset is not false: core/assert.ts then trusts a request that names only
 * this machine (a production build previewed on localhost), and nothing else. An explicit "false" (unlike the
 * reference) means false, loopback included.
 */
export function envTrustHost(env: Env): boolean | undefined {
  const explicit = env.AUTH_TRUST_HOST;
  if (explicit !== undefined && explicit !== "") return explicit !== "false" && explicit !== "0";
  if (envUrl(env) || env.VERCEL || env.CF_PAGES || env.NODE_ENV !== "production") return true;
  return undefined;
}

function withEnvCredentials(provider: AuthConfig["providers"][number], env: Env): Provider {
  const factory = typeof provider === "function" ? (provider as (options?: Record<string, unknown>) => Provider) : null;
  const id = factory ? factory().id : (provider as Provider).id;
  const fromEnv = providerEnvSettings(id, env);
  const resolved = factory ? factory(fromEnv) : (provider as Provider);
  if (resolved.type === "oauth" || resolved.type === "oidc") {
    resolved.clientId ??= fromEnv.clientId;
    resolved.clientSecret ??= fromEnv.clientSecret;
    resolved.issuer ??= fromEnv.issuer;
    (resolved as { [settingsFromEnv]?: true })[settingsFromEnv] = true;
  } else if (resolved.type === "email" && fromEnv.apiKey) {
    resolved.apiKey ??= fromEnv.apiKey;
  }
  return resolved;
}

/** Sets environment-derived defaults on `config` (mutating it, as the spec says). */
export function setEnvDefaults(envObject: Env, config: AuthConfig, suppressBasePathWarning = false): void {
  const url = envUrl(envObject);
  if (url) {
    try {
      const parsed = new URL(url);
      (config as ConfigWithEnv)[deploymentUrl] = parsed;
      const path = parsed.pathname.replace(/\/$/, "");
      if (config.basePath) {
        if (path && !suppressBasePathWarning) {
          createLogger(config).warn(
            "env-url-basepath-redundant",
            `Both AUTH_URL's path (${parsed.pathname}) and basePath (${config.basePath}) are set; basePath is used.`,
          );
        }
      } else if (path) {
        config.basePath = path;
      }
    } catch {
      createLogger(config).warn("env-url-invalid", `AUTH_URL is not a valid URL: ${url}`);
    }
  }
  config.basePath ??= "/auth";

  const hasSecret = Array.isArray(config.secret) ? config.secret.length > 0 : Boolean(config.secret);
  if (!hasSecret) {
    const secrets: string[] = [];
    const primary = envObject.AUTH_SECRET || envObject.NEXTAUTH_SECRET;
    if (primary) secrets.push(primary);
    // Rotation: the highest-numbered secret encrypts, older ones still decrypt.
    for (const index of [1, 2, 3]) {
      const numbered = envObject[`AUTH_SECRET_${index}`];
      if (numbered) secrets.unshift(numbered);
    }
    config.secret = secrets;
  }
  config.redirectProxyUrl ??= envObject.AUTH_REDIRECT_PROXY_URL || undefined;
  const trustHost = envTrustHost(envObject);
  if (trustHost !== undefined) config.trustHost ??= trustHost;
  config.providers = config.providers.map((provider) => withEnvCredentials(provider, envObject));
}
