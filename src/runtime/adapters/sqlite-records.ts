/**
 * Records to SQLite values and back, for the tables of `create-auth`'s SQLite schema. SQLite has no date
 * or boolean type: dates are stored as INTEGER milliseconds since the epoch (they sort and compare as
 * numbers and carry no time zone), booleans as 0/1. Conversions refuse values they cannot convert exactly,
 * so a table of another shape fails loudly instead of returning wrong records.
 */
import { AdapterError } from "../errors.js";
import type { AdapterAuthenticator } from "../types.js";
import { authenticatorValues as recordValues, rowRecords } from "./row-records.js";

/** What SQLite can bind: both drivers refuse booleans and Dates, node:sqlite also `undefined`. */
export type SqliteValue = string | number | bigint | null;

export function integerFromColumn(value: unknown, column: string): number {
  const number = typeof value === "bigint" ? Number(value) : value;
  if (typeof number === "number" && Number.isSafeInteger(number)) return number;
  throw new AdapterError(
    `Column ${column} holds ${String(value)}, not an integer: is the table from create-auth's schema?`,
  );
}

export function dateFromColumn(value: unknown, column: string): Date {
  return new Date(integerFromColumn(value, column));
}

export function booleanFromColumn(value: unknown, column: string): boolean {
  if (value !== 0 && value !== 1) throw new AdapterError(`Column ${column} holds ${String(value)}, not 0 or 1.`);
  return value === 1;
}

export function dateToColumn(date: Date | string | number): number {
  const milliseconds = new Date(date).getTime();
  if (Number.isNaN(milliseconds)) throw new AdapterError(`Cannot store the invalid date ${String(date)}.`);
  return milliseconds;
}

/** An app column's value from `newUserColumns` as SQLite binds it: no booleans or Dates there. */
export function sqliteValue(value: unknown): SqliteValue {
  if (value instanceof Date) return dateToColumn(value);
  if (typeof value === "boolean") return value ? 1 : 0;
  return value as SqliteValue;
}

/** The records of SQLite's rows: dates from milliseconds, booleans only from 0 or 1. */
export const records = rowRecords({ date: dateFromColumn, integer: integerFromColumn, boolean: booleanFromColumn });

/** An authenticator's values as SQLite binds them: the counter an exact integer, the flag 0/1. */
export function authenticatorValues(authenticator: AdapterAuthenticator, userId: SqliteValue): SqliteValue[] {
  const counter = integerFromColumn(authenticator.counter, "authenticators.counter");
  return recordValues({ ...authenticator, counter }, userId).map(sqliteValue);
}
