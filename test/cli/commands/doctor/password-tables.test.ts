/**
 * doctor expects the passwords table exactly where the app configures the password provider: an app init
 * wrote with it, on a SQLite database without the table, gets an error naming the table and the command that
 * creates it, and none once the table is there; an app with other providers is never told about it. A
 * Prisma app with the provider whose schema lost the Password model is told the client has no Password, and
 * a Drizzle app whose auth module hands the adapter no passwords table is told so, until generate adds it.
 */
import { afterAll, describe, expect, test } from "vitest";
import { passwords } from "../../../../src/cli/database/model.js";
import { tableStatements } from "../../../../src/cli/database/sql/render.js";
import { initFixture, removeTemps, runInMemory } from "../../support.js";
import { authTables, byId, doctorOnDisk, onDiskWithDatabase } from "./support.js";

afterAll(removeTemps);

const env = { AUTH_DATABASE_FILE: "auth.db" };

async function app(providers: string, statements: string[], orm = "none") {
  const { project, run } = await initFixture("next-app", [
    ...["--providers", providers, "--strategy", "database", "--db", "sqlite", "--orm", orm],
    ...["--yes", "--no-install"],
  ]);
  expect(run.status).toBe(0);
  return { project, root: () => onDiskWithDatabase(project, env, statements) };
}

describe("doctor and the passwords table on SQLite", () => {
  test("with the password provider, a database without passwords is an error naming the command", async () => {
    const run = await doctorOnDisk(await (await app("password", authTables("sqlite"))).root(), env);
    const missing = byId(run, "database.table-missing");
    expect(missing).toEqual([
      expect.objectContaining({
        level: "error",
        message: expect.stringContaining("has no passwords table: the sqlite adapter fails on its first query of it"),
        fix: expect.stringContaining("npx create-auth migrate"),
      }),
    ]);
    expect(byId(run, "database.schema")).toEqual([]);
  });

  test("with the password provider and the table, the schema is whole", async () => {
    const statements = [...authTables("sqlite"), ...tableStatements(passwords, "sqlite")];
    const run = await doctorOnDisk(await (await app("password", statements)).root(), env);
    expect(byId(run, "database.table-missing")).toEqual([]);
    expect(byId(run, "database.schema")[0]?.message).toContain("holds every auth table and column");
  });

  test("without the password provider, a database without passwords is never mentioned", async () => {
    const run = await doctorOnDisk(await (await app("credentials", authTables("sqlite"))).root(), env);
    expect(run.findings.filter((f) => f.message.includes("passwords"))).toEqual([]);
    expect(byId(run, "database.schema")).toHaveLength(1);
  });

  test("Prisma with the password provider: a schema without the Password model is an error", async () => {
    const statements = [...authTables("sqlite"), ...tableStatements(passwords, "sqlite")];
    const { project, root } = await app("password", statements, "prisma");
    const schema = project.read("prisma/schema.prisma");
    project.write(
      "prisma/schema.prisma",
      schema.replace(/\nmodel Password \{[^}]*\}\n/, "\n").replace(/\n {2}password +Password\?/, ""),
    );
    expect(project.read("prisma/schema.prisma")).not.toContain("Password");
    const run = await doctorOnDisk(await root(), env);
    expect(byId(run, "database.model-missing")).toEqual([
      expect.objectContaining({ level: "error", message: expect.stringContaining("has no Password model") }),
    ]);
  });

  test("Drizzle with the password provider: a tables object without passwords is an error until generate adds it", async () => {
    const statements = [...authTables("sqlite"), ...tableStatements(passwords, "sqlite")];
    const { project, root } = await app("password", statements, "drizzle");
    const auth = project.read("auth.ts");
    project.write("auth.ts", auth.replaceAll(", passwords }", " }"));
    expect(project.read("auth.ts")).not.toContain("passwords");
    const run = await doctorOnDisk(await root(), env);
    expect(byId(run, "database.table-not-handed")).toEqual([
      expect.objectContaining({
        level: "error",
        message: expect.stringContaining("auth.ts hands the drizzle adapter no passwords table"),
        fix: expect.stringContaining("npx create-auth generate adds it"),
      }),
    ]);
    expect((await runInMemory(project, ["generate", project.root, "--yes"])).status).toBe(0);
    expect(project.read("auth.ts")).toBe(auth);
    const fixed = await doctorOnDisk(await root(), env);
    expect(byId(fixed, "database.table-not-handed")).toEqual([]);
    expect(byId(fixed, "database.schema")).toHaveLength(1);
  });
});
