// The prisma adapter with a real Prisma 7 client generated from prismaSchema("postgresql"), on a real
// PostgreSQL through Prisma's pg driver adapter (a fresh database for this file, tables from the table
// model's DDL): the shared conformance suite read back through the model.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import postgres from "../../../src/runtime/adapters/postgres.js";
import prisma, { type PrismaClientLike } from "../../../src/runtime/adapters/prisma.js";
import { runAdapterTests } from "../../../src/runtime/adapters/testing.js";
import { createPostgresDatabase } from "../../support/postgres.mjs";
import { generatePrismaClient } from "../../support/prisma-client.mjs";
import { authSchema } from "./auth-schema.js";
import { modelReads } from "./model-reads.js";
import { prismaSchemaWithPasswords } from "./prisma-schema.js";

interface GeneratedClient extends PrismaClientLike {
  $disconnect(): Promise<void>;
}
type PrismaClientClass = new (options: { adapter: PrismaPg }) => GeneratedClient;

const generated = await generatePrismaClient(prismaSchemaWithPasswords("postgresql"));
const { PrismaClient } = generated.client as { PrismaClient: PrismaClientClass };
const database = await createPostgresDatabase();
const pool = new pg.Pool({ ...database.connection, max: 2 });
const client = new PrismaClient({ adapter: new PrismaPg({ ...database.connection, max: 4 }) });

beforeAll(async () => {
  await pool.query(authSchema("postgres"));
});
afterAll(async () => {
  await client.$disconnect();
  await pool.end();
  await database.drop();
  await generated.remove();
});

runAdapterTests({
  adapter: prisma(client),
  db: modelReads(async (table, where, values) => {
    const conditions = where.map((column, index) => `${column} = $${index + 1}`).join(" AND ");
    return (await pool.query(`SELECT * FROM ${table} WHERE ${conditions}`, values)).rows;
  }),
  runner: { describe, test, beforeAll, afterAll },
});

describe("prisma adapter on PostgreSQL", () => {
  test("reads what the postgres adapter wrote (one schema for both)", async () => {
    const id = crypto.randomUUID();
    const expires = new Date("2031-01-02T03:04:05.678Z");
    await postgres(pool).createUser?.({ id, email: `${id}@example.test`, emailVerified: null });
    await postgres(pool).createSession?.({ sessionToken: id, userId: id, expires });
    const found = await prisma(client).getSessionAndUser?.(id);
    expect(found?.session).toEqual({ sessionToken: id, userId: id, expires });
  });
});
