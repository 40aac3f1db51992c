/**
 * What `auth remove` finds before planning: the app (detectProject), its framework's target, and the answers
 * init was given, read back from what init left: the providers from the auth module, the database from the
 * client module init writes, the session strategy from the config, the runtime folder from package.json's
 * `file:` link. With them the target's own `init` says what it writes in this app, so remove takes out
 * exactly that. A project holding nothing of create-auth's is refused in one line. Reads only.
 */
import path from "node:path";
import type { Database } from "../database/drivers.js";
import { projectOrms } from "../database/orm-plan.js";
import { detectProject } from "../detect/project.js";
import { CliError } from "../errors.js";
import type { ProjectReader } from "../plan/reader.js";
import { findProvider, type ProviderEntry } from "../providers/catalog.js";
import { RUNTIME_PACKAGE_NAME } from "../runtime-package/plan.js";
import type { RuntimeSource } from "../runtime-package/source.js";
import type { Answers, PlanContext, ProjectInfo, Target, TargetInit } from "../targets/types.js";
import { configuredProviders } from "../transforms/auth-providers.js";

/** Where init writes the runtime package unless told otherwise. */
export const DEFAULT_RUNTIME_DIR = "vendor/auth-runtime";
/** The first line of the block init appends to the env file. */
export const ENV_HEADER =
  "Auth (added by create-auth): AUTH_SECRET encrypts sessions; keep it secret, one per environment.";

export interface RemoveSetup {
  info: ProjectInfo;
  target: Target;
  reader: ProjectReader;
  runtimeDir: string;
  /** The context init would plan with for the answers read back. */
  context: PlanContext;
  init: TargetInit;
  authPath: string;
  authSource: string | null;
}

/** `file:./vendor/auth-runtime` → `vendor/auth-runtime`; null for any other kind of dependency. */
function linkedRuntimeDir(info: ProjectInfo): string | null {
  const pkg = info.packageJson;
  const spec = pkg.dependencies?.[RUNTIME_PACKAGE_NAME] ?? pkg.devDependencies?.[RUNTIME_PACKAGE_NAME];
  if (!spec?.startsWith("file:")) return null;
  const dir = path.posix.normalize(spec.slice("file:".length).replaceAll("\\", "/")).replace(/\/+$/, "");
  return dir === "." || dir === "" || dir.startsWith("..") ? null : dir;
}

/** The database a client module init wrote connects to, by the driver it imports. */
function databaseOf(client: string | null): { db: Database; nodeVersion?: string } | null {
  if (client === null) return null;
  if (client.includes('"better-sqlite3"')) return { db: "sqlite", nodeVersion: "20.0.0" };
  if (client.includes('"node:sqlite"')) return { db: "sqlite" };
  if (client.includes('"pg"')) return { db: "postgres" };
  if (client.includes('"mysql2/promise"')) return { db: "mysql" };
  return null;
}

export function providersOf(source: string | null, file: string): ProviderEntry[] {
  if (source === null) return [];
  try {
    return configuredProviders(source, file).flatMap((specifier) => {
      const provider = findProvider(specifier.split("/").pop() ?? "");
      return provider ? [provider] : [];
    });
  } catch {
    return [];
  }
}

export async function findRemoveSetup(options: {
  reader: ProjectReader;
  userAgent: string | undefined;
  runtime: RuntimeSource;
  loadRender(framework: string): Promise<PlanContext["render"]>;
}): Promise<RemoveSetup> {
  const { reader } = options;
  const { info, target } = detectProject(reader, { userAgent: options.userAgent });
  const runtimeDir = linkedRuntimeDir(info) ?? DEFAULT_RUNTIME_DIR;
  const answers: Answers = {
    framework: target.id,
    providers: [],
    strategy: "jwt",
    db: "none",
    orm: "none",
    runtimeDir,
  };
  const context: PlanContext = {
    info,
    answers,
    reader,
    secret: "",
    runtime: options.runtime,
    render: await options.loadRender(target.id),
    overwrite: new Set(),
  };
  const first = target.init(context);
  const authPath = first.auth.path;
  const authSource = reader.read(authPath);
  const database = databaseOf(reader.read(first.database.clientFile));
  answers.providers = providersOf(authSource, authPath);
  answers.strategy = authSource && /strategy:\s*["']database["']/.test(authSource) ? "database" : "jwt";
  if (database) {
    answers.db = database.db;
    if (database.nodeVersion) context.nodeVersion = database.nodeVersion;
  }
  // init --orm: the auth module hands the ORM adapter the app's client, in the dialect its ORM setup names.
  const orm = /\/adapters\/(drizzle|prisma)["']/.exec(authSource ?? "")?.[1] as "drizzle" | "prisma" | undefined;
  const dialect = orm ? projectOrms(reader, info).find((found) => found.orm === orm)?.dialect : undefined;
  if (orm && dialect) {
    answers.orm = orm;
    answers.db = dialect;
  }
  const evidence =
    linkedRuntimeDir(info) !== null ||
    reader.exists(`${runtimeDir}/MANIFEST.json`) ||
    (authSource?.includes(RUNTIME_PACKAGE_NAME) ?? false) ||
    (reader.read(info.envFile)?.includes(ENV_HEADER) ?? false);
  if (!evidence) {
    throw new CliError(
      "NotSetUp",
      `${info.root} has no create-auth setup (no ${RUNTIME_PACKAGE_NAME} link in package.json, no ${runtimeDir}/MANIFEST.json, no auth ${first.auth.noun ?? "module"} at ${authPath}): nothing to remove.`,
    );
  }
  return { info, target, reader, runtimeDir, context, init: target.init(context), authPath, authSource };
}
