/**
 * better-auth 1.7 as the endpoint bench measures it: its own SQLite database (better-sqlite3 in memory,
 * through its Kysely dialect, its tables from its own migrations), email and password sign-in, and three
 * instances for the three kinds of session read:
 *   - `cached`: its JWE cookie cache (session.cookieCache, strategy "jwe"), its counterpart of a JWT session;
 *   - `reissuing`: stateless (no database), the cookie cache re-encrypted on every read (refreshCache due);
 *   - `database`: no cookie cache, every read a database lookup.
 * Its password hashing (scrypt) is replaced by a plain comparison, as the other sides' credentials
 * `authorize` does no hashing either: the sign-in row compares the frameworks, not the hash. Telemetry and
 * its logger are off, so nothing it prints reaches the bench's table.
 */

import { betterAuth } from "better-auth";
import { getMigrations } from "better-auth/db/migration";
import Database from "better-sqlite3";

export const BETTER_AUTH_ORIGIN = "http://localhost:3000";
const MAX_AGE = 300;

/**
 * The three instances over one database, with a signed-up user; `signIn()` posts the email and password
 * and resolves the Cookie header the response leaves.
 */
export async function betterAuthSides({ secret, user, password }) {
  const database = new Database(":memory:");
  const common = {
    secret,
    baseURL: BETTER_AUTH_ORIGIN,
    telemetry: { enabled: false },
    logger: { disabled: true },
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      password: { hash: async (plain) => plain, verify: async ({ hash, password }) => hash === password },
    },
  };
  const cached = betterAuth({
    ...common,
    database,
    session: { cookieCache: { enabled: true, strategy: "jwe", maxAge: MAX_AGE } },
  });
  const databaseOnly = betterAuth({ ...common, database });
  // Stateless; a refresh age past the cache's lifetime makes every read due to re-encrypt it.
  const reissuing = betterAuth({
    ...common,
    session: {
      cookieCache: { enabled: true, strategy: "jwe", maxAge: MAX_AGE, refreshCache: { updateAge: MAX_AGE + 1 } },
    },
  });
  const { runMigrations } = await getMigrations(cached.options);
  await runMigrations();
  await cached.api.signUpEmail({ body: { email: user.email, password, name: user.name } });

  async function signIn() {
    const response = await cached.handler(
      new Request(`${BETTER_AUTH_ORIGIN}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: BETTER_AUTH_ORIGIN },
        body: JSON.stringify({ email: user.email, password }),
      }),
    );
    const cookies = response.headers.getSetCookie().map((line) => line.split(";")[0]);
    if (!cookies.some((cookie) => cookie.startsWith("better-auth.session_token="))) {
      throw new Error(`better-auth's sign-in set no session cookie (${response.status})`);
    }
    return cookies.join("; ");
  }
  return { cached, databaseOnly, reissuing, signIn };
}
