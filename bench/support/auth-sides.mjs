/**
 * Our runtime and @auth/core set up alike for the endpoint bench: the same secret, base path, quiet logger
 * and credentials `authorize`, a signed-in browser's cookies for each, and, for database sessions, one
 * SQLite database (better-sqlite3, in memory, the tables `create-auth init --db sqlite` writes) behind our
 * SQLite adapter, which both sides are handed.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Auth as CoreAuth } from "@auth/core";
import CoreCredentials from "@auth/core/providers/credentials";
import CoreGitHub from "@auth/core/providers/github";
import Database from "better-sqlite3";

export const SECRET = "benchmark-secret-with-more-than-thirty-two-characters";
export const ORIGIN = "http://localhost:3000";
export const SESSION = "authjs.session-token";
export const USER = { id: "user-1", name: "Ada Lovelace", email: "ada@example.test", image: null };
export const PASSWORD = "correct horse";

const quiet = { error() {}, warn() {}, debug() {} };
export const fields = { email: { label: "Email" }, password: { label: "Password", type: "password" } };
export const authorize = async (input) => (input.email === USER.email && input.password === PASSWORD ? USER : null);

/** The cookies a response sets, merged over `previous` (name → value). */
function cookieJar(response, previous = new Map()) {
  const jar = new Map(previous);
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const separator = pair.indexOf("=");
    jar.set(pair.slice(0, separator), pair.slice(separator + 1));
  }
  return jar;
}
const cookieHeader = (jar) => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

/** Fetches a CSRF token, posts the credentials form with it, and returns the Cookie header the browser holds. */
export async function credentialsSignIn(auth, config) {
  const csrf = await auth(new Request(`${ORIGIN}/auth/csrf`), config);
  let jar = cookieJar(csrf);
  const { csrfToken } = await csrf.json();
  const response = await auth(
    new Request(`${ORIGIN}/auth/callback/credentials`, {
      method: "POST",
      headers: { cookie: cookieHeader(jar), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, email: USER.email, password: PASSWORD }),
    }),
    config,
  );
  jar = cookieJar(response, jar);
  if (!jar.get(SESSION)) throw new Error(`the credentials sign-in set no session cookie (${response.status})`);
  return cookieHeader(jar);
}

/** `GET <ORIGIN>/auth/<action>`, with a Cookie header when one is given. */
export const authRequest = (action, cookie) =>
  new Request(`${ORIGIN}/auth/${action}`, cookie ? { headers: { cookie } } : undefined);

/** Both sides, from the runtime build in `runtimeDir` and the installed @auth/core. */
export async function authSides(runtimeDir, cliDir) {
  const load = (file) => import(pathToFileURL(path.join(runtimeDir, file)).href);
  const { Auth } = await load("index.js");
  const credentials = (await load("providers/credentials.js")).default;
  const github = (await load("providers/github.js")).default;
  const sqlite = (await load("adapters/sqlite.js")).default;
  const memory = (await load("adapters/memory.js")).default;
  const { encode } = await load("jwt.js");
  const { sqlSchema } = await import(pathToFileURL(path.join(cliDir, "database/sql/render.js")).href);

  const base = { secret: SECRET, trustHost: true, basePath: "/auth", logger: quiet };
  const jwt = {
    ours: { ...base, providers: [credentials({ credentials: fields, authorize })] },
    core: { ...base, providers: [CoreCredentials({ credentials: fields, authorize })] },
  };
  // Re-issue due on every read: @auth/core re-encrypts every read anyway; ours once `updateAge` has passed.
  const reissue = {
    ours: { ...jwt.ours, session: { updateAge: 0 } },
    core: { ...jwt.core, session: { updateAge: 0 } },
  };

  const db = new Database(":memory:");
  db.exec(sqlSchema("sqlite"));
  const adapter = sqlite(db);
  await adapter.createUser({ ...USER, emailVerified: null });
  const sessionToken = "bench-session-token";
  await adapter.createSession({ sessionToken, userId: USER.id, expires: new Date(Date.now() + 86_400_000) });
  const app = { clientId: "id", clientSecret: "secret" };
  const database = {
    ours: { ...base, adapter, session: { strategy: "database" }, providers: [github(app)] },
    core: { ...base, adapter, session: { strategy: "database" }, providers: [CoreGitHub(app)] },
  };
  // What a signed-in browser sends: the session token beside the CSRF cookie it was given before signing in
  // (each side's own), so neither side mints a CSRF token on every read as it would for a cookie-less client.
  const databaseCookie = async (auth, config) =>
    cookieHeader(cookieJar(await auth(new Request(`${ORIGIN}/auth/csrf`), config), new Map([[SESSION, sessionToken]])));
  database.cookies = {
    ours: await databaseCookie(Auth, database.ours),
    core: await databaseCookie(CoreAuth, database.core),
  };

  // A JWT session started through an adapter follows its stored user (checked every
  // `session.revalidateAge`, core/session/follow-user.ts): issue 21 keeps it ≥ 0.8× of the plain read.
  const store = memory();
  await store.createUser({ ...USER, emailVerified: null });
  await store.linkAccount({ userId: USER.id, type: "oidc", provider: "oidc", providerAccountId: "ada" });
  const signInClaim = { type: "oidc", provider: "oidc", providerAccountId: "ada", email: USER.email };
  const followed = await encode({
    token: {
      name: USER.name,
      email: USER.email,
      picture: null,
      sub: USER.id,
      sign_in: signInClaim,
      auth_time: Math.floor(Date.now() / 1000),
    },
    secret: SECRET,
    salt: SESSION,
  });
  const following = {
    config: { ...jwt.ours, adapter: store, session: { strategy: "jwt" } },
    cookie: `${SESSION}=${followed}`,
  };

  return {
    Auth,
    following,
    CoreAuth,
    jwt,
    reissue,
    database,
    cookies: { ours: await credentialsSignIn(Auth, jwt.ours), core: await credentialsSignIn(CoreAuth, jwt.core) },
  };
}
