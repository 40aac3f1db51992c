// Drizzle definitions of the auth tables as an app declares them when its users.id is no text: per dialect,
// the table model's columns with users.id (and each userId) as the app would write it: serial/integer,
// bigserial/bigint (the id in Drizzle's default "number" mode, where a value beyond 2^53 would round if the
// adapter read it as is, the userIds in "bigint" mode), uuid, or SQLite's one INTEGER for both integer kinds;
// the passwords table too, its user_id of the same type.
import * as my from "drizzle-orm/mysql-core";
import * as pg from "drizzle-orm/pg-core";
import * as lite from "drizzle-orm/sqlite-core";
import type { DrizzleTables } from "../../../src/runtime/adapters/drizzle.js";
import type { otherIdKinds } from "./user-id-tables.js";

type Kind = (typeof otherIdKinds)[number];

function pgTables(kind: Kind): DrizzleTables {
  const ids = {
    integer: () => ({ id: pg.serial("id").primaryKey(), userId: () => pg.integer("user_id").notNull() }),
    bigint: () => ({
      id: pg.bigserial("id", { mode: "number" }).primaryKey(),
      userId: () => pg.bigint("user_id", { mode: "bigint" }).notNull(),
    }),
    uuid: () => ({ id: pg.uuid("id").primaryKey(), userId: () => pg.uuid("user_id").notNull() }),
  }[kind]();
  const date = (name: string) => pg.timestamp(name, { mode: "date", withTimezone: true, precision: 3 });
  return {
    users: pg.pgTable("users", {
      id: ids.id,
      name: pg.text("name"),
      email: pg.text("email"),
      emailVerified: date("email_verified"),
      image: pg.text("image"),
    }),
    accounts: pg.pgTable("accounts", {
      userId: ids.userId(),
      type: pg.text("type").notNull(),
      provider: pg.text("provider").notNull(),
      providerAccountId: pg.text("provider_account_id").notNull(),
      refresh_token: pg.text("refresh_token"),
      access_token: pg.text("access_token"),
      expires_at: pg.bigint("expires_at", { mode: "number" }),
      token_type: pg.text("token_type"),
      scope: pg.text("scope"),
      id_token: pg.text("id_token"),
      session_state: pg.text("session_state"),
    }),
    sessions: pg.pgTable("sessions", {
      sessionToken: pg.text("session_token").primaryKey(),
      userId: ids.userId(),
      expires: date("expires").notNull(),
    }),
    verificationTokens: pg.pgTable("verification_tokens", {
      identifier: pg.text("identifier").notNull(),
      token: pg.text("token").notNull(),
      expires: date("expires").notNull(),
    }),
    authenticators: pg.pgTable("authenticators", {
      credentialID: pg.text("credential_id").primaryKey(),
      userId: ids.userId(),
      providerAccountId: pg.text("provider_account_id").notNull(),
      credentialPublicKey: pg.text("credential_public_key").notNull(),
      counter: pg.bigint("counter", { mode: "number" }).notNull(),
      credentialDeviceType: pg.text("credential_device_type").notNull(),
      credentialBackedUp: pg.boolean("credential_backed_up").notNull(),
      transports: pg.text("transports"),
    }),
    passwords: pg.pgTable("passwords", {
      userId: ids.userId().primaryKey(),
      hash: pg.text("hash").notNull(),
      updatedAt: date("updated_at").notNull(),
    }),
  };
}

