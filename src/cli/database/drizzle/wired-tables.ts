/**
 * Where an app init already set up keeps its Drizzle auth tables: the module its auth module imports them
 * from, wherever the app keeps it (init writes them beside the client module, where the usual places
 * findDrizzleProject looks may not reach).
 */
import { moduleShape } from "../../edit/ast.js";
import { resolveImport } from "../../project/imports.js";
import type { ProjectReader } from "../../project/reader.js";
import type { ProjectInfo } from "../../project/types.js";
import type { SqlDialect } from "../flavours.js";
import { dialectFromCoreModule, drizzleModuleTables } from "./module.js";

/**
 * The Drizzle module the auth module takes its tables from: of the app's modules it imports, the one that
 * defines the `users` table (init writes the auth tables beside the client module, where the usual places
 * findDrizzleProject looks may not reach).
 */
export function authTablesModule(
  reader: ProjectReader,
  aliases: ProjectInfo["aliases"],
  authFile: string,
): { file: string; dialect: SqlDialect | null } | null {
  const source = reader.read(authFile);
  if (source === null) return null;
  for (const specifier of moduleShape(source, authFile).references) {
    const file = resolveImport(reader, aliases, authFile, specifier);
    if (file === null) continue;
    const module = drizzleModuleTables(reader.read(file) ?? "", file);
    if (!module.tables.some((table) => table.sqlName === "users")) continue;
    const dialect = module.coreImports.map((entry) => dialectFromCoreModule(entry.module)).find(Boolean) ?? null;
    return { file, dialect };
  }
  return null;
}
