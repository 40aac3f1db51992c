// The passwords table for postgres as a Drizzle table, written by create-auth from its table model: the
// password provider's storage, one hash per user, beside the auth tables of the module it imports.
import { foreignKey, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./pg.js";

export const passwords = pgTable(
  "passwords",
  {
    userId: text("user_id").notNull(),
    hash: text("hash").notNull(),
    updatedAt: timestamp("updated_at", { mode: "date", withTimezone: true, precision: 3 }).notNull(),
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
