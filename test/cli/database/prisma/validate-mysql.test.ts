// The Next.js app's schema (orm-prisma-next: its own User with isAdmin and native VarChar types, notes and
// comments) after the merge, for real on MariaDB: a client generated from it, the auth tables from the SQL
// schema next to the app's own, and the prisma adapter through the conformance suite; the app's own field and
// relations still work beside the auth models.
import { PrismaMariaDb } from "@prisma/adapter-mariadb";
import mysql2 from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sqlSchema } from "../../../../src/cli/database/sql/render.js";
import prisma, { type PrismaClientLike } from "../../../../src/runtime/adapters/prisma.js";
import { runAdapterTests } from "../../../../src/runtime/adapters/testing.js";
import { modelReads } from "../../../runtime/adapters/model-reads.js";
import { createMariaDBDatabase } from "../../../support/mariadb.mjs";
import { generatePrismaClient } from "../../../support/prisma-client.mjs";
import { mergedSchema } from "./merged.js";

interface AppClient extends PrismaClientLike {
  user: PrismaClientLike["user"] & {
    update(args: { where: { id: string }; data: { isAdmin: boolean } }): Promise<{ isAdmin: boolean }>;
  };
  note: {
    create(args: { data: { title: string; body: string; authorId: string } }): Promise<{ id: number }>;
    findUnique(args: {
      where: { id: number };
      include: { author: true };
    }): Promise<{ title: string; updatedAt: Date; author: { isAdmin: boolean } } | null>;
    delete(args: { where: { id: number } }): Promise<unknown>;
  };
  $disconnect(): Promise<void>;
}
type AppClientClass = new (options: { adapter: PrismaMariaDb }) => AppClient;

const generated = await generatePrismaClient(mergedSchema("orm-prisma-next", "mysql", "../generated/prisma"));
const { PrismaClient } = generated.client as { PrismaClient: AppClientClass };
const database = await createMariaDBDatabase();
// The direct reads use UTC, as Prisma does for DATETIME.
const pool = mysql2.createPool({ ...database.connection, connectionLimit: 2, timezone: "Z" });
const client = new PrismaClient({ adapter: new PrismaMariaDb({ ...database.connection, connectionLimit: 4 }) });

// The app's own tables, with the collation of the users table their keys reference.
const appTables = `
  ALTER TABLE users ADD COLUMN is_admin BOOLEAN NOT NULL DEFAULT false;
  CREATE TABLE notes (
    id INT AUTO_INCREMENT PRIMARY KEY,
    title VARCHAR(200) NOT NULL,
    body TEXT NOT NULL,
    author_id VARCHAR(255) NOT NULL,
    updated_at DATETIME(3) NOT NULL,
    INDEX notes_author_id_idx (author_id),
    CONSTRAINT notes_author_id_fkey FOREIGN KEY (author_id) REFERENCES users (id)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
  CREATE TABLE comments (
    id INT AUTO_INCREMENT PRIMARY KEY,
    text TEXT NOT NULL,
    note_id INT NOT NULL,
    author_id VARCHAR(255) NOT NULL,
    CONSTRAINT comments_note_id_fkey FOREIGN KEY (note_id) REFERENCES notes (id) ON DELETE CASCADE,
    CONSTRAINT comments_author_id_fkey FOREIGN KEY (author_id) REFERENCES users (id)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
`;

beforeAll(async () => {
  const connection = await mysql2.createConnection({ ...database.connection, multipleStatements: true });
  try {
    await connection.query(sqlSchema("mysql"));
    await connection.query(appTables);
  } finally {
    await connection.end();
  }
});
afterAll(async () => {
  await client.$disconnect();
  await pool.end();
  await database.drop();
  await generated.remove();
});

describe("the Next.js app's merged schema on MariaDB", () => {
  runAdapterTests({
    adapter: prisma(client),
    db: modelReads(async (table, where, values) => {
      const conditions = where.map((column) => `${column} = ?`).join(" AND ");
      const [rows] = await pool.query(`SELECT * FROM ${table} WHERE ${conditions}`, values);
      return rows as Record<string, unknown>[];
    }),
    runner: { describe, test, beforeAll, afterAll },
  });

  test("the app's isAdmin field and its notes work next to the auth models", async () => {
    const adapter = prisma(client);
    const id = crypto.randomUUID();
    await adapter.createUser?.({ id, email: `${id}@example.test`, emailVerified: null });
    expect(await client.user.update({ where: { id }, data: { isAdmin: true } })).toMatchObject({ isAdmin: true });
    const note = await client.note.create({ data: { title: "Roadmap", body: "Q3", authorId: id } });
    expect(await client.note.findUnique({ where: { id: note.id }, include: { author: true } })).toMatchObject({
      title: "Roadmap",
      updatedAt: expect.any(Date),
      author: { isAdmin: true },
    });
    // The app's own rule holds: a user who still has notes stays.
    await expect(adapter.deleteUser?.(id)).rejects.toThrow();
    await client.note.delete({ where: { id: note.id } });
    await adapter.deleteUser?.(id);
    expect(await adapter.getUser?.(id)).toBeNull();
  });
});
