// The tables the adapters' tests create: the table model's DDL (what `init` writes) and the passwords table
// the password provider adds, per dialect, so every adapter's password methods run on a real table.
import { passwords } from "../../../src/cli/database/model.js";
import { type SqlDialect, sqlSchema, tableStatements } from "../../../src/cli/database/sql/render.js";

/** The auth tables of `dialect` and the passwords table: one multi-statement script. */
export function authSchema(dialect: SqlDialect): string {
  return `${sqlSchema(dialect)}\n${tableStatements(passwords, dialect).join("\n\n")}\n`;
}
