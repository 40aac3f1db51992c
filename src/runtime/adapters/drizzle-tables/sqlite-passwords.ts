// The passwords table for sqlite as a Drizzle table, written by create-auth from its table model: the
// password provider's storage, one hash per user, beside the auth tables of the module it imports.
import { foreignKey, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./sqlite.js";

export const passwords = sqliteTable(
  "passwords",
  {
    userId: text("user_id").notNull(),
    hash: text("hash").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    primaryKey({ name: "passwords_pkey", columns: [table.userId] }),
    foreignKey({
      name: "passwords_user_id_fkey",
      columns: [table.userId],
      foreignColumns: [users.id],
    }).onDelete("cascade"),
  ],
);
