/** The variable naming the run's seed folder (set by the e2e global set-up). */
export const INSTALL_SEEDS: "CREATE_AUTH_E2E_INSTALL_SEEDS";
/** Remembers which fixture the fresh copy in `dir` holds, when installs are seeded. */
export function rememberCopy(dir: string): Promise<void>;
/** Runs `install` in `dir`, from the fixture's seed where the run has one; keeps a seed after a first install. */
export function seededInstall(
  dir: string,
  env: NodeJS.ProcessEnv,
  install: () => Promise<{ output: string; ms: number }>,
): Promise<{ output: string; ms: number; seedMs: number }>;
