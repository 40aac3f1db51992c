/**
 * Once before the e2e files, which run two at a time: the repository's build (dist/), which every file needs
 * fresh. Each file's own ensureRepositoryBuilt() then finds it so; two files building at once would each
 * empty dist/ under the other. Also the run's folder of install seeds (install-seeds.mjs): a fixture's first
 * install in the run leaves its node_modules there for the fixture's later installs, in whichever file. The
 * folder is new for each run and goes at its end (or, after a killed run, at the next run's start), so no run
 * seeds from packages another run resolved; set CREATE_AUTH_E2E_INSTALL_SEEDS yourself to keep one between
 * runs of a file you are working on.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { INSTALL_SEEDS } from "../../support/install-seeds.mjs";
import { ensureRepositoryBuilt } from "../../support/next-app.mjs";

/** Whether process `pid` still runs (EPERM: it does, as another user's). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export default async function setup(): Promise<() => Promise<void>> {
  await ensureRepositoryBuilt();
  if (process.env[INSTALL_SEEDS]) return async () => {};
  // A run that was killed left its seeds (gigabytes of node_modules): its process is gone, they go now.
  const root = os.tmpdir();
  for (const name of await fs.readdir(root)) {
    const pid = /^create-auth-install-seeds-(\d+)$/.exec(name)?.[1];
    if (pid && !running(Number(pid))) await fs.rm(path.join(root, name), { recursive: true, force: true });
  }
  const seeds = path.join(root, `create-auth-install-seeds-${process.pid}`);
  await fs.rm(seeds, { recursive: true, force: true });
  await fs.mkdir(seeds);
  // The workers are started after this runs, with this process's environment.
  process.env[INSTALL_SEEDS] = seeds;
  return async () => {
    await fs.rm(seeds, { recursive: true, force: true });
  };
}
