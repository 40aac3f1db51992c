/**
 * The columns each table of `create-auth`'s schema stores, in the table model's snake_case names: one list
 * for every SQL adapter (sqlite, postgres, mysql), so their SELECTs and INSERTs cannot drift apart. A test
 * runs each adapter on tables created from the model's DDL.
 */

/** A row as the drivers return it. */
export type Row = Record<string, unknown>;

/** The account fields a SQL table stores; other fields of an account are not kept. */
export const accountTokenColumns = [
  "refresh_token",
  "access_token",
  "expires_at",
  "token_type",
  "scope",
  "id_token",
  "session_state",
] as const;

export const userColumns = "id, name, email, email_verified, image";
/** The users columns auth writes besides the id, each with the record field it stores. */
export const userFieldColumns = [
  ["name", "name"],
  ["email", "email"],
  ["emailVerified", "email_verified"],
  ["image", "image"],
] as const;
export const accountColumns = `user_id, type, provider, provider_account_id, ${accountTokenColumns.join(", ")}`;
export const sessionColumns = "session_token, user_id, expires";
export const verificationTokenColumns = "identifier, token, expires";
export const authenticatorColumns =
  "credential_id, user_id, provider_account_id, credential_public_key, counter, credential_device_type, " +
  "credential_backed_up, transports";

/**
 * The housekeeping rule, one for `deleteExpired` in every SQL adapter and for `auth db prune --dry-run`'s
 * count: in each of these tables, the rows whose `expires` is before the given instant (bound as the
 * dialect's `placeholder`, `?` or `$1`). Such a row is never accepted again, only kept.
 */
export const expiringTables = { sessions: "sessions", verificationTokens: "verification_tokens" } as const;
export type ExpiringTable = keyof typeof expiringTables;
export const expiredCondition = (placeholder: string) => `expires < ${placeholder}`;

/** How a dialect reads an integer id as exact text: the drivers would hand a BIGINT back as a rounded Number. */
export const idAsText = {
  sqlite: (expression: string) => `CAST(${expression} AS TEXT)`,
  postgres: (expression: string) => `CAST(${expression} AS TEXT)`,
  mysql: (expression: string) => `CAST(${expression} AS CHAR)`,
} as const;

/**
 * A SELECT (or RETURNING) list of `columns`, each prefixed (`u.`), where the user id columns (`id`,
 * `user_id`) are read through `asText` when given: integer and bigint ids leave the adapter as exact decimal
 * strings, whatever the driver makes of a 64-bit integer.
 */
export function selectColumns(columns: string, asText: ((expression: string) => string) | null, prefix = ""): string {
  return columns
    .split(", ")
    .map((column) =>
      asText && (column === "id" || column === "user_id")
        ? `${asText(`${prefix}${column}`)} AS ${column}`
        : `${prefix}${column}`,
    )
    .join(", ");
}

/** Every SELECT list an adapter reads records with, the user ids read through `asText` (see selectColumns). */
export function selectLists(asText: ((expression: string) => string) | null) {
  return {
    user: selectColumns(userColumns, asText),
    account: selectColumns(accountColumns, asText),
    session: selectColumns(sessionColumns, asText),
    authenticator: selectColumns(authenticatorColumns, asText),
    verificationToken: verificationTokenColumns,
    /** The session's columns and its user's, from `sessions s JOIN users u`. */
    sessionAndUser: `${selectColumns(sessionColumns, asText, "s.")}, ${selectColumns(userColumns, asText, "u.")}`,
    /** The user's columns from a join on `users u`. */
    joinedUser: selectColumns(userColumns, asText, "u."),
  };
}

export type SelectLists = ReturnType<typeof selectLists>;
