/**
 * The numbered SQL migrations: the first is the model's whole schema; a folder written by an older model
 * gets one migration with exactly what it lacks, which real SQLite, PostgreSQL and MariaDB apply on top of
 * the old one to reach the same tables as the current schema; a folder that has everything gets none; what
 * the user added or removed in the files is read as it is.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import fc from "fast-check";
import mysql from "mysql2/promise";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { tables } from "../../../../src/cli/database/model.js";
import {
  MIGRATIONS_DIR,
  type MigrationFile,
  migrationFiles,
  nextMigration,
  sqlStatements,
} from "../../../../src/cli/database/sql/migrations.js";
import { type SqlDialect, sqlDialects, sqlSchema } from "../../../../src/cli/database/sql/render.js";
import { diskReader } from "../../../../src/cli/project/reader.js";
import { createMariaDBDatabase } from "../../../support/mariadb.mjs";
import { createPostgresDatabase } from "../../../support/postgres.mjs";

const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops.splice(0)) await drop();
});

interface Older {
  tables?: string[];
  /** `table.column`: nullable columns outside any key. */
  columns?: string[];
  indexes?: string[];
}

/** The 0001 an older table model would have written: today's schema without the given tables, columns and indexes. */
function olderFirst(dialect: SqlDialect, older: Older): MigrationFile {
  const kept = sqlStatements(sqlSchema(dialect), dialect).filter((statement) => {
    const index = /^CREATE INDEX IF NOT EXISTS (\w+) ON (\w+)/.exec(statement);
    if (index) return !older.indexes?.includes(index[1]!) && !older.tables?.includes(index[2]!);
    return !older.tables?.includes(/^CREATE TABLE IF NOT EXISTS (\w+)/.exec(statement)![1]!);
  });
  const sql = kept.map((statement) => {
    const table = /^CREATE TABLE IF NOT EXISTS (\w+)/.exec(statement)?.[1];
    let text = statement;
    for (const dropped of older.columns ?? []) {
      const [owner, column] = dropped.split(".");
      if (owner === table) text = text.replace(new RegExp(`\\n  ${column} [^\\n]*,`), "");
    }
    for (const index of older.indexes ?? []) text = text.replace(new RegExp(`\\n  INDEX ${index} [^\\n]*,`), "");
    return text;
  });
  return { name: "0001_auth_tables.sql", sql: `-- An older model's tables.\n\n${sql.join(";\n\n")};\n` };
}

/** The columns (name, type, nullability) and index names a database ends up with, from its own catalog. */
type Described = { columns: string[]; indexes: string[] };

function describeSqlite(statements: string[]): Described {
  const db = new Database(":memory:");
  for (const sql of statements) db.exec(sql);
  const columns = tables.flatMap((table) =>
    (db.prepare(`PRAGMA table_info(${table.name})`).all() as { name: string; type: string; notnull: number }[]).map(
      (c) => `${table.name}.${c.name} ${c.type}${c.notnull ? " NOT NULL" : ""}`,
    ),
  );
  const indexes = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex%'")
    .all()
    .map((row) => (row as { name: string }).name);
  db.close();
  return { columns: columns.sort(), indexes: indexes.sort() };
}

async function describePostgres(statements: string[]): Promise<Described> {
  const database = await createPostgresDatabase();
  drops.push(database.drop);
  const pool = new pg.Pool(database.connection);
  try {
    for (const sql of statements) await pool.query(sql);
    const columns = await pool.query(
      "SELECT table_name || '.' || column_name || ' ' || data_type || CASE WHEN is_nullable = 'NO' THEN ' NOT NULL' ELSE '' END AS c FROM information_schema.columns WHERE table_schema = 'public'",
    );
    const indexes = await pool.query("SELECT indexname AS i FROM pg_indexes WHERE schemaname = 'public'");
    return {
      columns: columns.rows.map((row) => row.c as string).sort(),
      indexes: indexes.rows.map((row) => row.i as string).sort(),
    };
  } finally {
    await pool.end();
  }
}

async function describeMariaDB(statements: string[]): Promise<Described> {
  const database = await createMariaDBDatabase();
  drops.push(database.drop);
  const connection = await mysql.createConnection({ ...database.connection, multipleStatements: true });
  try {
    for (const sql of statements) await connection.query(sql);
    const [columns] = await connection.query(
      "SELECT CONCAT(table_name, '.', column_name, ' ', column_type, IF(is_nullable = 'NO', ' NOT NULL', '')) AS c FROM information_schema.columns WHERE table_schema = DATABASE()",
    );
    const [indexes] = await connection.query(
      "SELECT DISTINCT CONCAT(table_name, '.', index_name) AS i FROM information_schema.statistics WHERE table_schema = DATABASE()",
    );
    return {
      columns: (columns as { c: string }[]).map((row) => row.c).sort(),
      indexes: (indexes as { i: string }[]).map((row) => row.i).sort(),
    };
  } finally {
    await connection.end();
  }
}

