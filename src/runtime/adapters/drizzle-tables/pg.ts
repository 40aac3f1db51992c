// Auth tables for postgres as Drizzle tables, written by create-auth from its table model: the same
// tables, columns and constraint names as its SQL schema. Add columns if you like; keep these.
// Dates are TIMESTAMPTZ(3); the 64-bit integers (expires_at, counter) are BIGINT read as numbers.
import { bigint, boolean, foreignKey, index, pgTable, primaryKey, text, timestamp, unique } from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: text("id").notNull(),
    name: text("name"),
    email: text("email"),
    emailVerified: timestamp("email_verified", { mode: "date", withTimezone: true, precision: 3 }),
    image: text("image"),
  },
  (table) => [primaryKey({ name: "users_pkey", columns: [table.id] }), unique("users_email_key").on(table.email)],
);

export const accounts = pgTable(
  "accounts",
  {
    userId: text("user_id").notNull(),
    type: text("type").notNull(),
    provider: text("provider").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    refresh_token: text("refresh_token"),
    access_token: text("access_token"),
    expires_at: bigint("expires_at", { mode: "number" }),
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

export const sessions = pgTable(
  "sessions",
  {
    sessionToken: text("session_token").notNull(),
    userId: text("user_id").notNull(),
    expires: timestamp("expires", { mode: "date", withTimezone: true, precision: 3 }).notNull(),
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

export const verificationTokens = pgTable(
  "verification_tokens",
  {
    identifier: text("identifier").notNull(),
    token: text("token").notNull(),
    expires: timestamp("expires", { mode: "date", withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [primaryKey({ name: "verification_tokens_pkey", columns: [table.identifier, table.token] })],
);

export const authenticators = pgTable(
  "authenticators",
  {
    credentialID: text("credential_id").notNull(),
    userId: text("user_id").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    credentialPublicKey: text("credential_public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull(),
    credentialDeviceType: text("credential_device_type").notNull(),
    credentialBackedUp: boolean("credential_backed_up").notNull(),
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
