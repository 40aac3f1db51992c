/**
 * The tables and columns the app's adapter queries, for every doctor check that reads them (database.ts,
 * users-table.ts): read from the app's own ORM schema by its ORM (database/orms.ts), else the table model's
 * names the built-in SQL adapters query.
 */
import { type ExpectedTable, modelTables } from "../../database/expected-tables.js";
import { isSchemaOrm } from "../../database/flavours.js";
import type { Table } from "../../database/model.js";
import { ORMS } from "../../database/orms.js";
import type { ProjectReader } from "../../project/reader.js";
import type { ProjectInfo } from "../../project/types.js";

/**
 * The tables the app's adapter queries, for every check that reads them (database.ts, users-table.ts): the
 * ORM's schema as that ORM reads it (Prisma's models, the Drizzle tables the auth module passes), else the
 * table model's names.
 */
export function expectedTables(
  reader: ProjectReader,
  info: ProjectInfo,
  adapter: { file: string; adapter: string },
  of?: readonly Table[],
): ExpectedTable[] {
  return isSchemaOrm(adapter.adapter)
    ? ORMS[adapter.adapter].expectedTables(reader, info, adapter.file, of)
    : modelTables(of);
}
