/**
 * What an app's own users table asks of the auth adapter, as the Drizzle and Prisma merges find it: the kind
 * of its ids (the adapter's `userIds`: the auth tables' user_id columns take that type), and the app's
 * required columns that sign-up does not fill, with the value the adapter's `newUserColumns` gives each. The
 * merges refuse what no value can fill (a `role NOT NULL` without a default), naming the column and the fix.
 * Also the adapter options the auth module passes, written with a comment that says why.
 */

/** The type of users.id, as the runtime's adapters take it (`userIds`). */
export type UserIdKind = "text" | "uuid" | "integer" | "bigint";

export const USER_ID_KINDS: readonly UserIdKind[] = ["text", "uuid", "integer", "bigint"];

/** An app column the adapter fills on sign-up: its key as the adapter writes it, and the value's expression. */
export interface FilledColumn {
  /** The key in `newUserColumns`' object: the Drizzle/Prisma field key. */
  key: string;
  /** A JavaScript expression over `user` (an AdapterUser without its id). */
  value: string;
  /** Where it is, for the comment: `users.name`. */
  column: string;
}

export interface AppUsers {
  idKind: UserIdKind;
  fill: FilledColumn[];
}

/** What an app's users table without one of these columns-made-required gets from the adapter. */
export const FILLABLE: Record<string, string> = {
  // A name sign-up does not give (an address-only sign-in, a provider without one): the address's local part.
  name: 'user.name ?? user.email?.split("@")[0] ?? ""',
  image: 'user.image ?? ""',
};

/**
 * The options object the auth module hands the ORM adapter (its last argument), or null when the defaults
 * serve: text ids and nothing to fill. `withIds`: the adapter takes the id kind from this argument (Prisma);
 * Drizzle reads it from the users table it is given. Lines are indented for the templates' `  adapter:` line.
 */
export function adapterOptionsSource(users: AppUsers, withIds: boolean): string | null {
  const lines: string[] = [];
  if (withIds && users.idKind !== "text") {
    lines.push(
      `    // Your users table's id is ${users.idKind === "uuid" ? "a uuid" : `an ${users.idKind}`}: the adapter maps the runtime's string ids to it.`,
      `    userIds: "${users.idKind}",`,
    );
  }
  if (users.fill.length > 0) {
    const columns = users.fill.map((filled) => filled.column).join(", ");
    const values = users.fill.map((filled) => `${filled.key}: ${filled.value}`).join(", ");
    lines.push(
      `    // ${columns} ${users.fill.length === 1 ? "is" : "are"} required in your schema, and sign-up does not always give ${users.fill.length === 1 ? "a value" : "values"}`,
      "    // (a sign-in by email address or password has no name): the adapter fills the gap on a new user only.",
      "    // Your own column stays as it is (making it optional would change your app's types).",
      `    newUserColumns: (user) => ({ ${values} }),`,
    );
  }
  return lines.length === 0 ? null : `{\n${lines.join("\n")}\n  }`;
}

/** The fix for an app column sign-up cannot fill, for refusals. */
export function requiredColumnsMessage(where: string, columns: readonly string[], fix: string): string {
  const named = columns.join(", ");
  return `${where}: ${named} ${columns.length === 1 ? "is" : "are"} required without a default, and creating a user through the auth adapter (sign-up) cannot fill ${columns.length === 1 ? "it" : "them"}. ${fix}, then run init again.`;
}
