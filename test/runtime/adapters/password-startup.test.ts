// The ORM adapters without the passwords table, under the password provider: their adapter has no password
// methods, and the core refuses it at start-up naming the methods and the table to add (Drizzle: tables
// without `passwords`; Prisma is the same rule on the client's Password model, see prisma-sqlite.test.ts).
import Database from "better-sqlite3";
import { drizzle as drizzleDatabase } from "drizzle-orm/better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import drizzle from "../../../src/runtime/adapters/drizzle.js";
import * as sqliteTables from "../../../src/runtime/adapters/drizzle-tables/sqlite.js";
import { Auth } from "../../../src/runtime/index.js";
import { type SmtpServer, startSmtpServer } from "../../support/smtp-server.mjs";
import { get, passwordSetup } from "../password-flow/support.js";
import { authSchema } from "./auth-schema.js";

let smtp: SmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

describe("the password provider on the drizzle adapter", () => {
  it("refuses tables without passwords at start-up, naming the methods and the table to add", async () => {
    const db = new Database(":memory:");
    db.exec(authSchema("sqlite"));
    const setup = passwordSetup(smtp, { config: { adapter: drizzle(drizzleDatabase(db), sqliteTables) } });
    await Auth(get("/auth/signup"), setup.config);
    expect(setup.errors.map((error) => error.name)).toEqual(["MissingAdapterMethods"]);
    expect(setup.errors[0]!.message).toContain("`getPasswordHash`, `setPasswordHash`");
    expect(setup.errors[0]!.message).toMatch(/tables include `passwords`.*docs\/adapters\.md#passwords/);
  });

  it("starts with the default tables, which include passwords", async () => {
    const db = new Database(":memory:");
    db.exec(authSchema("sqlite"));
    const setup = passwordSetup(smtp, { config: { adapter: drizzle(drizzleDatabase(db)) } });
    const response = await Auth(get("/auth/signup"), setup.config);
    expect(setup.errors).toEqual([]);
    expect(response.status).toBe(200);
  });
});
