/**
 * Rows to records for the SQL adapters (`postgres`, `mysql`): the columns each table stores, in the table
 * model's snake_case names, and the conversions a driver's values need on the way back (row-records.ts maps
 * the columns to fields, for SQLite too). Drivers differ in what they return (pg: BIGINT as a string; mysql2:
 * BOOLEAN as 0/1, BIGINT as a number or, configured so, a string), so every conversion is explicit and
 * refuses values it cannot convert exactly.
 */
import { AdapterError } from "../errors.js";
import { rowRecords } from "./row-records.js";

/** TIMESTAMPTZ and DATETIME come back from pg and mysql2 as Date objects unless configured otherwise. */
export function toDate(value: unknown, column: string): Date {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value;
  throw new AdapterError(
    `Column ${column} came back as ${typeof value} ${JSON.stringify(value)}, not a Date: ` +
      "configure the database driver to return dates as Date objects (mysql2: leave `dateStrings` off).",
  );
}

/** BIGINT columns hold seconds and counters: exact integers, whatever type the driver chose. */
export function toInteger(value: unknown, column: string): number {
  const number = typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : value;
  const converted = typeof number === "bigint" ? Number(number) : number;
  if (typeof converted === "number" && Number.isSafeInteger(converted)) return converted;
  throw new AdapterError(
    `Column ${column} holds ${String(value)}, which is not an integer JavaScript represents exactly.`,
  );
}

/** BOOLEAN is a real boolean in PostgreSQL and TINYINT(1) (0/1) in MySQL and MariaDB. */
export function toBoolean(value: unknown, column: string): boolean {
  if (typeof value === "boolean") return value;
  if (value === 0 || value === 1 || value === "0" || value === "1") return Number(value) === 1;
  throw new AdapterError(`Column ${column} holds ${String(value)}, which is not a boolean.`);
}

/** The records of PostgreSQL's and MySQL's rows, read with the conversions above. */
export const records = rowRecords({ date: toDate, integer: toInteger, boolean: toBoolean });
