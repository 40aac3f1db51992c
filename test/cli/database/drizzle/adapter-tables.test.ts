/**
 * withAdapterTable: the drizzle adapter's tables object in an auth module gains `passwords`, and the import
 * of the other auth tables its export, in the object's and the import's own layout (one line, one per line,
 * a trailing comma, CommonJS, renamed exports); an object that has it is unchanged, and a module without the
 * object init writes is left to the user, with why.
 */
import { describe, expect, test } from "vitest";
import { withAdapterTable } from "../../../../src/cli/database/drizzle/adapter-tables.js";

const add = withAdapterTable("passwords", "passwords");

describe("withAdapterTable", () => {
  test("one line, as init writes it", () => {
    const source = [
      'import { users, accounts, sessions, verificationTokens, authenticators } from "./auth-schema";',
      "export const config = { adapter: drizzle(db, { users, accounts, sessions, verificationTokens, authenticators }) };",
    ].join("\n");
    expect(add(source)).toBe(
      [
        'import { users, accounts, sessions, verificationTokens, authenticators, passwords } from "./auth-schema";',
        "export const config = { adapter: drizzle(db, { users, accounts, sessions, verificationTokens, authenticators, passwords }) };",
      ].join("\n"),
    );
  });

  test("one per line with trailing commas, and CommonJS", () => {
    const source = [
      "const {",
      "  users,",
      "  accounts,",
      "  sessions,",
      "  verificationTokens,",
      "  authenticators,",
      '} = require("./auth-schema");',
      "module.exports = drizzle(db, {",
      "  users,",
      "  accounts,",
      "  sessions,",
      "  verificationTokens,",
      "  authenticators,",
      "});",
    ].join("\n");
    const result = add(source);
    expect(result).toBe(
      source
        .replace("  authenticators,\n} = require", "  authenticators,\n  passwords,\n} = require")
        .replace("  authenticators,\n});", "  authenticators,\n  passwords,\n});"),
    );
    expect(add(result as string)).toBe("unchanged");
  });

  test("renamed exports: the import takes the schema's name, the object maps the key to it", () => {
    const source = [
      'import { user, account, session, verificationToken, authenticator } from "./schema";',
      "drizzle(db, { users: user, accounts: account, sessions: session, verificationTokens: verificationToken, authenticators: authenticator });",
    ].join("\n");
    const result = withAdapterTable("passwords", "password")(source) as string;
    expect(result).toContain(
      'import { user, account, session, verificationToken, authenticator, password } from "./schema";',
    );
    expect(result).toContain("authenticators: authenticator, passwords: password });");
  });

  test("a module that hands the adapter no tables object is left as it is, with why", () => {
    expect(add('import { db } from "./db";\ndrizzle(db);')).toEqual({
      unsupported: "it hands the drizzle adapter no tables object as init writes it",
    });
  });
});
