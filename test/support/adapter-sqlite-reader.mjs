// The conformance suite's direct reads for the SQLite adapter: plain SELECTs on the tables of the table
// model, each column turned into its record field through the model (not through the adapter's code), so
// an adapter writing the wrong column, or a value of the wrong type, shows up as a wrong stored record.
// Works with node:sqlite and better-sqlite3 (both have a synchronous prepare/get).
import { passwords, tables } from "../../src/cli/database/model.js";

/** A stored SQLite value as the record holds it, per the model's logical type; anything odd is kept raw. */
function fieldValue(column, value) {
  if (value === null || value === undefined) return null;
  if (column.type === "timestamp") return typeof value === "number" ? new Date(value) : value;
  if (column.type === "boolean") return value === 0 || value === 1 ? value === 1 : value;
  return value;
}

function recordFromRow(table, row) {
  return Object.fromEntries(table.columns.map((column) => [column.field, fieldValue(column, row[column.name])]));
}

/** @param {{ prepare(sql: string): { get(...values: unknown[]): unknown } }} db */
export function sqliteModelReader(db) {
  function one(tableName, where) {
    const table = [...tables, passwords].find((candidate) => candidate.name === tableName);
    const columns = Object.keys(where);
    const sql = `SELECT * FROM ${tableName} WHERE ${columns.map((column) => `${column} = ?`).join(" AND ")}`;
    const row = db.prepare(sql).get(...Object.values(where));
    return Promise.resolve(row ? recordFromRow(table, row) : null);
  }
  return {
    user: (id) => one("users", { id }),
    account: ({ provider, providerAccountId }) => one("accounts", { provider, provider_account_id: providerAccountId }),
    session: (sessionToken) => one("sessions", { session_token: sessionToken }),
    verificationToken: ({ identifier, token }) => one("verification_tokens", { identifier, token }),
    authenticator: (credentialID) => one("authenticators", { credential_id: credentialID }),
    password: (userId) => one("passwords", { user_id: userId }),
  };
}
