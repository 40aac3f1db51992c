// Auth tables for mysql as Drizzle tables, written by create-auth from its table model: the same
// tables, columns and constraint names as its SQL schema. Add columns if you like; keep these.
// Dates are DATETIME(3) holding UTC (Drizzle reads and writes them as UTC). Tokens and credential ids
// are case-sensitive: create these tables with a binary collation (utf8mb4_bin), as the SQL schema does.
import {
  bigint,
  boolean,
  datetime,
  foreignKey,
  index,
  mysqlTable,
  primaryKey,
  text,
  unique,
  varchar,
} from "drizzle-orm/mysql-core";

export const users = mysqlTable(
  "users",
  {
    id: varchar("id", { length: 255 }).notNull(),
    name: text("name"),
    email: varchar("email", { length: 255 }),
    emailVerified: datetime("email_verified", { mode: "date", fsp: 3 }),
    image: text("image"),
  },
  (table) => [primaryKey({ name: "users_pkey", columns: [table.id] }), unique("users_email_key").on(table.email)],
);

export const accounts = mysqlTable(
  "accounts",
  {
    userId: varchar("user_id", { length: 255 }).notNull(),
    type: varchar("type", { length: 32 }).notNull(),
    provider: varchar("provider", { length: 255 }).notNull(),
    providerAccountId: varchar("provider_account_id", { length: 255 }).notNull(),
    refresh_token: text("refresh_token"),
    access_token: text("access_token"),
    expires_at: bigint("expires_at", { mode: "number" }),
    token_type: varchar("token_type", { length: 255 }),
    scope: text("scope"),
    id_token: text("id_token"),
    session_state: text("session_state"),
  },
  (table) => [
    primaryKey({ name: "accounts_pkey", columns: [table.provider, table.providerAccountId] }),
    index("accounts_user_id_idx").on(table.userId),
    foreignKey({
      name: "accounts_user_id_fkey",
      columns: [table.userId],
      foreignColumns: [users.id],
    }).onDelete("cascade"),
  ],
);

export const sessions = mysqlTable(
  "sessions",
  {
    sessionToken: varchar("session_token", { length: 255 }).notNull(),
    userId: varchar("user_id", { length: 255 }).notNull(),
    expires: datetime("expires", { mode: "date", fsp: 3 }).notNull(),
  },
  (table) => [
    primaryKey({ name: "sessions_pkey", columns: [table.sessionToken] }),
    index("sessions_user_id_idx").on(table.userId),
    foreignKey({
      name: "sessions_user_id_fkey",
      columns: [table.userId],
      foreignColumns: [users.id],
    }).onDelete("cascade"),
  ],
);

export const verificationTokens = mysqlTable(
  "verification_tokens",
  {
    identifier: varchar("identifier", { length: 255 }).notNull(),
    token: varchar("token", { length: 255 }).notNull(),
    expires: datetime("expires", { mode: "date", fsp: 3 }).notNull(),
  },
  (table) => [primaryKey({ name: "verification_tokens_pkey", columns: [table.identifier, table.token] })],
);

export const authenticators = mysqlTable(
  "authenticators",
  {
    credentialID: varchar("credential_id", { length: 512 }).notNull(),
    userId: varchar("user_id", { length: 255 }).notNull(),
    providerAccountId: varchar("provider_account_id", { length: 255 }).notNull(),
    credentialPublicKey: text("credential_public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull(),
    credentialDeviceType: varchar("credential_device_type", { length: 32 }).notNull(),
    credentialBackedUp: boolean("credential_backed_up").notNull(),
    transports: varchar("transports", { length: 255 }),
  },
  (table) => [
    primaryKey({ name: "authenticators_pkey", columns: [table.credentialID] }),
    index("authenticators_user_id_idx").on(table.userId),
    foreignKey({
      name: "authenticators_user_id_fkey",
      columns: [table.userId],
      foreignColumns: [users.id],
    }).onDelete("cascade"),
  ],
);
