/**
 * Credentials sign-in with database sessions (issue 22, point 1), through the real `Auth` on the memory
 * adapter and on the SQLite adapter over the schema the CLI writes: the user `authorize` returns is found by
 * its id or created (unverified, no account row), a session row is made for it, and that row is signed out,
 * ended by `deleteSessionsByUserId` and read against the live user like any other database session. With JWT
 * sessions nothing changes: the adapter is never asked.
 */
import { describe, expect, it } from "vitest";
import { Auth } from "../../../src/runtime/index.js";
import credentials from "../../../src/runtime/providers/credentials.js";
import type { Adapter, AdapterUser, AuthConfig, User } from "../../../src/runtime/types.js";
import { ADAPTERS, type AdapterKind } from "../../security/support/adapters.js";
import { baseConfig, CookieJar, captureLogger, csrfToken, get, ORIGIN, postForm, setCookies } from "../core/support.js";
import { recordingAdapter, SESSION_COOKIE } from "./support.js";

const PASSWORD = "correct horse battery staple";
const ADA: User = { id: "ada-1", name: "Ada Lovelace", email: "ada@example.test" };

/** A credentials provider whose `authorize` lets `user` in with PASSWORD, as an app writes it. */
function passwordProvider(user: () => User | null) {
  return credentials({
    credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" } },
    async authorize(input) {
      return input.password === PASSWORD ? user() : null;
    },
  });
}

function setup(kind: AdapterKind, overrides: Partial<AuthConfig> = {}, user: () => User | null = () => ADA) {
  const adapter = ADAPTERS[kind]();
  const { logger, errors } = captureLogger();
  const events: Array<{ name: string; isNewUser?: boolean; userId?: string }> = [];
  const config = baseConfig({
    adapter,
    logger,
    session: { strategy: "database" },
    providers: [passwordProvider(user)],
    events: {
      signIn: ({ user: signedIn, isNewUser }) => {
        events.push({ name: "signIn", isNewUser, userId: signedIn.id });
      },
      createUser: ({ user: created }) => {
        events.push({ name: "createUser", userId: created.id });
      },
    },
    ...overrides,
  });
  return { adapter, config, errors, events };
}

async function signIn(config: AuthConfig, jar = new CookieJar(), password = PASSWORD): Promise<Response> {
  const csrf = await csrfToken(config, jar);
  const response = await Auth(
    postForm(
      "/auth/callback/credentials",
      { csrfToken: csrf, email: "ada@example.test", password, callbackUrl: `${ORIGIN}/dashboard` },
      jar,
    ),
    config,
  );
  jar.apply(response);
  return response;
}

async function sessionOf(config: AuthConfig, jar: CookieJar): Promise<{ user?: User } | null> {
  const response = await Auth(get("/auth/session", jar), config);
  jar.apply(response);
  return response.json();
}

async function storedSession(adapter: Adapter, jar: CookieJar) {
  const token = jar.get(SESSION_COOKIE);
  if (!token) return null;
  return (await adapter.getSessionAndUser?.(token)) ?? null;
}

