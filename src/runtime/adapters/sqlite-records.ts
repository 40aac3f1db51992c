/**
 * Records to SQLite values and back, for the tables of `create-auth`'s SQLite schema. SQLite has no date
 * or boolean type: dates are stored as INTEGER milliseconds since the epoch (they sort and compare as
 * numbers and carry no time zone), booleans as 0/1. Conversions refuse values they cannot convert exactly,
 * so a table of another shape fails loudly instead of returning wrong records.
 */
import { AdapterError } from "../errors.js";
import type { AdapterAccount, AdapterAuthenticator, AdapterSession, AdapterUser, VerificationToken } from "../types.js";
import { accountTokenColumns, type Row } from "./sql-columns.js";

export {
  accountColumns,
  accountTokenColumns,
  authenticatorColumns,
  type Row,
  selectColumns,
  sessionColumns,
  userColumns,
  userFieldColumns,
  verificationTokenColumns,
} from "./sql-columns.js";

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

export function dateToColumn(date: Date | string | number): number {
  const milliseconds = new Date(date).getTime();
  if (Number.isNaN(milliseconds)) throw new AdapterError(`Cannot store the invalid date ${String(date)}.`);
  return milliseconds;
}

const textOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** Optional fields given as `undefined` are stored as NULL. */
export const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

export function userFromRow(row: Row): AdapterUser {
  return {
    id: String(row.id),
    name: textOrNull(row.name),
    // AdapterUser's email is a string; a user stored without one reads back as stored (null).
    email: textOrNull(row.email) as string,
    emailVerified: row.email_verified === null ? null : dateFromColumn(row.email_verified, "users.email_verified"),
    image: textOrNull(row.image),
  };
}

/** An app column's value from `newUserColumns` as SQLite binds it: no booleans or Dates there. */
export function sqliteValue(value: unknown): SqliteValue {
  if (value instanceof Date) return dateToColumn(value);
  if (typeof value === "boolean") return value ? 1 : 0;
  return value as SqliteValue;
}

export function accountFromRow(row: Row): AdapterAccount {
  const account: AdapterAccount = {
    userId: String(row.user_id),
    type: String(row.type) as AdapterAccount["type"],
    provider: String(row.provider),
    providerAccountId: String(row.provider_account_id),
  };
  // Token fields the provider did not send stay absent, as they were when the account was linked.
  for (const column of accountTokenColumns) {
    const value = row[column];
    if (value === null || value === undefined) continue;
    Object.assign(account, {
      [column]: column === "expires_at" ? integerFromColumn(value, "accounts.expires_at") : String(value),
    });
  }
  return account;
}

/** `userId` is the account's user id as the users table stores it (see user-ids.ts). */
export function accountValues(account: AdapterAccount, userId: SqliteValue): SqliteValue[] {
  const tokens = accountTokenColumns.map((column) => {
    const value = account[column];
    if (value === null || value === undefined) return null;
    return column === "expires_at" ? integerFromColumn(value, "accounts.expires_at") : String(value);
  });
  return [userId, account.type, account.provider, account.providerAccountId, ...tokens];
}

export function sessionFromRow(row: Row): AdapterSession {
  return {
    sessionToken: String(row.session_token),
    userId: String(row.user_id),
    expires: dateFromColumn(row.expires, "sessions.expires"),
  };
}

export function verificationTokenFromRow(row: Row): VerificationToken {
  return {
    identifier: String(row.identifier),
    token: String(row.token),
    expires: dateFromColumn(row.expires, "verification_tokens.expires"),
  };
}

export function authenticatorFromRow(row: Row): AdapterAuthenticator {
  const backedUp = row.credential_backed_up;
  if (backedUp !== 0 && backedUp !== 1) {
    throw new AdapterError(`Column authenticators.credential_backed_up holds ${String(backedUp)}, not 0 or 1.`);
  }
  return {
    credentialID: String(row.credential_id),
    userId: String(row.user_id),
    providerAccountId: String(row.provider_account_id),
    credentialPublicKey: String(row.credential_public_key),
    counter: integerFromColumn(row.counter, "authenticators.counter"),
    credentialDeviceType: String(row.credential_device_type),
    credentialBackedUp: backedUp === 1,
    transports: textOrNull(row.transports),
  };
}

export function authenticatorValues(authenticator: AdapterAuthenticator, userId: SqliteValue): SqliteValue[] {
  return [
    authenticator.credentialID,
    userId,
    authenticator.providerAccountId,
    authenticator.credentialPublicKey,
    integerFromColumn(authenticator.counter, "authenticators.counter"),
    authenticator.credentialDeviceType,
    authenticator.credentialBackedUp ? 1 : 0,
    orNull(authenticator.transports),
  ];
}
