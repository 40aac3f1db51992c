export interface Node24 {
  node: string;
  binDir: string;
  nodedir: string;
  version: string;
}

/** Installs Node 24 from the npm registry into .tmp/node24 when missing and returns where it is. */
export function ensureNode24(): Promise<Node24>;

/** `base` with Node 24 first on PATH, so `node`, `npm`, `npx` and package scripts run on it. */
export function node24Env(base?: NodeJS.ProcessEnv): Promise<NodeJS.ProcessEnv>;
