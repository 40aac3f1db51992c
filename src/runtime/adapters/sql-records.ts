/**
 * Rows to records for the SQL adapters (`postgres`, `mysql`): the columns each table stores, in the table
 * model's snake_case names, and the conversions a driver's values need on the way back. Drivers differ
 * in what they return (pg: BIGINT as a string; mysql2: BOOLEAN as 0/1, BIGINT as a number or, configured so,
 * a string), so every conversion is explicit and refuses values it cannot convert exactly.
 */
import { AdapterError } from "../errors.js";
import type { AdapterAccount, AdapterAuthenticator, AdapterSession, AdapterUser, VerificationToken } from "../types.js";
import { accountTokenColumns, type Row } from "./sql-columns.js";

export {
  accountColumns,
  accountTokenColumns,
  authenticatorColumns,
  type ExpiringTable,
  expiredCondition,
  expiringTables,
  idAsText,
  type Row,
  selectColumns,
  sessionColumns,
  userColumns,
  userFieldColumns,
  verificationTokenColumns,
} from "./sql-columns.js";

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

const textOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

export function userFromRow(row: Row): AdapterUser {
  return {
    id: String(row.id),
    name: textOrNull(row.name),
    // The contract's AdapterUser has an email; a user stored without one reads back as null, as stored.
    email: textOrNull(row.email) as string,
    emailVerified: row.email_verified === null ? null : toDate(row.email_verified, "users.email_verified"),
    image: textOrNull(row.image),
  };
}

export function accountFromRow(row: Row): AdapterAccount {
  const account: AdapterAccount = {
    userId: String(row.user_id),
    type: String(row.type) as AdapterAccount["type"],
    provider: String(row.provider),
    providerAccountId: String(row.provider_account_id),
  };
  // Token fields the provider did not send stay absent rather than null, as they were when linked.
  for (const column of accountTokenColumns) {
    const value = row[column];
    if (value === null || value === undefined) continue;
    Object.assign(account, {
      [column]: column === "expires_at" ? toInteger(value, "accounts.expires_at") : String(value),
    });
  }
  return account;
}

/** The stored value of each token column, in `accountTokenColumns` order (null when absent). */
export function accountTokenValues(account: AdapterAccount): (string | number | null)[] {
  return accountTokenColumns.map((column) => {
    const value = account[column];
    if (value === undefined || value === null) return null;
    return column === "expires_at" ? toInteger(value, "accounts.expires_at") : String(value);
  });
}

export function sessionFromRow(row: Row): AdapterSession {
  return {
    sessionToken: String(row.session_token),
    userId: String(row.user_id),
    expires: toDate(row.expires, "sessions.expires"),
  };
}

export function verificationTokenFromRow(row: Row): VerificationToken {
  return {
    identifier: String(row.identifier),
    token: String(row.token),
    expires: toDate(row.expires, "verification_tokens.expires"),
  };
}

export function authenticatorFromRow(row: Row): AdapterAuthenticator {
  return {
    credentialID: String(row.credential_id),
    userId: String(row.user_id),
    providerAccountId: String(row.provider_account_id),
    credentialPublicKey: String(row.credential_public_key),
    counter: toInteger(row.counter, "authenticators.counter"),
    credentialDeviceType: String(row.credential_device_type),
    credentialBackedUp: toBoolean(row.credential_backed_up, "authenticators.credential_backed_up"),
    transports: textOrNull(row.transports),
  };
}
