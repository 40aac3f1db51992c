/**
 * `rateLimit: { store: "database" }` in the core, over real requests through `Auth`: credentials sign-ins
 * counted in the sqlite adapter's `rate_limits` table (429 with Retry-After once a network spends its rule, a
 * correct password deleting the account's row), and an adapter without takeRateLimit/resetRateLimit answered
 * as a configuration error on the limited paths, with a logged message naming the methods.
 */
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import sqlite from "../../../src/runtime/adapters/sqlite.js";
import { Auth } from "../../../src/runtime/index.js";
import type { Adapter, AuthConfig } from "../../../src/runtime/types.js";
import { baseConfig, CookieJar, captureLogger, csrfToken, DEMO_USER, get, ORIGIN, postForm } from "../core/support.js";
import { rateLimitsTable } from "./database-support.js";

const PROXY = { header: "x-forwarded-for", hops: 1 } as const;
const db = new Database(":memory:");
db.exec(rateLimitsTable("sqlite").join("\n"));
afterAll(() => db.close());

function databaseApp(adapter: Adapter) {
  const capture = captureLogger();
  const config = baseConfig({
    logger: capture.logger,
    adapter,
    session: { strategy: "jwt" },
    rateLimit: { store: "database", trustedIpHeader: PROXY },
  });
  return { config, ...capture };
}

async function signIn(config: AuthConfig, email: string, password: string, ip: string): Promise<Response> {
  const jar = new CookieJar();
  const csrf = await csrfToken(config, jar);
  return Auth(
    postForm("/auth/callback/credentials", { csrfToken: csrf, email, password }, jar, { "x-forwarded-for": ip }),
    config,
  );
}

const rowIds = () =>
  (db.prepare("SELECT id FROM rate_limits ORDER BY id").all() as { id: string }[]).map((row) => row.id);

describe('rateLimit.store: "database" through Auth', () => {
  it("counts sign-ins in the adapter's table and answers 429 once a network spends signInPerIp", async () => {
    const { config } = databaseApp(sqlite(db));
    for (let i = 0; i < 30; i++) {
      expect((await signIn(config, `user${i}@example.test`, "wrong", "203.0.113.5")).status).toBe(302);
    }
    const refused = await signIn(config, "other@example.test", "wrong", "203.0.113.5");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // One row for the network, one per account; none holds an address in the clear.
    const ids = rowIds();
    expect(ids.filter((id) => id.includes("203.0.113"))).toHaveLength(1);
    expect(ids).toHaveLength(31);
    expect(ids.join("\n")).not.toContain("example.test");
  });

  it("deletes the account's row when its correct password signs in", async () => {
    const { config } = databaseApp(sqlite(db));
    const before = rowIds();
    expect((await signIn(config, DEMO_USER.email as string, "wrong", "198.51.100.7")).status).toBe(302);
    const withFailure = rowIds();
    const accountRow = withFailure.filter((id) => !before.includes(id) && !id.includes("198.51.100"));
    expect(accountRow).toHaveLength(1);
    expect((await signIn(config, DEMO_USER.email as string, "correct horse", "198.51.100.7")).status).toBe(302);
    expect(rowIds()).not.toContain(accountRow[0]);
  });

  it("answers a configuration error, naming the methods, when the adapter lacks them", async () => {
    const { takeRateLimit: _take, resetRateLimit: _reset, ...without } = sqlite(db);
    const { config, errors } = databaseApp(without);
    const response = await signIn(config, DEMO_USER.email as string, "correct horse", "192.0.2.1");
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
    expect(errors.map((error) => error.message).join("\n")).toContain(
      "the adapter does not implement takeRateLimit and resetRateLimit",
    );
    // The session endpoint is not rate limited and keeps working.
    expect((await Auth(get("/auth/session"), config)).status).toBe(200);
  });
});
