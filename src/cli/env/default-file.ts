/**
 * Where a Node app's settings live when its framework says nothing else (every framework but Next): a plain
 * `.env`, ignored by exactly that pattern. Commands that read the environment without a framework (a folder
 * detection refuses) fall back to it too.
 */
export const DEFAULT_ENV_CONVENTION = { envFile: ".env", ignorePattern: ".env" } as const;
