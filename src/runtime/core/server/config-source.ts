/**
 * The configuration an integration serves a request with, from what the app handed it: a config object
 * gets the environment's defaults once, on first use (after the app has loaded its env file, never at
 * import time), so the core's per-object caches (resolved options, keys) keep working; a function of the
 * framework's request (`NextAuth((request) => config)`, `SvelteKitAuth((event) => config)`) is called for
 * every request, and each answer gets the defaults.
 */
export type ConfigInit<Config, Arg> = Config | ((arg: Arg) => Config | PromiseLike<Config>);

export function configSource<Config extends object, Arg>(
  init: ConfigInit<Config, Arg>,
  withDefaults: (config: Config, arg: Arg) => Config,
): (arg: Arg) => Promise<Config> {
  if (typeof init === "function") {
    const perRequest = init as (arg: Arg) => Config | PromiseLike<Config>;
    return async (arg) => withDefaults(await perRequest(arg), arg);
  }
  let prepared: Config | undefined;
  return async (arg) => {
    prepared ??= withDefaults(init, arg);
    return prepared;
  };
}
