/**
 * Qwik City hands the environment to request handlers as a getter (`ev.env.get(key)`), not as an object:
 * on the node-server adapter it reads `process.env`, in `vite dev` the loaded `.env` files, on edge
 * adapters the platform's bindings. The core reads plain records, so the getter is viewed as one.
 */
import type { EnvGetter } from "@builder.io/qwik-city/middleware/request-handler";
import { setEnvDefaults as setCoreEnvDefaults } from "../core/env.js";
import type { AuthConfig } from "../types.js";

type Env = Record<string, string | undefined>;

/** A read-only record whose every key is looked up through the getter, when it is read. */
export function envRecord(env: EnvGetter): Env {
  return new Proxy({} as Env, {
    get: (_target, key) => (typeof key === "string" ? env.get(key) : undefined),
  });
}

/**
 * The spec's Qwik `setEnvDefaults(env, config)`: the secret(s), AUTH_URL, host trust, the redirect proxy
 * and each provider's `AUTH_<ID>_ID/_SECRET/_ISSUER`, read through Qwik's getter. Explicit config wins.
 * Without a `basePath` (or a path in AUTH_URL) the endpoints live under `/auth`.
 */
export function setEnvDefaults(env: EnvGetter, config: AuthConfig): void {
  setCoreEnvDefaults(envRecord(env), config);
}
