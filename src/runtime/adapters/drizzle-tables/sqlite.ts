// Auth tables for sqlite as Drizzle tables, written by create-auth from its table model: the same
// tables, columns and constraint names as its SQL schema. Add columns if you like; keep these.
// Dates are INTEGER milliseconds since the epoch and booleans 0/1, as in the SQL schema, so the sqlite
// adapter and this one read each other's rows.
import { foreignKey, index, integer, primaryKey, sqliteTable, text, unique } from "drizzle-orm/sqlite-core";

export const users = sqliteTable(
  "users",
  {
    id: text("id").notNull(),
    name: text("name"),
    email: text("email"),
    emailVerified: integer("email_verified", { mode: "timestamp_ms" }),
    image: text("image"),
  },
  (table) => [primaryKey({ name: "users_pkey", columns: [table.id] }), unique("users_email_key").on(table.email)],
);

export const accounts = sqliteTable(
  "accounts",
  {
    userId: text("user_id").notNull(),
    type: text("type").notNull(),
    provider: text("provider").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    refresh_token: text("refresh_token"),
    access_token: text("access_token"),
    expires_at: integer("expires_at", { mode: "number" }),
    token_type: text("token_type"),
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

export const sessions = sqliteTable(
  "sessions",
  {
    sessionToken: text("session_token").notNull(),
    userId: text("user_id").notNull(),
    expires: integer("expires", { mode: "timestamp_ms" }).notNull(),
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

export const verificationTokens = sqliteTable(
  "verification_tokens",
  {
    identifier: text("identifier").notNull(),
    token: text("token").notNull(),
    expires: integer("expires", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [primaryKey({ name: "verification_tokens_pkey", columns: [table.identifier, table.token] })],
);

export const authenticators = sqliteTable(
  "authenticators",
  {
    credentialID: text("credential_id").notNull(),
    userId: text("user_id").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    credentialPublicKey: text("credential_public_key").notNull(),
    counter: integer("counter", { mode: "number" }).notNull(),
    credentialDeviceType: text("credential_device_type").notNull(),
    credentialBackedUp: integer("credential_backed_up", { mode: "boolean" }).notNull(),
    transports: text("transports"),
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
