// An Express app on Prisma (the orm-prisma-* Express fixtures) as setupApp's framework: copied, initialised,
// edited, installed, built with the app's own `npm run build` (`prisma generate && tsc`), started with
// `npm start`. Offline, the Prisma CLI insists on its schema engine binary before any command, even
// `generate`, which never uses it: PRISMA_SCHEMA_ENGINE_BINARY names a script that fails loudly instead, so
// a command that needed the engine (migrate, db push) would fail rather than pretend (as
// test/support/prisma-client.mjs does for the schema tests).
import { chmod, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { startExpressApp } from "../../support/express-app.mjs";
import { appProcessEnv, fixturePath, prepareFixtureApp, REPO_ROOT } from "../../support/fixture-app.mjs";
import { runCommand } from "../../support/processes.mjs";
import type { Framework } from "./frameworks.js";

/**
 * The environment for the Prisma CLI offline: its schema engine replaced by a script that refuses to run,
 * kept in the repository's git-ignored .tmp/ (one file for every run, nothing left in the system's temp).
 */
async function prismaOfflineEnv(): Promise<NodeJS.ProcessEnv> {
  const folder = path.join(REPO_ROOT, ".tmp");
  await mkdir(folder, { recursive: true });
  const noEngine = path.join(folder, "no-prisma-schema-engine");
  await writeFile(noEngine, '#!/bin/sh\necho "the Prisma schema engine is not available offline" >&2\nexit 1\n');
  await chmod(noEngine, 0o755);
  return appProcessEnv({
    PRISMA_SCHEMA_ENGINE_BINARY: noEngine,
    CHECKPOINT_DISABLE: "1",
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
  });
}

export const prismaExpress: Framework = {
  name: "express",
  basePath: "/auth",
  async prepare(fixture, { providers, initArgs, edits }) {
    if (!edits) throw new Error(`${fixture}: the person's edits after init are the test's to give`);
    return prepareFixtureApp({
      fixture: fixturePath(fixture),
      providers,
      initArgs,
      edits,
      env: await prismaOfflineEnv(),
      async build(dir: string, env: NodeJS.ProcessEnv) {
        return { build: (await runCommand("npm", ["run", "build"], { cwd: dir, env })).ms };
      },
    });
  },
  start: (_fixture, dir, port) => startExpressApp(dir, port),
};