const describers: Record<SqlDialect, (statements: string[]) => Described | Promise<Described>> = {
  sqlite: describeSqlite,
  postgres: describePostgres,
  mysql: describeMariaDB,
};

describe("the first migration", () => {
  it.each(sqlDialects)("%s: an empty folder gets 0001_auth_tables.sql, the model's whole schema", (dialect) => {
    expect(nextMigration([], dialect)).toEqual({ name: "0001_auth_tables.sql", sql: sqlSchema(dialect) });
  });

  it.each(sqlDialects)("%s: a folder holding it gets nothing more", (dialect) => {
    expect(nextMigration([{ name: "0001_auth_tables.sql", sql: sqlSchema(dialect) }], dialect)).toBeNull();
  });

  it("applies without error on a database created earlier from the old auth-schema.sql (same statements)", () => {
    const described = describeSqlite([sqlSchema("sqlite"), nextMigration([], "sqlite")!.sql]);
    expect(described).toEqual(describeSqlite([sqlSchema("sqlite")]));
  });
});

describe("a folder written by an older model (no authenticators table, no accounts.session_state)", () => {
  const older: Older = { tables: ["authenticators"], columns: ["accounts.session_state"] };

  it.each(sqlDialects)("%s: 0002 adds exactly the table with its index, and the column", (dialect) => {
    const first = olderFirst(dialect, older);
    expect(first.sql).not.toContain("authenticators");
    expect(first.sql).not.toContain("session_state");
    const next = nextMigration([first], dialect)!;
    expect(next.name).toBe("0002_accounts_session_state_and_authenticators.sql");
    const statements = sqlStatements(next.sql, dialect);
    expect(statements[0]).toBe("ALTER TABLE accounts ADD COLUMN session_state TEXT");
    expect(statements[1]).toMatch(/^CREATE TABLE IF NOT EXISTS authenticators \(/);
    expect(statements.slice(2)).toEqual(
      dialect === "mysql" ? [] : ["CREATE INDEX IF NOT EXISTS authenticators_user_id_idx ON authenticators (user_id)"],
    );
    expect(nextMigration([first, next], dialect)).toBeNull();
  });

  it.each(sqlDialects)(
    "%s: the old 0001 then 0002 leave the same columns and indexes as the current schema",
    async (dialect) => {
      const first = olderFirst(dialect, older);
      const next = nextMigration([first], dialect)!;
      const migrated = await describers[dialect]([first.sql, next.sql]);
      const current = await describers[dialect]([sqlSchema(dialect)]);
      expect(migrated).toEqual(current);
      expect(migrated.columns).toContain(`accounts.session_state ${dialect === "sqlite" ? "TEXT" : "text"}`);
    },
    60_000,
  );

  it("keeps a column the user added to 0001, never adding or dropping it", () => {
    const first = olderFirst("sqlite", older);
    first.sql = first.sql.replace("  image TEXT,", "  image TEXT,\n  role TEXT,");
    const next = nextMigration([first], "sqlite")!;
    expect(next.sql).not.toMatch(/\brole\b/);
    expect(describeSqlite([first.sql, next.sql]).columns).toContain("users.role TEXT");
    expect(nextMigration([first, next], "sqlite")).toBeNull();
  });
});

/** The nullable columns outside any key: the ones an older model could have lacked and ADD COLUMN can add. */
const addable = tables.flatMap((table) =>
  table.columns
    .filter(
      (column) =>
        column.nullable &&
        ![table.primaryKey, ...table.unique, ...table.foreignKeys.map((key) => key.columns)]
          .flat()
          .includes(column.name),
    )
    .map((column) => `${table.name}.${column.name}`),
);
const indexNames = tables.flatMap((table) => table.indexes.map((index) => index.name));

describe("any older model", () => {
  it.each(sqlDialects)("%s: one migration brings it to the current tables, and a second finds nothing", (dialect) => {
    fc.assert(
      fc.property(
        fc.record({
          tables: fc.subarray(tables.slice(1).map((table) => table.name)),
          columns: fc.subarray(addable),
          indexes: fc.subarray(indexNames),
        }),
        (older) => {
          const first = olderFirst(dialect, older);
          const next = nextMigration([first], dialect);
          const missing =
            older.tables.length + older.indexes.filter((i) => !older.tables.some((t) => i.startsWith(t))).length;
          const missingColumns = older.columns.filter((c) => !older.tables.includes(c.split(".")[0]!));
          if (missing + missingColumns.length === 0) {
            expect(next).toBeNull();
            return;
          }
          expect(next!.name).toMatch(/^0002_\w+\.sql$/);
          for (const column of missingColumns) {
            expect(next!.sql).toContain(`ALTER TABLE ${column.split(".")[0]} ADD COLUMN ${column.split(".")[1]} `);
          }
          expect(nextMigration([first, next!], dialect)).toBeNull();
          if (dialect === "sqlite") {
            expect(describeSqlite([first.sql, next!.sql])).toEqual(describeSqlite([sqlSchema("sqlite")]));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("reading what the files create", () => {
  const first = { name: "0001_auth_tables.sql", sql: sqlSchema("postgres") };

  it("reads quoted and qualified names, any case, and comments holding semicolons", () => {
    const own: MigrationFile = {
      name: "0001_auth_tables.sql",
      sql: sqlSchema("postgres")
        .replace("CREATE TABLE IF NOT EXISTS users (", '-- users; ours\ncreate table "public"."Users" (')
        .replace("CREATE INDEX IF NOT EXISTS sessions_user_id_idx", "/* ; */ create index sessions_user_id_idx"),
    };
    expect(nextMigration([own], "postgres")).toBeNull();
  });

  it("re-adds a column a later file dropped, numbered after the highest file", () => {
    const dropped = { name: "0007_trim.sql", sql: "ALTER TABLE accounts DROP COLUMN IF EXISTS scope;" };
    expect(nextMigration([first, dropped], "postgres")).toMatchObject({
      name: "0008_accounts_scope.sql",
      sql: expect.stringContaining("ALTER TABLE accounts ADD COLUMN scope TEXT;"),
    });
  });

  it("counts columns added and renamed by ALTER TABLE, and indexes made by CREATE INDEX", () => {
    const older = olderFirst("postgres", { columns: ["users.image", "users.name"], indexes: ["sessions_user_id_idx"] });
    const own: MigrationFile = {
      name: "0002_mine.sql",
      sql: 'ALTER TABLE users ADD COLUMN "image" text, ADD nickname text;\nALTER TABLE users RENAME COLUMN nickname TO name;\nCREATE INDEX IF NOT EXISTS sessions_user_id_idx ON sessions (user_id);',
    };
    expect(nextMigration([older, own], "postgres")).toBeNull();
  });

  it("creates again a table a later file dropped or renamed away, and ignores constraints dropped", () => {
    const later: MigrationFile = {
      name: "0002_mine.sql",
      sql: "DROP TABLE IF EXISTS verification_tokens;\nALTER TABLE authenticators RENAME TO passkeys;\nALTER TABLE users DROP CONSTRAINT users_email_key;",
    };
    const next = nextMigration([first, later], "postgres")!;
    expect(next.name).toBe("0003_verification_tokens_and_authenticators.sql");
    expect(nextMigration([first, later, next], "postgres")).toBeNull();
  });

  it("MySQL: adds a missing index with ALTER TABLE, and reads indexes declared in the table", () => {
    const older = olderFirst("mysql", { indexes: ["accounts_user_id_idx"] });
    const next = nextMigration([older], "mysql")!;
    expect(next.name).toBe("0002_accounts_user_id_idx.sql");
    expect(sqlStatements(next.sql, "mysql")).toEqual(["ALTER TABLE accounts ADD INDEX accounts_user_id_idx (user_id)"]);
    expect(nextMigration([{ name: "0001_x.sql", sql: sqlSchema("mysql") }], "mysql")).toBeNull();
  });

  it("says why a NOT NULL column of the model is added nullable", () => {
    const older = olderFirst("sqlite", {});
    older.sql = older.sql.replace("\n  counter INTEGER NOT NULL,", "");
    const next = nextMigration([older], "sqlite")!;
    expect(next.sql).toContain(
      "-- authenticators.counter is NOT NULL in the table model; added nullable and outside any key, because the rows already in authenticators have no value for it. Fill it in, then add the constraint.\nALTER TABLE authenticators ADD COLUMN counter INTEGER;",
    );
  });
});

describe("migrationFiles", () => {
  it("lists the folder's .sql files in name order, with their text", () => {
    const root = path.join(os.tmpdir(), `create-auth-migrations-${process.pid}-${Date.now()}`);
    mkdirSync(path.join(root, MIGRATIONS_DIR), { recursive: true });
    writeFileSync(path.join(root, MIGRATIONS_DIR, "0002_b.sql"), "-- b\n");
    writeFileSync(path.join(root, MIGRATIONS_DIR, "0001_a.sql"), "-- a\n");
    writeFileSync(path.join(root, MIGRATIONS_DIR, "README.md"), "notes\n");
    expect(migrationFiles(diskReader(root), MIGRATIONS_DIR)).toEqual([
      { name: "0001_a.sql", sql: "-- a\n" },
      { name: "0002_b.sql", sql: "-- b\n" },
    ]);
    expect(migrationFiles(diskReader(root), "nowhere")).toEqual([]);
  });
});
