// The SQL adapters in an app without the password provider: its database has the auth tables but no
// passwords table. Everything but the two password methods works as before (deleteUser included, which on
// SQLite looks for the table first), and the password methods fail with an error that says what to add.
import { afterAll, describe, expect, test } from "vitest";
import { type SqlDialect, sqlDialects, sqlSchema } from "../../../src/cli/database/sql/render.js";
import mysql from "../../../src/runtime/adapters/mysql.js";
import postgres from "../../../src/runtime/adapters/postgres.js";
import sqlite from "../../../src/runtime/adapters/sqlite.js";
import { AdapterError } from "../../../src/runtime/errors.js";
import type { Adapter } from "../../../src/runtime/types.js";
import { databaseWith, type TestDatabase } from "./user-id-databases.js";

function adapterFor(database: TestDatabase): Adapter {
  if (database.dialect === "sqlite") return sqlite(database.db);
  if (database.dialect === "postgres") return postgres(database.pool);
  return mysql(database.pool);
}

const databases = new Map<SqlDialect, TestDatabase>();
await Promise.all(
  sqlDialects.map(async (dialect) => databases.set(dialect, await databaseWith(dialect, sqlSchema(dialect)))),
);
afterAll(async () => {
  await Promise.all([...databases.values()].map((database) => database.close()));
});

describe.each(sqlDialects)("%s adapter on a database without the passwords table", (dialect) => {
  const adapter = adapterFor(databases.get(dialect)!);

  async function userWithSession() {
    const id = crypto.randomUUID();
    const user = await adapter.createUser!({ id, email: `${id}@example.test`, emailVerified: null });
    const session = await adapter.createSession!({ sessionToken: id, userId: id, expires: new Date(Date.now() + 6e4) });
    return { user, session };
  }

  test("getPasswordHash and setPasswordHash fail naming the table to add and how", async () => {
    const { user } = await userWithSession();
    const calls: Array<() => unknown> = [
      () => adapter.getPasswordHash!(user.id),
      () => adapter.setPasswordHash!(user.id, "$x$"),
    ];
    for (const call of calls) {
      const error = await Promise.resolve()
        .then(call)
        .then(
          () => null,
          (caught: unknown) => caught,
        );
      expect(error).toBeInstanceOf(AdapterError);
      expect((error as Error).message).toMatch(/no passwords table.*docs\/adapters\.md#passwords/);
    }
  });

  test("deleteUserSessions, deleteUser and the session methods work without it", async () => {
    const { user, session } = await userWithSession();
    const other = await adapter.createSession!({
      sessionToken: crypto.randomUUID(),
      userId: user.id,
      expires: new Date(Date.now() + 6e4),
    });
    await adapter.deleteUserSessions!(user.id, session.sessionToken);
    expect(await adapter.getSessionAndUser!(other.sessionToken)).toBeNull();
    expect(await adapter.getSessionAndUser!(session.sessionToken)).toMatchObject({ user: { id: user.id } });
    expect(await adapter.deleteUser!(user.id)).toMatchObject({ id: user.id });
    expect(await adapter.getSessionAndUser!(session.sessionToken)).toBeNull();
  });
});
