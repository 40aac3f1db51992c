/**
 * The one table model behind every schema the CLI writes (SQL for each dialect, Drizzle, Prisma) and the
 * contract the built-in SQL adapters are tested against. Change a table here and every dialect follows.
 *
 * Naming convention (every adapter's SQL uses exactly these names):
 * - Tables are plural snake_case: `users`, `accounts`, `sessions`, `verification_tokens`, `authenticators`,
 *   `passwords`.
 * - Columns are snake_case spellings of the record's field: `emailVerified` → `email_verified`,
 *   `providerAccountId` → `provider_account_id`, `credentialID` → `credential_id`. The account's token
 *   fields are already snake_case in the contract (`access_token`, `expires_at`, …) and keep their names.
 *   snake_case needs no quoting in any dialect (PostgreSQL folds unquoted names to lower case).
 * - Each column names its record field in `field`, so adapters map rows to records from this model.
 *
 * Logical types, and what each dialect makes of them (see sql.ts):
 * - `key`: short text that is part of a key or index (ids, emails, tokens): VARCHAR(n) in MySQL, whose
 *   indexes need a bounded length; TEXT elsewhere.
 * - `text`: unbounded text (OAuth tokens, names, image URLs, public keys).
 * - `integer`: a 64-bit integer (`expires_at` in seconds, the WebAuthn counter, an unsigned 32-bit value).
 * - `boolean`: BOOLEAN (PostgreSQL, MySQL), INTEGER 0/1 (SQLite).
 * - `timestamp`: TIMESTAMPTZ(3) (PostgreSQL), DATETIME(3) (MySQL), INTEGER milliseconds since the epoch
 *   (SQLite, which has no date type: integers compare and sort correctly and carry no time zone).
 */

export type LogicalType = "key" | "text" | "integer" | "boolean" | "timestamp";

export interface Column {
  /** The column's name in SQL. */
  name: string;
  /** The field of the adapter record this column stores. */
  field: string;
  type: LogicalType;
  nullable: boolean;
  /** For `key` columns: the longest value MySQL must index (characters). */
  maxLength?: number;
}

export interface ForeignKey {
  columns: string[];
  references: { table: string; columns: string[] };
  /** Deleting a user deletes what it owns (AUTHJS-FACTS §9: deleteUser cascades). */
  onDelete: "cascade";
}

export interface Index {
  name: string;
  columns: string[];
}

export interface Table {
  name: string;
  /**
   * The adapter record stored in this table (`Password`: the password provider's hash of a user, which no
   * record of the contract carries; it names the Prisma model as the others do).
   */
  record:
    | "AdapterUser"
    | "AdapterAccount"
    | "AdapterSession"
    | "VerificationToken"
    | "AdapterAuthenticator"
    | "Password"
    | "RateLimit";
  columns: Column[];
  primaryKey: string[];
  /** Each entry is one unique constraint over these columns (named `<table>_<columns>_key`). */
  unique: string[][];
  /** Non-unique indexes for lookups the adapters make (the foreign keys' columns). */
  indexes: Index[];
  foreignKeys: ForeignKey[];
}

const KEY = 255;

const ownedByUser: ForeignKey = {
  columns: ["user_id"],
  references: { table: "users", columns: ["id"] },
  onDelete: "cascade",
};

export const users: Table = {
  name: "users",
  record: "AdapterUser",
  columns: [
    { name: "id", field: "id", type: "key", nullable: false, maxLength: KEY },
    { name: "name", field: "name", type: "text", nullable: true },
    // Nullable so users whose provider shares no address can coexist; unique among those that have one.
    { name: "email", field: "email", type: "key", nullable: true, maxLength: KEY },
    { name: "email_verified", field: "emailVerified", type: "timestamp", nullable: true },
    { name: "image", field: "image", type: "text", nullable: true },
  ],
  primaryKey: ["id"],
  unique: [["email"]],
  indexes: [],
  foreignKeys: [],
};

export const accounts: Table = {
  name: "accounts",
  record: "AdapterAccount",
  columns: [
    { name: "user_id", field: "userId", type: "key", nullable: false, maxLength: KEY },
    { name: "type", field: "type", type: "key", nullable: false, maxLength: 32 },
    { name: "provider", field: "provider", type: "key", nullable: false, maxLength: KEY },
    { name: "provider_account_id", field: "providerAccountId", type: "key", nullable: false, maxLength: KEY },
    { name: "refresh_token", field: "refresh_token", type: "text", nullable: true },
    { name: "access_token", field: "access_token", type: "text", nullable: true },
    { name: "expires_at", field: "expires_at", type: "integer", nullable: true },
    { name: "token_type", field: "token_type", type: "key", nullable: true, maxLength: KEY },
    { name: "scope", field: "scope", type: "text", nullable: true },
    { name: "id_token", field: "id_token", type: "text", nullable: true },
    { name: "session_state", field: "session_state", type: "text", nullable: true },
  ],
  primaryKey: ["provider", "provider_account_id"],
  unique: [],
  indexes: [{ name: "accounts_user_id_idx", columns: ["user_id"] }],
  foreignKeys: [ownedByUser],
};

