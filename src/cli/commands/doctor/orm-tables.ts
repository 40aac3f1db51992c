/**
 * The tables and columns the app's adapter queries, for every doctor check that reads them (database.ts,
 * users-table.ts): read from the app's own ORM schema by its flavour (database/prisma/doctor-tables.ts,
 * database/drizzle/doctor-tables.ts), else the table model's names the built-in SQL adapters query.
 */
import { drizzleTables } from "../../database/drizzle/doctor-tables.js";
import { type ExpectedTable, modelTables } from "../../database/expected-tables.js";
import { prismaTables } from "../../database/prisma/doctor-tables.js";
import type { ProjectReader } from "../../project/reader.js";
import type { ProjectInfo } from "../../project/types.js";

/**
 * The tables the app's adapter queries, for every check that reads them (database.ts, users-table.ts): the
 * Prisma schema's models, the Drizzle tables the auth module passes, else the table model's names.
 */
export function expectedTables(
  reader: ProjectReader,
  info: ProjectInfo,
  adapter: { file: string; adapter: string },
): ExpectedTable[] {
  if (adapter.adapter === "prisma") return prismaTables(reader, info);
  if (adapter.adapter === "drizzle") return drizzleTables(reader, info, adapter.file);
  return modelTables();
}
