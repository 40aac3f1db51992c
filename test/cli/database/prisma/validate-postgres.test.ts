// The SvelteKit app's schema folder after the merge (its User in user.prisma, Note in models/note.prisma, the
// auth models in a new auth.prisma), for real on PostgreSQL: a client generated from it, the auth tables from
// the SQL schema next to the app's own (its Role enum and role column, its notes), and the prisma adapter
// through the conformance suite; the app's own enum, relation and cascade still work beside the auth models.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sqlSchema } from "../../../../src/cli/database/sql/render.js";
import prisma, { type PrismaClientLike } from "../../../../src/runtime/adapters/prisma.js";
import { runAdapterTests } from "../../../../src/runtime/adapters/testing.js";
import { modelReads } from "../../../runtime/adapters/model-reads.js";
import { createPostgresDatabase } from "../../../support/postgres.mjs";
import { generatePrismaClient } from "../../../support/prisma-client.mjs";
import { mergedSchema } from "./merged.js";

interface AppClient extends PrismaClientLike {
  user: PrismaClientLike["user"] & {
    update(args: { where: { id: string }; data: { role: "ADMIN" } }): Promise<{ role: string; createdAt: Date }>;
  };
  note: {
    create(args: { data: { title: string; ownerId: string } }): Promise<{ id: number }>;
    findUnique(args: {
      where: { id: number };
      include: { owner: true };
    }): Promise<{ title: string; pinned: boolean; owner: { role: string } } | null>;
  };
  $disconnect(): Promise<void>;
}
type AppClientClass = new (options: { adapter: PrismaPg }) => AppClient;

const generated = await generatePrismaClient(mergedSchema("orm-prisma-sveltekit", "postgresql", "../generated/prisma"));
const { PrismaClient } = generated.client as { PrismaClient: AppClientClass };
const database = await createPostgresDatabase();
const pool = new pg.Pool({ ...database.connection, max: 2 });
const client = new PrismaClient({ adapter: new PrismaPg({ ...database.connection, max: 4 }) });

beforeAll(async () => {
  await pool.query(sqlSchema("postgres"));
  // The app's own, as its migrations made them: Prisma names the enum type after the enum.
  await pool.query(`
    CREATE TYPE "Role" AS ENUM ('MEMBER', 'ADMIN');
    ALTER TABLE users ADD COLUMN role "Role" NOT NULL DEFAULT 'MEMBER',
      ADD COLUMN created_at TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
    CREATE TABLE notes (
      id SERIAL PRIMARY KEY,
      title TEXT NOT NULL,
      pinned BOOLEAN NOT NULL DEFAULT false,
      owner_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE
    );
    CREATE INDEX notes_owner_id_idx ON notes (owner_id);
  `);
});
afterAll(async () => {
  await client.$disconnect();
  await pool.end();
  await database.drop();
  await generated.remove();
});

describe("the SvelteKit app's merged schema folder on PostgreSQL", () => {
  runAdapterTests({
    adapter: prisma(client),
    db: modelReads(async (table, where, values) => {
      const conditions = where.map((column, index) => `${column} = $${index + 1}`).join(" AND ");
      return (await pool.query(`SELECT * FROM ${table} WHERE ${conditions}`, values)).rows;
    }),
    runner: { describe, test, beforeAll, afterAll },
  });

  test("the app's Role enum, its notes and their cascade work next to the auth models", async () => {
    const adapter = prisma(client);
    const id = crypto.randomUUID();
    await adapter.createUser?.({
      id,
      email: `${id}@example.test`,
      emailVerified: new Date("2030-01-02T03:04:05.678Z"),
    });
    expect(await client.user.update({ where: { id }, data: { role: "ADMIN" } })).toMatchObject({
      role: "ADMIN",
      createdAt: expect.any(Date),
    });
    const note = await client.note.create({ data: { title: "Launch checklist", ownerId: id } });
    expect(await client.note.findUnique({ where: { id: note.id }, include: { owner: true } })).toMatchObject({
      title: "Launch checklist",
      pinned: false,
      owner: { role: "ADMIN" },
    });
    expect((await pool.query("SELECT email_verified FROM users WHERE id = $1", [id])).rows).toEqual([
      { email_verified: new Date("2030-01-02T03:04:05.678Z") },
    ]);
    await adapter.deleteUser?.(id);
    expect(await client.note.findUnique({ where: { id: note.id }, include: { owner: true } })).toBeNull();
  });
});
