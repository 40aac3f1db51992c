/**
 * `AUTH_<ID>_ID`, `_SECRET`, `_ISSUER`, `_KEY`: the one spelling of the env variables a provider's settings
 * are inferred from. The runtime reads them (core/env.ts, refresh.ts) and the CLI writes their stubs
 * (cli/providers/catalog.ts): one module, so what `init` writes is what the runtime reads. No imports, so
 * the CLI can load it without the runtime.
 */

type Env = Record<string, string | undefined>;

/** Which provider setting each suffix fills. */
const SETTINGS = { ID: "clientId", SECRET: "clientSecret", ISSUER: "issuer", KEY: "apiKey" } as const;

export type ProviderEnvSuffix = keyof typeof SETTINGS;
export type ProviderEnvSettings = Partial<Record<(typeof SETTINGS)[ProviderEnvSuffix], string>>;

/**
 * Set (by core/env.ts) on a provider whose settings were looked up in its `AUTH_<ID>_*` variables. A setting
 * it still lacks was meant to come from there, so the blank key is what to name (core/assert.ts), rather than
 * a provider misconfigured in code.
 */
export const settingsFromEnv: unique symbol = Symbol("create-auth.settingsFromEnv");

/** Whether `provider` went through the env defaults (a symbol key: it survives `{ ...provider }` copies). */
export function hasSettingsFromEnv(provider: object): boolean {
  return (provider as { [settingsFromEnv]?: true })[settingsFromEnv] === true;
}

/** `my-provider`, `ISSUER` → `AUTH_MY_PROVIDER_ISSUER`. */
export function providerEnvKey(id: string, suffix: ProviderEnvSuffix): string {
  return envKeyOf(id, suffix);
}

function envKeyOf(id: string, suffix: string): string {
  return `AUTH_${id.toUpperCase().replace(/-/g, "_")}_${suffix}`;
}

/**
 * Factory options a provider cannot make its endpoints without, because only its deployment knows them (a
 * self-hosted server's address, a NetSuite account id), with the suffix of the env key the generated config
 * passes each from: `Nextcloud({ baseUrl: process.env.AUTH_NEXTCLOUD_URL })`.
 */
const REQUIRED_OPTIONS = { baseUrl: "URL", accountId: "ACCOUNT_ID" } as const;

export type RequiredOption = keyof typeof REQUIRED_OPTIONS;

/** `nextcloud`, `baseUrl` → `AUTH_NEXTCLOUD_URL`; `netsuite`, `accountId` → `AUTH_NETSUITE_ACCOUNT_ID`. */
export function providerOptionEnvKey(id: string, option: RequiredOption): string {
  return envKeyOf(id, REQUIRED_OPTIONS[option]);
}

/**
 * Set by a factory called without such an option: which one, and the env key that fills it. The provider then
 * has no endpoints; core/assert.ts names the key instead of the whole config failing for want of endpoints.
 */
export const optionLeftUnset: unique symbol = Symbol("create-auth.optionLeftUnset");

export interface UnsetOption {
  option: RequiredOption;
  envKey: string;
}

/** What a factory sets when it was not given `option` (spread into its defaults); `id` is the catalog's. */
export function unsetOption(id: string, option: RequiredOption): { [optionLeftUnset]: UnsetOption } {
  return { [optionLeftUnset]: { option, envKey: providerOptionEnvKey(id, option) } };
}

/** The option a provider's factory was not given, if any (a symbol key: it survives `{ ...provider }` copies). */
export function optionLeftUnsetOf(provider: object): UnsetOption | undefined {
  return (provider as { [optionLeftUnset]?: UnsetOption })[optionLeftUnset];
}

/** The settings `env` holds for provider `id`; empty values count as unset. */
export function providerEnvSettings(id: string, env: Env): ProviderEnvSettings {
  const settings: ProviderEnvSettings = {};
  for (const [suffix, setting] of Object.entries(SETTINGS) as Array<
    [ProviderEnvSuffix, (typeof SETTINGS)[ProviderEnvSuffix]]
  >) {
    const value = env[providerEnvKey(id, suffix)];
    if (value) settings[setting] = value;
  }
  return settings;
}
