// The pure side of an app's own users table on the SQL path: the adapted first migration (what it creates,
// adds and types on each dialect, read back by the migrations reader so nothing is planned twice), the line
// init reads the adaptation back from, and the edit that hands the adapter its options in any auth module
// init writes (a factory call as Qwik's client, a call passing options already).
import { describe, expect, test } from "vitest";
import { migrationAdds } from "../../../../src/cli/database/generate-steps.js";
import { sqlAdapterOptions, withAdapterOptions } from "../../../../src/cli/database/sql/adopted-users-plan.js";
import { nextMigration } from "../../../../src/cli/database/sql/migrations.js";
import { sqlDialects } from "../../../../src/cli/database/sql/render.js";
import { type AdoptedUsers, adaptedSchema, adoptedUsers, fillFor } from "../../../../src/cli/database/sql/users.js";

const integerIds = (idType: string): AdoptedUsers => ({
  idKind: "integer",
  idType,
  missing: ["email_verified", "image"],
  addUniqueEmail: true,
  fill: fillFor(["name"]),
});

describe("adaptedSchema", () => {
  for (const dialect of sqlDialects) {
    test(`writes the ${dialect} migration for a users table keyed by an integer`, async () => {
      const idType = dialect === "mysql" ? "INT" : "INTEGER";
      await expect(adaptedSchema(dialect, integerIds(idType))).toMatchFileSnapshot(
        `__snapshots__/adapted.${dialect}.sql`,
      );
    });
  }

  test("keeps the app's users table: columns added nullable, a unique email, user_id typed like its id", () => {
    const sql = adaptedSchema("postgres", integerIds("INTEGER"));
    expect(sql).not.toMatch(/CREATE TABLE (IF NOT EXISTS )?users\b/);
    expect(sql).toContain("ALTER TABLE users ADD COLUMN email_verified TIMESTAMPTZ(3);");
    expect(sql).toContain("ALTER TABLE users ADD COLUMN image TEXT;");
    expect(sql).toContain("CREATE UNIQUE INDEX IF NOT EXISTS users_email_key ON users (email);");
    expect(sql.match(/user_id INTEGER NOT NULL/g)).toHaveLength(3);
    expect(sql.match(/REFERENCES users \(id\) ON DELETE CASCADE/g)).toHaveLength(3);
  });

  test("MySQL: the id's own type with its sign, and a TEXT email indexed by a prefix", () => {
    const sql = adaptedSchema("mysql", { ...integerIds("BIGINT UNSIGNED"), idKind: "bigint", emailPrefix: true });
    expect(sql.match(/user_id BIGINT UNSIGNED NOT NULL/g)).toHaveLength(3);
    expect(sql).toContain("CREATE UNIQUE INDEX users_email_key ON users (email(255));");
  });

  test("the migrations reader sees users as the app's: nothing more is planned for it on any dialect", () => {
    for (const dialect of sqlDialects) {
      const file = { name: "0001_auth_tables.sql", sql: adaptedSchema(dialect, integerIds("INTEGER")) };
      expect(nextMigration([file], dialect)).toBeNull();
    }
  });

  test("says what it adds, for generate's summary", () => {
    const added = migrationAdds(adaptedSchema("sqlite", integerIds("INTEGER")));
    expect(added).toEqual([
      "accounts",
      "sessions",
      "verification_tokens",
      "authenticators",
      "users.email_verified",
      "users.image",
    ]);
  });
});

describe("adoptedUsers", () => {
  test("reads the id kind and the filled columns back from the adapted file; nothing from one that creates users", () => {
    const sql = adaptedSchema("sqlite", { ...integerIds("INTEGER"), idKind: "bigint" });
    expect(adoptedUsers([{ sql }])).toEqual({ idKind: "bigint", fill: fillFor(["name"]) });
    expect(adoptedUsers([{ sql: "CREATE TABLE IF NOT EXISTS users (id TEXT);" }])).toBeNull();
  });

  test("the options are the ORM merges' own: userIds, and newUserColumns keyed by column", () => {
    const options = sqlAdapterOptions({ idKind: "uuid", fill: fillFor(["name", "image"]) })!;
    expect(options).toContain('userIds: "uuid",');
    expect(options).toContain(
      'newUserColumns: (user) => ({ name: user.name ?? user.email?.split("@")[0] ?? "", image: user.image ?? "" }),',
    );
    expect(sqlAdapterOptions({ idKind: "text", fill: [] })).toBeNull();
  });
});

describe("withAdapterOptions", () => {
  const options = '{\n    userIds: "integer",\n  }';
  const edit = withAdapterOptions("postgres", options);

  test("adds the options after the client, and is idempotent", () => {
    const source = "export const auth = Auth({\n  adapter: postgres(pool),\n  providers: [],\n});\n";
    const once = edit(source) as string;
    expect(once).toContain(`adapter: postgres(pool, ${options}),`);
    expect(edit(once)).toBe("unchanged");
  });

  test("a factory call for the client (Qwik's request env) keeps its own arguments", () => {
    const source = '    adapter: postgres(authPool(event.env.get("DATABASE_URL"))),\n';
    expect(edit(source)).toBe(`    adapter: postgres(authPool(event.env.get("DATABASE_URL")), ${options}),\n`);
  });

  test("options of the user's own are left alone, saying why", () => {
    expect(edit("adapter: postgres(pool, { userIds: 'bigint' }),")).toEqual({
      unsupported: "its `postgres(…)` call passes options of its own",
    });
    expect(edit("adapter: sqlite(db),")).toEqual({
      unsupported: "it has no `adapter: postgres(…)` to give the options to",
    });
  });
});
