// The passkey ceremonies on a real database: the sqlite adapter over better-sqlite3 with the tables
// `create-auth init --db sqlite` writes (counters as integers, booleans, verification tokens for the
// challenge ledger), not only the memory adapter.
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { sqlSchema } from "../../../src/cli/database/sql/render.js";
import sqlite from "../../../src/runtime/adapters/sqlite.js";
import { ORIGIN } from "../core/support.js";
import { SoftwareAuthenticator } from "./software-authenticator.js";
import {
  authenticate,
  CHALLENGE_COOKIE,
  CookieJar,
  fetchOptions,
  passkeyConfig,
  postCallback,
  register,
  sessionOf,
} from "./support.js";

function sqliteConfig() {
  const db = new Database(":memory:");
  db.exec(sqlSchema("sqlite"));
  return passkeyConfig({ adapter: sqlite(db) });
}

describe("passkeys on SQLite", () => {
  it("registers, signs in again as the same user and moves the stored counter", async () => {
    const { config, adapter } = sqliteConfig();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const registered = await register(config, authenticator, "grace@example.test");
    expect(registered.response.status).toBe(302);
    const { jar } = await authenticate(config, authenticator);
    expect((await sessionOf(config, jar))?.user?.email).toBe("grace@example.test");
    expect(await adapter.getAuthenticator!(authenticator.storedId)).toMatchObject({
      counter: 1,
      credentialBackedUp: false,
      transports: "internal",
    });
  });

  it("spends each challenge once through the verification-token table", async () => {
    const { config, errors } = sqliteConfig();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    authenticator.fixedCounter = true;
    await register(config, authenticator, "grace@example.test");
    const jar = new CookieJar();
    const answer = await fetchOptions(config, jar);
    const assertion = authenticator.get(answer.options);
    const copied = new CookieJar();
    copied.cookies.set(CHALLENGE_COOKIE, jar.get(CHALLENGE_COOKIE)!);
    expect((await postCallback(config, jar, "authenticate", assertion)).status).toBe(302);
    await postCallback(config, copied, "authenticate", assertion);
    expect(errors.at(-1)?.message).toContain("already used");
    expect(await sessionOf(config, copied)).toBeNull();
  });
});