function sqliteTables(kind: Kind): DrizzleTables {
  const ids =
    kind === "uuid"
      ? { id: lite.text("id").primaryKey(), userId: () => lite.text("user_id").notNull() }
      : {
          id: lite.integer("id", { mode: "number" }).primaryKey({ autoIncrement: true }),
          userId: () => lite.integer("user_id", { mode: "number" }).notNull(),
        };
  const date = (name: string) => lite.integer(name, { mode: "timestamp_ms" });
  return {
    users: lite.sqliteTable("users", {
      id: ids.id,
      name: lite.text("name"),
      email: lite.text("email"),
      emailVerified: date("email_verified"),
      image: lite.text("image"),
    }),
    accounts: lite.sqliteTable("accounts", {
      userId: ids.userId(),
      type: lite.text("type").notNull(),
      provider: lite.text("provider").notNull(),
      providerAccountId: lite.text("provider_account_id").notNull(),
      refresh_token: lite.text("refresh_token"),
      access_token: lite.text("access_token"),
      expires_at: lite.integer("expires_at", { mode: "number" }),
      token_type: lite.text("token_type"),
      scope: lite.text("scope"),
      id_token: lite.text("id_token"),
      session_state: lite.text("session_state"),
    }),
    sessions: lite.sqliteTable("sessions", {
      sessionToken: lite.text("session_token").primaryKey(),
      userId: ids.userId(),
      expires: date("expires").notNull(),
    }),
    verificationTokens: lite.sqliteTable("verification_tokens", {
      identifier: lite.text("identifier").notNull(),
      token: lite.text("token").notNull(),
      expires: date("expires").notNull(),
    }),
    authenticators: lite.sqliteTable("authenticators", {
      credentialID: lite.text("credential_id").primaryKey(),
      userId: ids.userId(),
      providerAccountId: lite.text("provider_account_id").notNull(),
      credentialPublicKey: lite.text("credential_public_key").notNull(),
      counter: lite.integer("counter", { mode: "number" }).notNull(),
      credentialDeviceType: lite.text("credential_device_type").notNull(),
      credentialBackedUp: lite.integer("credential_backed_up", { mode: "boolean" }).notNull(),
      transports: lite.text("transports"),
    }),
    passwords: lite.sqliteTable("passwords", {
      userId: ids.userId().primaryKey(),
      hash: lite.text("hash").notNull(),
      updatedAt: date("updated_at").notNull(),
    }),
  };
}

function mysqlTables(kind: Kind): DrizzleTables {
  const ids = {
    integer: () => ({ id: my.int("id").autoincrement().primaryKey(), userId: () => my.int("user_id").notNull() }),
    bigint: () => ({
      id: my.bigint("id", { mode: "number" }).autoincrement().primaryKey(),
      userId: () => my.bigint("user_id", { mode: "bigint" }).notNull(),
    }),
    uuid: () => ({
      id: my.char("id", { length: 36 }).primaryKey(),
      userId: () => my.char("user_id", { length: 36 }).notNull(),
    }),
  }[kind]();
  const key = (name: string, length = 255) => my.varchar(name, { length });
  const date = (name: string) => my.datetime(name, { mode: "date", fsp: 3 });
  return {
    users: my.mysqlTable("users", {
      id: ids.id,
      name: my.text("name"),
      email: key("email"),
      emailVerified: date("email_verified"),
      image: my.text("image"),
    }),
    accounts: my.mysqlTable("accounts", {
      userId: ids.userId(),
      type: key("type", 32).notNull(),
      provider: key("provider").notNull(),
      providerAccountId: key("provider_account_id").notNull(),
      refresh_token: my.text("refresh_token"),
      access_token: my.text("access_token"),
      expires_at: my.bigint("expires_at", { mode: "number" }),
      token_type: key("token_type"),
      scope: my.text("scope"),
      id_token: my.text("id_token"),
      session_state: my.text("session_state"),
    }),
    sessions: my.mysqlTable("sessions", {
      sessionToken: key("session_token").primaryKey(),
      userId: ids.userId(),
      expires: date("expires").notNull(),
    }),
    verificationTokens: my.mysqlTable("verification_tokens", {
      identifier: key("identifier").notNull(),
      token: key("token").notNull(),
      expires: date("expires").notNull(),
    }),
    authenticators: my.mysqlTable("authenticators", {
      credentialID: key("credential_id", 512).primaryKey(),
      userId: ids.userId(),
      providerAccountId: key("provider_account_id").notNull(),
      credentialPublicKey: my.text("credential_public_key").notNull(),
      counter: my.bigint("counter", { mode: "number" }).notNull(),
      credentialDeviceType: key("credential_device_type", 32).notNull(),
      credentialBackedUp: my.boolean("credential_backed_up").notNull(),
      transports: key("transports"),
    }),
    passwords: my.mysqlTable("passwords", {
      userId: ids.userId().primaryKey(),
      hash: my.text("hash").notNull(),
      updatedAt: date("updated_at").notNull(),
    }),
  };
}

/** The app's Drizzle tables for `dialect` with users.id of `kind`. */
export const drizzleTablesWith = { postgres: pgTables, sqlite: sqliteTables, mysql: mysqlTables } as const;
