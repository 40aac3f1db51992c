/**
 * The adapters the account attacks run on: the memory adapter, and the SQLite adapter on a fresh in-memory
 * database with the schema the CLI writes. Each call makes a new, empty store.
 */
import Database from "better-sqlite3";
import { sqlSchema } from "../../../src/cli/database/sql/render.js";
import memory from "../../../src/runtime/adapters/memory.js";
import sqlite from "../../../src/runtime/adapters/sqlite.js";
import type { Adapter } from "../../../src/runtime/types.js";

export const ADAPTERS = {
  memory: (): Adapter => memory(),
  sqlite: (): Adapter => {
    const db = new Database(":memory:");
    db.exec(sqlSchema("sqlite"));
    return sqlite(db);
  },
};

export type AdapterKind = keyof typeof ADAPTERS;
