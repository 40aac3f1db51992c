/**
 * The tables and columns an adapter queries, as doctor's database checks compare them with the live database
 * (commands/doctor/database.ts, commands/doctor/users-table.ts): the shape every flavour reads its schema into, and the table
 * model's own names, which the built-in SQL adapters query and every ORM falls back to where its schema
 * says nothing. Each ORM's reading is in its folder (drizzle/doctor-tables.ts, prisma/doctor-tables.ts).
 */
import { type Table, tables } from "./model.js";

/** One table as the adapter will query it: its model table, its SQL name and column names, and who says so. */
export interface ExpectedTable {
  model: Table;
  name: string;
  columns: string[];
  /** The schema file the names were read from; null for the table model's own names. */
  declaredIn: string | null;
  /**
   * Each field (the key the adapter writes: a Prisma field, a Drizzle column key; a SQL column for the SQL
   * adapters) → its SQL column. Only what could be read: the table model's own names otherwise.
   */
  fields: Record<string, string>;
  /** SQL columns the ORM's client fills on insert itself (`@default(cuid())`, `@updatedAt`, `$defaultFn`). */
  clientFilled: string[];
  /**
   * A Prisma model the app's schema does not have (`User` deleted from schema.prisma), and that schema: the
   * generated client has no such model, so no table name, default or mapped, makes the adapter's queries
   * work. `name` and `columns` are then the table model's, for a reader that does not know this field.
   */
  missingModel?: { model: string; schema: string };
  /**
   * The auth module that hands the adapter its tables without this one, a provider's own (Drizzle's tables
   * object without `passwords`): the adapter then has no methods for it, whatever the database holds.
   */
  notHanded?: string;
}

/** A table under the table model's own names: what the built-in SQL adapters and every default query. */
export const modelNames = (table: Table): ExpectedTable => ({
  model: table,
  name: table.name,
  columns: table.columns.map((column) => column.name),
  declaredIn: null,
  fields: Object.fromEntries(table.columns.map((column) => [column.field, column.name])),
  clientFilled: [],
});

/** The built-in SQL adapters query the table model's names (`of`: the tables the app's providers need). */
export function modelTables(of: readonly Table[] = tables): ExpectedTable[] {
  return of.map(modelNames);
}
