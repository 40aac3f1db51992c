/**
 * What `auth remove` finds before planning: the app (detectProject), its framework's target, and the answers
 * init was given, read back from what init left: the providers from the auth module, the database from the
 * client module init writes, the session strategy from the config, the runtime folder from package.json's
 * `file:` link. With them the target's own `init` says what it writes in this app, so remove takes out
 * exactly that. A project holding nothing of create-auth's is refused in one line. Reads only.
 */

import type { Database } from "../../database/drivers.js";
import { importedAdapter, isSchemaOrm } from "../../database/flavours.js";
import { projectOrms } from "../../database/orm-plan.js";
import { CliError } from "../../errors.js";
import { providersOf } from "../../providers/auth-providers.js";
import { linkedRuntime } from "../../runtime-package/link.js";
import { RUNTIME_PACKAGE_NAME } from "../../runtime-package/plan.js";
import { DEFAULT_RUNTIME_DIR } from "../answers/resolve.js";
import { findInitSetup, type InitSetup, type SetupOptions } from "../app-setup.js";
import { ENV_HEADER } from "../init/env-and-runtime.js";

/** InitSetup with the answers init was given read back into `context`, and `init` planned with them. */
export type RemoveSetup = InitSetup;

/** The database a client module init wrote connects to, by the driver it imports. */
function databaseOf(client: string | null): { db: Database; nodeVersion?: string } | null {
  if (client === null) return null;
  if (client.includes('"better-sqlite3"')) return { db: "sqlite", nodeVersion: "20.0.0" };
  if (client.includes('"node:sqlite"')) return { db: "sqlite" };
  if (client.includes('"pg"')) return { db: "postgres" };
  if (client.includes('"mysql2/promise"')) return { db: "mysql" };
  return null;
}

export async function findRemoveSetup(options: SetupOptions): Promise<RemoveSetup> {
  // A link that leaves the app is not followed: only the default folder is looked at.
  const linkedDir = (info: InitSetup["info"]) => {
    const link = linkedRuntime(info.packageJson);
    return link && "dir" in link ? link.dir : null;
  };
  const setup = await findInitSetup(options, (info) => linkedDir(info) ?? DEFAULT_RUNTIME_DIR);
  const { info, target, reader, runtimeDir, context, init, authPath, authSource } = setup;
  const { answers } = context;
  const database = databaseOf(reader.read(init.database.clientFile));
  answers.providers = providersOf(authSource, authPath);
  answers.strategy = authSource && /strategy:\s*["']database["']/.test(authSource) ? "database" : "jwt";
  if (database) {
    answers.db = database.db;
    if (database.nodeVersion) context.nodeVersion = database.nodeVersion;
  }
  // init --orm: the auth module hands the ORM adapter the app's client, in the dialect its ORM setup names.
  const adapter = importedAdapter(authSource);
  const orm = adapter && isSchemaOrm(adapter) ? adapter : undefined;
  const dialect = orm ? projectOrms(reader, info).find((found) => found.orm === orm)?.dialect : undefined;
  if (orm && dialect) {
    answers.orm = orm;
    answers.db = dialect;
  }
  const evidence =
    linkedDir(info) !== null ||
    reader.exists(`${runtimeDir}/MANIFEST.json`) ||
    (authSource?.includes(RUNTIME_PACKAGE_NAME) ?? false) ||
    (reader.read(info.envFile)?.includes(ENV_HEADER) ?? false);
  if (!evidence) {
    throw new CliError(
      "NotSetUp",
      `${info.root} has no create-auth setup (no ${RUNTIME_PACKAGE_NAME} link in package.json, no ${runtimeDir}/MANIFEST.json, no auth ${init.auth.noun ?? "module"} at ${authPath}): nothing to remove.`,
    );
  }
  return { ...setup, init: target.init(context) };
}
