// The conformance suite's direct reads for the SQL adapters' tests: plain `SELECT *` on the tables named in
// the table model, each column mapped to its record field through the model rather than through the adapter's
// own code, so an adapter that wrote the wrong column or the wrong type shows up as a wrong stored record.
import { passwords, type Table, tables } from "../../../src/cli/database/model.js";
import type { AdapterTestDatabase } from "../../../src/runtime/adapters/testing.js";

type Row = Record<string, unknown>;

/** Runs one SELECT with `?`-style values; the caller's driver decides the placeholder syntax. */
export type SelectRows = (table: string, where: string[], values: unknown[]) => Promise<Row[]>;

function table(name: string): Table {
  const found = [...tables, passwords].find((candidate) => candidate.name === name);
  if (!found) throw new Error(`The table model has no table "${name}"`);
  return found;
}

/** A row as its record: field names from the model; drivers' integer strings and 0/1 booleans converted. */
function recordFromRow(tableName: string, row: Row): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const column of table(tableName).columns) {
    const value = row[column.name];
    if (value === null || value === undefined) record[column.field] = null;
    else if (column.type === "integer") record[column.field] = Number(value);
    else if (column.type === "boolean") record[column.field] = value === true || value === 1;
    else record[column.field] = value;
  }
  return record;
}

/** The `db` option of `runAdapterTests`, reading through `select`. */
export function modelReads(select: SelectRows): AdapterTestDatabase {
  async function one<T>(tableName: string, where: Record<string, string>): Promise<T | null> {
    const rows = await select(tableName, Object.keys(where), Object.values(where));
    const [row] = rows;
    return row ? (recordFromRow(tableName, row) as T) : null;
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
