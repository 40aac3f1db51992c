/**
 * Rows to records, once for every SQL adapter (postgres, mysql, sqlite): which column fills which field of
 * a user, account, session, verification token and authenticator, and that account token fields stored as
 * NULL stay absent; and back, the values an account's and an authenticator's INSERT binds. What differs per
 * database is only how a date, an integer and a boolean come back from its driver (TIMESTAMPTZ as a Date,
 * SQLite's INTEGER milliseconds, TINYINT 0/1, …): each adapter's records module passes its own conversions,
 * which refuse any value they cannot convert exactly.
 */
import type { AdapterAccount, AdapterAuthenticator, AdapterSession, AdapterUser, VerificationToken } from "../types.js";
import { accountTokenColumns, type Row } from "./sql-columns.js";

/** How one database's driver hands back the values that are not text; `column` names it for the error. */
export interface ColumnReaders {
  date(value: unknown, column: string): Date;
  integer(value: unknown, column: string): number;
  boolean(value: unknown, column: string): boolean;
}

/** The record readers of one database, and the stored values of an account's token fields. */
export interface RowRecords {
  userFromRow(row: Row): AdapterUser;
  accountFromRow(row: Row): AdapterAccount;
  /** The values of `accountColumns`, in order: `userId` as the users table stores it, then the tokens (null when absent). */
  accountValues<Id>(account: AdapterAccount, userId: Id): (Id | string | number | null)[];
  sessionFromRow(row: Row): AdapterSession;
  verificationTokenFromRow(row: Row): VerificationToken;
  authenticatorFromRow(row: Row): AdapterAuthenticator;
}

/** The values of `authenticatorColumns`, in order, as the record holds them; `userId` as users stores it. */
export function authenticatorValues<Id>(authenticator: AdapterAuthenticator, userId: Id) {
  return [
    authenticator.credentialID,
    userId,
    authenticator.providerAccountId,
    authenticator.credentialPublicKey,
    authenticator.counter,
    authenticator.credentialDeviceType,
    authenticator.credentialBackedUp,
    authenticator.transports ?? null,
  ];
}

export const textOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

export function rowRecords(read: ColumnReaders): RowRecords {
  // expires_at is the one token field that is not text: seconds since the epoch.
  const tokenValue = (column: (typeof accountTokenColumns)[number], value: unknown) =>
    column === "expires_at" ? read.integer(value, "accounts.expires_at") : String(value);

  return {
    userFromRow: (row) => ({
      id: String(row.id),
      name: textOrNull(row.name),
      // The contract's AdapterUser has an email; a user stored without one reads back as null, as stored.
      email: textOrNull(row.email) as string,
      emailVerified: row.email_verified === null ? null : read.date(row.email_verified, "users.email_verified"),
      image: textOrNull(row.image),
    }),
    accountFromRow(row) {
      const account: AdapterAccount = {
        userId: String(row.user_id),
        type: String(row.type) as AdapterAccount["type"],
        provider: String(row.provider),
        providerAccountId: String(row.provider_account_id),
      };
      // Token fields the provider did not send stay absent rather than null, as they were when linked.
      for (const column of accountTokenColumns) {
        const value = row[column];
        if (value !== null && value !== undefined) Object.assign(account, { [column]: tokenValue(column, value) });
      }
      return account;
    },
    accountValues: (account, userId) => [
      userId,
      account.type,
      account.provider,
      account.providerAccountId,
      ...accountTokenColumns.map((column) => {
        const value = account[column];
        return value === undefined || value === null ? null : tokenValue(column, value);
      }),
    ],
    sessionFromRow: (row) => ({
      sessionToken: String(row.session_token),
      userId: String(row.user_id),
      expires: read.date(row.expires, "sessions.expires"),
    }),
    verificationTokenFromRow: (row) => ({
      identifier: String(row.identifier),
      token: String(row.token),
      expires: read.date(row.expires, "verification_tokens.expires"),
    }),
    authenticatorFromRow: (row) => ({
      credentialID: String(row.credential_id),
      userId: String(row.user_id),
      providerAccountId: String(row.provider_account_id),
      credentialPublicKey: String(row.credential_public_key),
      counter: read.integer(row.counter, "authenticators.counter"),
      credentialDeviceType: String(row.credential_device_type),
      credentialBackedUp: read.boolean(row.credential_backed_up, "authenticators.credential_backed_up"),
      transports: textOrNull(row.transports),
    }),
  };
}
