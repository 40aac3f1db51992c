// The drizzle adapter's default passwords tables (src/runtime/adapters/drizzle-tables/<dialect>-passwords.ts)
// are the CLI's Drizzle generator output for the table model's passwords table, kept as file snapshots as
// the auth tables beside them are (test/cli/database/drizzle/render.test.ts): after a change to the model,
// `vitest -u` on this file rewrites them. Each is then checked, through Drizzle's own table config, against
// the model, so the default tables cannot drift from the SQL the other adapters use.
import { getTableName, type Table } from "drizzle-orm";
import { getTableConfig as mysqlTableConfig } from "drizzle-orm/mysql-core";
import { getTableConfig as pgTableConfig } from "drizzle-orm/pg-core";
import { getTableConfig as sqliteTableConfig } from "drizzle-orm/sqlite-core";
import { describe, expect, test } from "vitest";
import { drizzleBuilders, drizzleCoreModule, drizzleTableSource } from "../../../src/cli/database/drizzle/render.js";
import { passwords } from "../../../src/cli/database/model.js";
import type { SqlDialect } from "../../../src/cli/database/sql/render.js";
import * as mysqlPasswords from "../../../src/runtime/adapters/drizzle-tables/mysql-passwords.js";
import * as pgPasswords from "../../../src/runtime/adapters/drizzle-tables/pg-passwords.js";
import * as sqlitePasswords from "../../../src/runtime/adapters/drizzle-tables/sqlite-passwords.js";

const modules: Record<SqlDialect, { module: string; table: Table }> = {
  postgres: { module: "pg", table: pgPasswords.passwords },
  sqlite: { module: "sqlite", table: sqlitePasswords.passwords },
  mysql: { module: "mysql", table: mysqlPasswords.passwords },
};

/** The module's text: the generator's table beside the auth tables' module, whose users it references. */
function passwordsModule(dialect: SqlDialect): string {
  const builders = drizzleBuilders(dialect, [passwords]);
  return [
    `// The passwords table for ${dialect} as a Drizzle table, written by create-auth from its table model: the`,
    "// password provider's storage, one hash per user, beside the auth tables of the module it imports.",
    `import { ${builders.join(", ")} } from ${JSON.stringify(drizzleCoreModule(dialect))};`,
    `import { users } from "./${modules[dialect].module}.js";`,
    "",
    `${drizzleTableSource(passwords, dialect)}`,
    "",
  ].join("\n");
}

function configOf(dialect: SqlDialect, table: Table) {
  if (dialect === "postgres") return pgTableConfig(table as never);
  if (dialect === "sqlite") return sqliteTableConfig(table as never);
  return mysqlTableConfig(table as never);
}

describe.each(["postgres", "sqlite", "mysql"] as const)("the %s passwords table", (dialect) => {
  test("is the generator's output for the model's passwords table", async () => {
    await expect(passwordsModule(dialect)).toMatchFileSnapshot(
      `../../../src/runtime/adapters/drizzle-tables/${modules[dialect].module}-passwords.ts`,
    );
  });

  test("has the model's columns, key and foreign key to users (on delete cascade)", () => {
    const config = configOf(dialect, modules[dialect].table);
    expect(config.name).toBe("passwords");
    expect(config.columns.map((column) => [column.name, column.notNull])).toEqual(
      passwords.columns.map((column) => [column.name, !column.nullable]),
    );
    expect(config.primaryKeys.map((key) => key.columns.map((column) => column.name))).toEqual([["user_id"]]);
    const [foreignKey] = config.foreignKeys;
    expect(config.foreignKeys).toHaveLength(1);
    expect(getTableName(foreignKey!.reference().foreignTable)).toBe("users");
    expect(foreignKey!.onDelete).toBe("cascade");
  });
});