export const sessions: Table = {
  name: "sessions",
  record: "AdapterSession",
  columns: [
    { name: "session_token", field: "sessionToken", type: "key", nullable: false, maxLength: KEY },
    { name: "user_id", field: "userId", type: "key", nullable: false, maxLength: KEY },
    { name: "expires", field: "expires", type: "timestamp", nullable: false },
  ],
  primaryKey: ["session_token"],
  unique: [],
  indexes: [{ name: "sessions_user_id_idx", columns: ["user_id"] }],
  foreignKeys: [ownedByUser],
};

export const verificationTokens: Table = {
  name: "verification_tokens",
  record: "VerificationToken",
  columns: [
    { name: "identifier", field: "identifier", type: "key", nullable: false, maxLength: KEY },
    { name: "token", field: "token", type: "key", nullable: false, maxLength: KEY },
    { name: "expires", field: "expires", type: "timestamp", nullable: false },
  ],
  // A token is found only with the address it was sent to: both columns make the key.
  primaryKey: ["identifier", "token"],
  unique: [],
  indexes: [],
  foreignKeys: [],
};

export const authenticators: Table = {
  name: "authenticators",
  record: "AdapterAuthenticator",
  columns: [
    // WebAuthn allows credential ids up to 1023 bytes; base64url of real ones stays far below 512 characters.
    { name: "credential_id", field: "credentialID", type: "key", nullable: false, maxLength: 512 },
    { name: "user_id", field: "userId", type: "key", nullable: false, maxLength: KEY },
    { name: "provider_account_id", field: "providerAccountId", type: "key", nullable: false, maxLength: KEY },
    { name: "credential_public_key", field: "credentialPublicKey", type: "text", nullable: false },
    { name: "counter", field: "counter", type: "integer", nullable: false },
    { name: "credential_device_type", field: "credentialDeviceType", type: "key", nullable: false, maxLength: 32 },
    { name: "credential_backed_up", field: "credentialBackedUp", type: "boolean", nullable: false },
    { name: "transports", field: "transports", type: "key", nullable: true, maxLength: KEY },
  ],
  primaryKey: ["credential_id"],
  unique: [],
  indexes: [{ name: "authenticators_user_id_idx", columns: ["user_id"] }],
  foreignKeys: [ownedByUser],
};

/** Every table, parents before children (the order to create them in). */
export const tables: readonly Table[] = [users, accounts, sessions, verificationTokens, authenticators];

/**
 * The password provider's storage: one PHC string per user (`getPasswordHash`/`setPasswordHash`), replaced
 * in place on every change, so the user id is the whole key. Not in `tables`: only apps that configure the
 * `password` provider get this table, and every other app's schema stays as it was.
 */
export const passwords: Table = {
  name: "passwords",
  record: "Password",
  columns: [
    { name: "user_id", field: "userId", type: "key", nullable: false, maxLength: KEY },
    // A PHC string (`$argon2id$v=19$m=…$salt$hash`, or a migrated bcrypt `$2b$…`): never part of a key.
    { name: "hash", field: "hash", type: "text", nullable: false },
    { name: "updated_at", field: "updatedAt", type: "timestamp", nullable: false },
  ],
  primaryKey: ["user_id"],
  unique: [],
  indexes: [],
  foreignKeys: [ownedByUser],
};

/**
 * The rate limiter's counters when `rateLimit.store` is "database" (adapters/rate-limit-log.ts): one row per
 * key, its sliding-window log (the allowed attempts' times in ms, space-separated) and when its newest
 * attempt expires, which the adapters prune by. Not in `tables`: only apps that choose that store create it.
 */
export const rateLimits: Table = {
  name: "rate_limits",
  record: "RateLimit",
  columns: [
    // A rule's name and a hashed address or account: at most 321 characters (rate-limit/limiter.ts).
    { name: "id", field: "id", type: "key", nullable: false, maxLength: 400 },
    { name: "attempts", field: "attempts", type: "text", nullable: false },
    { name: "expires_at", field: "expiresAt", type: "integer", nullable: false },
  ],
  primaryKey: ["id"],
  unique: [],
  indexes: [{ name: "rate_limits_expires_at_idx", columns: ["expires_at"] }],
  foreignKeys: [],
};
