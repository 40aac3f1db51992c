import type { AdapterTestDatabase } from "../../src/runtime/adapters/testing.js";

export function sqliteModelReader(db: {
  prepare(sql: string): { get(...values: never[]): unknown };
}): AdapterTestDatabase;
