// Where a passkey challenge lives: only in its sealed cookie until a verified response spends it. An options
// request (the autofill one runs on every sign-in page view) stores nothing; a spent challenge is one
// verification-token row that expires with the cookie and that deleteExpired removes. The attacks: an
// expired cookie, one sealed elsewhere, a cookie from another ceremony, two racing uses (a replay on another
// server: challenge-servers.test.ts).
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { sqlSchema } from "../../../src/cli/database/sql/render.js";
import memory, { createMemoryStore } from "../../../src/runtime/adapters/memory.js";
import sqlite from "../../../src/runtime/adapters/sqlite.js";
import { decode, encode } from "../../../src/runtime/jwt.js";
import type { AuthConfig } from "../../../src/runtime/types.js";
import { ORIGIN, SECRET } from "../core/support.js";
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

const REJECTED = `${ORIGIN}/auth/error?error=WebAuthnVerificationError`;

/** A registered passkey that keeps no counter (like synced passkeys): the challenge is its only replay guard. */
async function registered(config: AuthConfig) {
  const authenticator = new SoftwareAuthenticator(ORIGIN);
  authenticator.fixedCounter = true;
  await register(config, authenticator, "grace@example.test");
  return authenticator;
}

/** A sign-in's options, the signed assertion, and a copy of its challenge cookie kept by an attacker. */
async function signedAssertion(config: AuthConfig, authenticator: SoftwareAuthenticator) {
  const jar = new CookieJar();
  const answer = await fetchOptions(config, jar);
  const copied = new CookieJar();
  copied.cookies.set(CHALLENGE_COOKIE, jar.get(CHALLENGE_COOKIE)!);
  return { jar, copied, assertion: authenticator.get(answer.options) };
}

describe("passkey options store nothing", () => {
  it("writes no row for sign-in (autofill) or registration options", async () => {
    const store = createMemoryStore();
    const { config } = passkeyConfig({ adapter: memory(store) });
    for (let view = 0; view < 5; view++) expect((await fetchOptions(config, new CookieJar())).status).toBe(200);
    expect((await fetchOptions(config, new CookieJar(), { email: "grace@example.test" })).action).toBe("register");
    expect(store.verificationTokens.size).toBe(0);
    expect(store.users.size).toBe(0);
  });

  it("on SQLite: none for options, one per completed ceremony, expiring with its cookie and pruned after", async () => {
    const db = new Database(":memory:");
    db.exec(sqlSchema("sqlite"));
    const { config, adapter } = passkeyConfig({ adapter: sqlite(db) });
    const rows = () =>
      db.prepare("SELECT identifier, expires FROM verification_tokens").all() as {
        identifier: string;
        expires: number;
      }[];
    const authenticator = await registered(config);
    expect(rows()).toHaveLength(1); // the registration's spent challenge

    for (let view = 0; view < 3; view++) await fetchOptions(config, new CookieJar());
    expect(rows()).toHaveLength(1);

    const before = Date.now();
    const { jar } = await authenticate(config, authenticator);
    expect((await sessionOf(config, jar))?.user?.email).toBe("grace@example.test");
    const spent = rows();
    expect(spent.map((row) => row.identifier)).toEqual(["webauthn-spent:passkey", "webauthn-spent:passkey"]);
    // The row lives as long as a copy of the cookie could be presented (15 minutes), then may go.
    const latest = Math.max(...spent.map((row) => row.expires));
    expect(latest).toBeGreaterThan(before + 14 * 60_000);
    expect(latest).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    expect(await adapter.deleteExpired!(new Date(latest + 1000))).toEqual({ sessions: 0, verificationTokens: 2 });
  });

  it("a response that fails verification records nothing, and leaves the ceremony usable", async () => {
    const store = createMemoryStore();
    const { config, errors } = passkeyConfig({ adapter: memory(store) });
    const authenticator = await registered(config);
    const recorded = store.verificationTokens.size;
    // Two ceremonies at once (two tabs); each tab's cookie is sent with the other tab's assertion.
    const first = await signedAssertion(config, authenticator);
    const second = await signedAssertion(config, authenticator);
    const crossed = await postCallback(config, first.copied, "authenticate", second.assertion);
    expect(crossed.headers.get("location")).toBe(REJECTED);
    expect(errors.at(-1)?.message).toContain("could not be verified");
    expect(store.verificationTokens.size).toBe(recorded);
    // Neither challenge was spent by the crossed attempt: both ceremonies still complete.
    expect((await postCallback(config, first.jar, "authenticate", first.assertion)).status).toBe(302);
    expect((await sessionOf(config, first.jar))?.user?.email).toBe("grace@example.test");
    expect((await postCallback(config, second.jar, "authenticate", second.assertion)).status).toBe(302);
    expect(store.verificationTokens.size).toBe(recorded + 2);
  });
});

describe("passkey challenge attacks", () => {
  it("an expired challenge cookie is refused, even with a correctly signed response", async () => {
    const { config, errors } = passkeyConfig();
    const { jar, assertion } = await signedAssertion(config, await registered(config));
    const payload = await decode<Record<string, unknown>>({
      token: jar.get(CHALLENGE_COOKIE)!,
      salt: CHALLENGE_COOKIE,
      secret: SECRET,
    });
    const { exp: _exp, iat: _iat, jti: _jti, ...challenge } = payload!;
    jar.cookies.set(
      CHALLENGE_COOKIE,
      await encode({ token: challenge, salt: CHALLENGE_COOKIE, secret: SECRET, maxAge: -60 }),
    );
    const response = await postCallback(config, jar, "authenticate", assertion);
    expect(response.headers.get("location")).toBe(REJECTED);
    expect(errors.at(-1)?.message).toContain("could not be unsealed");
  });

  it("a challenge cookie sealed with another secret (another deployment) is refused", async () => {
    const { config, errors } = passkeyConfig();
    const { jar, assertion } = await signedAssertion(config, await registered(config));
    const payload = await decode<Record<string, unknown>>({
      token: jar.get(CHALLENGE_COOKIE)!,
      salt: CHALLENGE_COOKIE,
      secret: SECRET,
    });
    jar.cookies.set(
      CHALLENGE_COOKIE,
      await encode({ token: payload!, salt: CHALLENGE_COOKIE, secret: `${SECRET}-elsewhere`, maxAge: 60 }),
    );
    expect((await postCallback(config, jar, "authenticate", assertion)).headers.get("location")).toBe(REJECTED);
    expect(errors.at(-1)?.message).toContain("could not be unsealed");
  });

  it("two concurrent uses of one challenge: exactly one signs in", async () => {
    const { config } = passkeyConfig();
    const { jar, copied, assertion } = await signedAssertion(config, await registered(config));
    const answers = await Promise.all([
      postCallback(config, jar, "authenticate", assertion),
      postCallback(config, copied, "authenticate", assertion),
    ]);
    const signedIn = answers.filter((answer) => answer.headers.get("location") !== REJECTED);
    expect(signedIn).toHaveLength(1);
  });
});