describe.each(Object.keys(ADAPTERS) as AdapterKind[])("credentials with database sessions (%s adapter)", (kind) => {
  it("creates the user authorize returns at the first sign-in, its address unverified, and stores a session row for it", async () => {
    const { adapter, config, events } = setup(kind);
    const jar = new CookieJar();
    const response = await signIn(config, jar);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/dashboard`);

    const user = await adapter.getUser?.("ada-1");
    expect(user).toMatchObject({ id: "ada-1", name: "Ada Lovelace", email: "ada@example.test", emailVerified: null });
    const stored = await storedSession(adapter, jar);
    expect(stored?.session.userId).toBe("ada-1");
    // Only the opaque token is in the cookie: no JWT.
    expect(jar.get(SESSION_COOKIE)?.split(".")).toHaveLength(2);
    expect(await sessionOf(config, jar)).toMatchObject({ user: { name: "Ada Lovelace", email: "ada@example.test" } });
    // The password lives in the app: no account row is linked for it.
    expect(await adapter.getUserByAccount?.({ provider: "credentials", providerAccountId: "ada-1" })).toBeNull();
    expect(events).toEqual([
      { name: "createUser", userId: "ada-1" },
      { name: "signIn", isNewUser: true, userId: "ada-1" },
    ]);
  });

  it("finds that user at the next sign-in: no second user, signIn with isNewUser false", async () => {
    const { config, events } = setup(kind);
    await signIn(config);
    events.length = 0;
    const jar = new CookieJar();
    await signIn(config, jar);
    expect(events).toEqual([{ name: "signIn", isNewUser: false, userId: "ada-1" }]);
    expect(await sessionOf(config, jar)).toMatchObject({ user: { email: "ada@example.test" } });
  });

  it("sends a user created just now to pages.newUser, and a known one to the callback URL", async () => {
    const { config } = setup(kind, { pages: { newUser: "/welcome" } });
    const first = await signIn(config);
    expect(first.headers.get("location")).toBe(
      `${ORIGIN}/welcome?callbackUrl=${encodeURIComponent(`${ORIGIN}/dashboard`)}`,
    );
    const second = await signIn(config);
    expect(second.headers.get("location")).toBe(`${ORIGIN}/dashboard`);
  });

  it("signs in as the app's own user that the id names, presenting the stored row, never rewriting it", async () => {
    const verified = new Date("2026-01-02T03:04:05.000Z");
    const { adapter, config, events } = setup(kind, {}, () => ({
      id: "ada-1",
      name: "Someone Else",
      email: "ADA@example.test",
    }));
    await adapter.createUser?.({
      id: "ada-1",
      name: "Ada Lovelace",
      email: "ada@example.test",
      emailVerified: verified,
      image: null,
    });
    const jar = new CookieJar();
    await signIn(config, jar);
    expect(events).toEqual([{ name: "signIn", isNewUser: false, userId: "ada-1" }]);
    expect(await sessionOf(config, jar)).toMatchObject({ user: { name: "Ada Lovelace", email: "ada@example.test" } });
    expect(await adapter.getUser?.("ada-1")).toMatchObject({ name: "Ada Lovelace", emailVerified: verified });
  });

  it("names the user by an integer id written as text, and finds it again", async () => {
    const { adapter, config, events } = setup(kind, {}, () => ({ ...ADA, id: 42 as unknown as string }));
    await signIn(config);
    await signIn(config);
    expect(await adapter.getUser?.("42")).toMatchObject({ id: "42", email: "ada@example.test" });
    expect(events.filter((event) => event.name === "createUser")).toHaveLength(1);
  });

  it("stores only the user's own fields: whatever else authorize returns (a password hash) stays out", async () => {
    const { adapter, config } = setup(kind, {}, () => ({ ...ADA, passwordHash: "scrypt$…", role: "admin" }) as User);
    await signIn(config);
    const user = (await adapter.getUser?.("ada-1")) as AdapterUser & Record<string, unknown>;
    expect(user.passwordHash).toBeUndefined();
    expect(user.role).toBeUndefined();
  });

  it("sign-out deletes the row, and the old cookie then reads as signed out", async () => {
    const { adapter, config } = setup(kind);
    const jar = new CookieJar();
    await signIn(config, jar);
    const token = jar.get(SESSION_COOKIE) as string;
    const csrf = await csrfToken(config, jar);
    const response = await Auth(postForm("/auth/signout", { csrfToken: csrf }, jar), config);
    expect(setCookies(response).find((cookie) => cookie.name === SESSION_COOKIE)?.value).toBe("");
    expect(await adapter.getSessionAndUser?.(token)).toBeNull();
    const replay = new CookieJar();
    replay.cookies.set(SESSION_COOKIE, token);
    expect(await sessionOf(config, replay)).toBeNull();
    // The person stays a user: sign-out ends the session, not the account.
    expect(await adapter.getUser?.("ada-1")).not.toBeNull();
  });

  it("ends with deleteSessionsByUserId, and with the user deleted, like any database session", async () => {
    const { adapter, config } = setup(kind);
    const first = new CookieJar();
    const second = new CookieJar();
    await signIn(config, first);
    await signIn(config, second);
    await adapter.deleteSessionsByUserId?.("ada-1");
    expect(await sessionOf(config, first)).toBeNull();
    expect(await sessionOf(config, second)).toBeNull();

    const third = new CookieJar();
    await signIn(config, third);
    await adapter.deleteUser?.("ada-1");
    expect(await sessionOf(config, third)).toBeNull();
  });

  it("shows the signIn callback the stored user, and a refusal stores nothing", async () => {
    const seen: unknown[] = [];
    const { adapter, config } = setup(kind, {
      callbacks: {
        signIn: ({ user }) => {
          seen.push(user);
          return false;
        },
      },
    });
    const response = await signIn(config);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=AccessDenied`);
    expect(await adapter.getUser?.("ada-1")).toBeNull();
    expect(seen).toEqual([expect.objectContaining({ id: "ada-1", email: "ada@example.test" })]);
  });

  it("refuses a wrong password without asking the adapter for anything", async () => {
    const { adapter, config } = setup(kind);
    const jar = new CookieJar();
    const response = await signIn(config, jar, "wrong");
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=CredentialsSignin&code=credentials`);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(await adapter.getUser?.("ada-1")).toBeNull();
  });
});

describe("credentials with JWT sessions next to an adapter", () => {
  it("never asks the adapter: authorize's user is the session's, as before", async () => {
    const recording = recordingAdapter();
    const config = baseConfig({
      adapter: recording.adapter,
      session: { strategy: "jwt" },
      providers: [passwordProvider(() => ({ name: "No Id", email: "noid@example.test" }))],
    });
    const jar = new CookieJar();
    const response = await signIn(config, jar);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/dashboard`);
    expect(await sessionOf(config, jar)).toMatchObject({ user: { email: "noid@example.test" } });
    expect(recording.calls).toEqual([]);
  });
});

