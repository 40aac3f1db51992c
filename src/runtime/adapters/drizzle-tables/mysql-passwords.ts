// The passwords table for mysql as a Drizzle table, written by create-auth from its table model: the
// password provider's storage, one hash per user, beside the auth tables of the module it imports.
import { datetime, foreignKey, mysqlTable, primaryKey, text, varchar } from "drizzle-orm/mysql-core";
import { users } from "./mysql.js";

export const passwords = mysqlTable(
  "passwords",
  {
    userId: varchar("user_id", { length: 255 }).notNull(),
    hash: text("hash").notNull(),
    updatedAt: datetime("updated_at", { mode: "date", fsp: 3 }).notNull(),
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
