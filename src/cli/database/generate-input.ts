/**
 * What `generate` plans with, read from an app (database/generate-steps.ts GenerateInput): where a new
 * Drizzle schema module goes, the database URL setting, the auth module's adapter and SQLite's client module,
 * and the tables its providers need. `auth generate` and add-provider (database/provider-tables.ts) read the
 * app the same way, so both write the same schema. Reads only.
 */
import { moduleShape } from "../edit/ast.js";
import { resolveImport } from "../project/imports.js";
import type { ProjectReader } from "../project/reader.js";
import type { ProjectInfo } from "../project/types.js";
import { namesDatabase } from "./connect.js";
import type { GenerateInput } from "./generate-steps.js";
import type { Table } from "./model.js";
import { projectEnv } from "./project-env.js";
import { configuredAdapter } from "./setup.js";
import type { DatabaseSetup } from "./setup-types.js";
import { databaseState } from "./state.js";

/** Where a new Drizzle schema module goes: beside the app's code, in its language. */
export function defaultDrizzleFile(info: Pick<ProjectInfo, "srcDir" | "language">): string {
  return `${info.srcDir ? "src/" : ""}db/auth-schema.${info.language}`;
}

/** The client module of a SQLite setup, which runs the first migration's CREATE statements on open. */
export function sqliteClientOf(reader: ProjectReader, info: ProjectInfo, authFile: string): string | null {
  const source = reader.read(authFile) ?? "";
  for (const specifier of moduleShape(source, authFile).references) {
    const file = resolveImport(reader, info.aliases, authFile, specifier);
    if (file && reader.read(file)?.includes("-- Auth tables for sqlite")) return file;
  }
  return null;
}

/**
 * generate's input for the app at `root`, before what its SQL path reads from the live database. With the
 * process environment, whether the app's settings name a database yet, read as migrate reads them.
 */
export function generateInput(
  reader: ProjectReader,
  root: string,
  info: ProjectInfo,
  setup: DatabaseSetup,
  tables: readonly Table[],
  processEnv?: Readonly<Record<string, string | undefined>>,
): GenerateInput {
  const { setting } = databaseState(reader, info);
  const env = processEnv && projectEnv(reader, processEnv, info.envFile).env;
  return {
    reader,
    root,
    setup,
    defaultDrizzleFile: defaultDrizzleFile(info),
    packageJson: info.packageJson,
    databaseUrlKey: setting.key ?? "DATABASE_URL",
    ...(env ? { env: { file: info.envFile, namesDatabase: namesDatabase(env, setting) } } : {}),
    tables,
    authModule: configuredAdapter(reader, info),
  };
}
