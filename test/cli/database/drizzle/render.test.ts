// drizzleSchema: the Drizzle table modules generated from the table model. The runtime's default tables
// (src/runtime/adapters/drizzle-tables/) are this generator's output, kept as its file snapshots: after a
// change to the model, `vitest -u` rewrites them. Each table is then checked, through Drizzle's own table
// config, against the model and against the SQL DDL, so the Drizzle tables cannot drift from either.
import { type Column, getTableName, type Table } from "drizzle-orm";
import { getTableConfig as mysqlTableConfig } from "drizzle-orm/mysql-core";
import { getTableConfig as pgTableConfig } from "drizzle-orm/pg-core";
import { getTableConfig as sqliteTableConfig } from "drizzle-orm/sqlite-core";
import { describe, expect, test } from "vitest";
import { drizzleSchema, drizzleTableName } from "../../../../src/cli/database/drizzle/render.js";
import { tables } from "../../../../src/cli/database/model.js";
import { type SqlDialect, sqlDialects, sqlSchema } from "../../../../src/cli/database/sql/render.js";
import * as mysqlTables from "../../../../src/runtime/adapters/drizzle-tables/mysql.js";
import * as pgTables from "../../../../src/runtime/adapters/drizzle-tables/pg.js";
import * as sqliteTables from "../../../../src/runtime/adapters/drizzle-tables/sqlite.js";

const modules: Record<SqlDialect, { file: string; tables: Record<string, Table> }> = {
  postgres: { file: "pg.ts", tables: pgTables },
  sqlite: { file: "sqlite.ts", tables: sqliteTables },
  mysql: { file: "mysql.ts", tables: mysqlTables },
};

/** What the three dialects' table configs share, in plain names. */
interface TableShape {
  name: string;
  columns: Array<{ key: string; name: string; type: string; notNull: boolean }>;
  primaryKeys: Array<{ name: string; columns: string[] }>;
  uniques: Array<{ name: string | undefined; columns: string[] }>;
  indexes: Array<{ name: string | undefined; columns: string[] }>;
  foreignKeys: Array<{ name: string; columns: string[]; table: string; foreignColumns: string[]; onDelete: unknown }>;
}

function shapeOf(dialect: SqlDialect, table: Table): TableShape {
  const config =
    dialect === "postgres"
      ? pgTableConfig(table as never)
      : dialect === "sqlite"
        ? sqliteTableConfig(table as never)
        : mysqlTableConfig(table as never);
  const names = (columns: Column[]) => columns.map((column) => column.name);
  const keyOf = (column: Column) =>
    Object.entries(table).find(([, candidate]) => candidate === column)?.[0] ?? "(no key)";
  return {
    name: config.name,
    columns: config.columns.map((column) => ({
      key: keyOf(column),
      name: column.name,
      type: column.getSQLType(),
      notNull: column.notNull,
    })),
    primaryKeys: config.primaryKeys.map((key) => ({ name: key.getName(), columns: names(key.columns) })),
    uniques: config.uniqueConstraints.map((unique) => ({ name: unique.name, columns: names(unique.columns) })),
    indexes: config.indexes.map((index) => ({
      name: index.config.name,
      columns: names(index.config.columns as Column[]),
    })),
    foreignKeys: config.foreignKeys.map((foreignKey) => {
      const reference = foreignKey.reference();
      return {
        name: foreignKey.getName(),
        columns: names(reference.columns),
        table: getTableName(reference.foreignTable),
        foreignColumns: names(reference.foreignColumns),
        onDelete: foreignKey.onDelete,
      };
    }),
  };
}

/** Each column's type as the dialect's DDL (sql.ts) spells it, by table and column. */
function ddlColumnTypes(dialect: SqlDialect): Map<string, string> {
  const types = new Map<string, string>();
  for (const [, table, body] of sqlSchema(dialect).matchAll(/CREATE TABLE IF NOT EXISTS (\w+) \(\n([\s\S]*?)\n\)/g)) {
    for (const line of (body ?? "").split("\n")) {
      const match = /^\s+(\w+) (.+?)( NOT NULL)?,?$/.exec(line);
      if (!match || /^(CONSTRAINT|INDEX)$/.test(match[1] ?? "")) continue;
      types.set(`${table}.${match[1]}`, (match[2] ?? "").toLowerCase());
    }
  }
  return types;
}

/** Drizzle's spelling of a type where it differs from the DDL's (the same SQL type). */
const sameType: Record<string, string> = {
  "timestamp (3) with time zone": "timestamptz(3)",
  "datetime(3)": "datetime(3)",
};

describe("drizzleSchema", () => {
  for (const dialect of sqlDialects) {
    test(`writes the ${dialect} tables, which are the runtime's default tables`, async () => {
      await expect(drizzleSchema(dialect)).toMatchFileSnapshot(
        `../../../../src/runtime/adapters/drizzle-tables/${modules[dialect].file}`,
      );
    });

    test(`the ${dialect} tables have exactly the model's tables, columns, keys, indexes and foreign keys`, () => {
      const defined = modules[dialect].tables;
      expect(Object.keys(defined).sort()).toEqual(tables.map(drizzleTableName).sort());
      for (const table of tables) {
        const shape = shapeOf(dialect, defined[drizzleTableName(table)] as Table);
        expect(shape.name).toBe(table.name);
        expect(shape.columns.map(({ key, name, notNull }) => ({ key, name, notNull }))).toEqual(
          table.columns.map((column) => ({ key: column.field, name: column.name, notNull: !column.nullable })),
        );
        expect(shape.primaryKeys).toEqual([{ name: `${table.name}_pkey`, columns: table.primaryKey }]);
        expect(shape.uniques).toEqual(
          table.unique.map((columns) => ({ name: `${table.name}_${columns.join("_")}_key`, columns })),
        );
        expect(shape.indexes).toEqual(table.indexes);
        expect(shape.foreignKeys).toEqual(
          table.foreignKeys.map((foreignKey) => ({
            name: `${table.name}_${foreignKey.columns.join("_")}_fkey`,
            columns: foreignKey.columns,
            table: foreignKey.references.table,
            foreignColumns: foreignKey.references.columns,
            onDelete: "cascade",
          })),
        );
      }
    });

    test(`every ${dialect} column has the SQL type of the ${dialect} DDL`, () => {
      const ddl = ddlColumnTypes(dialect);
      for (const table of tables) {
        const shape = shapeOf(dialect, modules[dialect].tables[drizzleTableName(table)] as Table);
        const drizzleTypes = shape.columns.map((column) => [column.name, sameType[column.type] ?? column.type]);
        expect(drizzleTypes).toEqual(
          table.columns.map((column) => [column.name, ddl.get(`${table.name}.${column.name}`)]),
        );
      }
    });
  }
});
