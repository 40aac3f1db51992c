// The prisma adapter with a real Prisma 7 client generated from prismaSchema("mysql"), on a real MariaDB
// through Prisma's mariadb driver adapter (a fresh database for this file, tables from the table model's
// DDL): the shared conformance suite read back through the model.
import { PrismaMariaDb } from "@prisma/adapter-mariadb";
import mysql2 from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import mysql from "../../../src/runtime/adapters/mysql.js";
import prisma, { type PrismaClientLike } from "../../../src/runtime/adapters/prisma.js";
import { runAdapterTests } from "../../../src/runtime/adapters/testing.js";
import { createMariaDBDatabase } from "../../support/mariadb.mjs";
import { generatePrismaClient } from "../../support/prisma-client.mjs";
import { authSchema } from "./auth-schema.js";
import { modelReads } from "./model-reads.js";
import { prismaSchemaWithPasswords } from "./prisma-schema.js";

interface GeneratedClient extends PrismaClientLike {
  $disconnect(): Promise<void>;
}
type PrismaClientClass = new (options: { adapter: PrismaMariaDb }) => GeneratedClient;

const generated = await generatePrismaClient(prismaSchemaWithPasswords("mysql"));
const { PrismaClient } = generated.client as { PrismaClient: PrismaClientClass };
const database = await createMariaDBDatabase();
// The direct reads and the mysql adapter use UTC, as Prisma does for DATETIME.
const pool = mysql2.createPool({ ...database.connection, connectionLimit: 2, timezone: "Z" });
const client = new PrismaClient({ adapter: new PrismaMariaDb({ ...database.connection, connectionLimit: 4 }) });

beforeAll(async () => {
  const connection = await mysql2.createConnection({ ...database.connection, multipleStatements: true });
  try {
    await connection.query(authSchema("mysql"));
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

runAdapterTests({
  adapter: prisma(client),
  db: modelReads(async (table, where, values) => {
    const conditions = where.map((column) => `${column} = ?`).join(" AND ");
    const [rows] = await pool.query(`SELECT * FROM ${table} WHERE ${conditions}`, values);
    return rows as Record<string, unknown>[];
  }),
  runner: { describe, test, beforeAll, afterAll },
});

describe("prisma adapter on MariaDB", () => {
  test("reads what the mysql adapter wrote (one schema for both)", async () => {
    const id = crypto.randomUUID();
    const expires = new Date("2031-01-02T03:04:05.678Z");
    await mysql(pool).createUser?.({ id, email: `${id}@example.test`, emailVerified: null });
    await mysql(pool).createSession?.({ sessionToken: id, userId: id, expires });
    const found = await prisma(client).getSessionAndUser?.(id);
    expect(found?.session).toEqual({ sessionToken: id, userId: id, expires });
  });
});
