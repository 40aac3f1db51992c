/**
 * Where a database client module init writes reads its connection setting, and how its templates say it:
 * process.env; a module of the framework's that exports `env` (SvelteKit's `$env/dynamic/private`); or only
 * the request (Qwik City's `event.env`), where the client module exports a factory the config calls.
 */
export type EnvSource = "process" | "request" | { module: string };

/** What the client templates read about the environment: the env module to import, and how a setting is read. */
export function envReading(source: EnvSource, key: string): { envModule: string | null; envRead: string } {
  const envModule = typeof source === "object" ? source.module : null;
  return { envModule, envRead: envModule ? `env.${key}` : `process.env.${key}` };
}