describe("credentials with database sessions on adapters that behave otherwise", () => {
  function config(adapter: Adapter, logger = captureLogger()) {
    return {
      ...logger,
      config: baseConfig({
        adapter,
        logger: logger.logger,
        session: { strategy: "database" },
        providers: [passwordProvider(() => ADA)],
      }),
    };
  }

  it("refuses a user the adapter stored under an id of its own (an integer key), and leaves no row behind", async () => {
    const store = ADAPTERS.memory();
    let next = 1;
    // An autoincrement key: the id asked for is ignored.
    const adapter: Adapter = { ...store, createUser: (user) => store.createUser!({ ...user, id: String(next++) }) };
    const { config: auth, errors } = config(adapter);
    const jar = new CookieJar();
    const response = await signIn(auth, jar);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(await store.getUserByEmail?.("ada@example.test")).toBeNull();
    expect(errors.map((error) => (error as { type?: string }).type)).toEqual(["CallbackRouteError"]);
    expect(errors[0]?.message).toContain("ids of its own");
  });

  it("signs in as the user a concurrent first sign-in created a moment earlier, instead of failing", async () => {
    const store = ADAPTERS.memory();
    let raced = false;
    // The other sign-in's createUser lands between this one's getUser and createUser.
    const adapter: Adapter = {
      ...store,
      createUser: async (user) => {
        if (!raced) {
          raced = true;
          await store.createUser!(user);
        }
        return store.createUser!(user);
      },
    };
    const { config: auth, errors } = config(adapter);
    const jar = new CookieJar();
    const response = await signIn(auth, jar);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/dashboard`);
    expect(errors).toEqual([]);
    expect((await store.getSessionAndUser?.(jar.get(SESSION_COOKIE)!))?.user.id).toBe("ada-1");
  });
});
