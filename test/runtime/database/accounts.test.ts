/**
 * Sign-in with an adapter through `Auth` and a real OpenID Provider: who the user is (created, found by
 * account, linked), the events with the spec's fields, the account-linking rules, `pages.newUser`, and an
 * adapter with JWT sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decode } from "../../../src/runtime/jwt.js";
import type { AdapterUser, AuthConfig, EventsOptions, JWT } from "../../../src/runtime/types.js";
import type { OidcServer } from "../../support/oidc-server.mjs";
import { captureLogger, ORIGIN, SECRET } from "../core/support.js";
import {
  databaseConfig,
  identityProviders,
  readSession,
  recordingAdapter,
  SESSION_COOKIE,
  signInWithIdentityProvider,
  signOut,
  startIdentityProvider,
} from "./support.js";

let server: OidcServer;

beforeAll(async () => {
  server = await startIdentityProvider();
});

afterAll(async () => {
  await server?.close();
});

/** Every event, in order, as `[name, message]`. */
function recordEvents() {
  const seen: Array<[string, Record<string, unknown>]> = [];
  const record =
    (name: string) =>
    (message: object): void =>
      void seen.push([name, message as Record<string, unknown>]);
  const events: EventsOptions = {
    createUser: record("createUser"),
    updateUser: record("updateUser"),
    linkAccount: record("linkAccount"),
    session: record("session"),
    signIn: record("signIn"),
    signOut: record("signOut"),
  };
  return { seen, events, names: () => seen.map(([name]) => name) };
}

function setup(overrides: Partial<AuthConfig> = {}) {
  const recording = recordingAdapter();
  return { ...recording, config: databaseConfig(recording.adapter, server, overrides) };
}

describe("a first sign-in", () => {
  it("creates the user and links the account: createUser, linkAccount, then signIn with isNewUser", async () => {
    const { seen, events, names } = recordEvents();
    const { config, store } = setup({ events });
    await signInWithIdentityProvider(config, { provider: "alpha", login: "ada" });
    expect(names()).toEqual(["createUser", "linkAccount", "signIn"]);

    const stored = (await store.getUserByAccount!({ provider: "alpha", providerAccountId: "ada" }))!;
    expect(stored).toMatchObject({ email: "ada@example.test", name: "ada", emailVerified: null });
    expect(stored.id).not.toBe("ada"); // our own id, not the provider's subject
    const [created, linked, signedIn] = seen.map(([, message]) => message);
    expect(created).toEqual({ user: stored });
    expect(linked).toMatchObject({
      user: stored,
      account: { provider: "alpha", providerAccountId: "ada", type: "oidc" },
      profile: { email: "ada@example.test", name: "ada" },
    });
    expect(signedIn).toMatchObject({
      user: stored,
      account: { provider: "alpha", providerAccountId: "ada", type: "oidc" },
      profile: { sub: "ada", email: "ada@example.test" },
      isNewUser: true,
    });
  });

  it("stores the account with the provider's tokens under the new user's id", async () => {
    const { config, store } = setup();
    await signInWithIdentityProvider(config, { provider: "alpha", login: "ada" });
    const user = (await store.getUserByAccount!({ provider: "alpha", providerAccountId: "ada" }))!;
    const account = (await store.getAccount!("ada", "alpha"))!;
    expect(account.userId).toBe(user.id);
    expect(account.access_token).toEqual(expect.any(String));
    expect(account.token_type).toBe("bearer");
  });

  it("redirects to pages.newUser, keeping the callback URL", async () => {
    const { config } = setup({ pages: { newUser: "/welcome" } });
    const { response } = await signInWithIdentityProvider(config, {
      provider: "alpha",
      login: "ada",
      callbackUrl: `${ORIGIN}/dashboard`,
    });
    expect(response.headers.get("location")).toBe(
      `${ORIGIN}/welcome?callbackUrl=${encodeURIComponent(`${ORIGIN}/dashboard`)}`,
    );
  });
});

describe("signing in again", () => {
  it("finds the user by account: no new user, signIn with isNewUser false", async () => {
    const { seen, events, names } = recordEvents();
    const { config, count } = setup({ events });
    await signInWithIdentityProvider(config, { provider: "alpha", login: "ada" });
    seen.length = 0;
    await signInWithIdentityProvider(config, { provider: "alpha", login: "ada" });
    expect(names()).toEqual(["signIn"]);
    expect(seen[0]![1]).toMatchObject({ isNewUser: false });
    expect(count("createUser")).toBe(1);
  });

  it("goes to the callback URL, not pages.newUser", async () => {
    const { config } = setup({ pages: { newUser: "/welcome" } });
    await signInWithIdentityProvider(config, { provider: "alpha", login: "ada" });
    const { response } = await signInWithIdentityProvider(config, { provider: "alpha", login: "ada" });
    expect(response.headers.get("location")).toBe(`${ORIGIN}/dashboard`);
  });

  it("shows the signIn callback the stored user, not the provider's", async () => {
    const users: Array<{ id?: string; emailVerified?: unknown }> = [];
    const { config, store } = setup({
      callbacks: {
        signIn: ({ user }) => {
          users.push(user as AdapterUser);
          return true;
        },
      },
    });
    await signInWithIdentityProvider(config, { provider: "alpha", login: "ada" });
    await signInWithIdentityProvider(config, { provider: "alpha", login: "ada" });
    const stored = (await store.getUserByAccount!({ provider: "alpha", providerAccountId: "ada" }))!;
    expect(users[0]?.id).toBe("ada"); // unknown account: the provider's user
    expect(users[1]).toEqual(stored);
  });

  it("emits signOut with the deleted session", async () => {
    const { seen, events } = recordEvents();
    const { config } = setup({ events });
    const { jar } = await signInWithIdentityProvider(config, { provider: "alpha", login: "ada" });
    const token = jar.get(SESSION_COOKIE);
    await signOut(config, jar);
    const ended = seen.find(([name]) => name === "signOut")?.[1] as { session: { sessionToken: string } };
    expect(ended.session).toMatchObject({ sessionToken: token, expires: expect.any(Date) });
  });
});

describe("account linking", () => {
  it("refuses an OAuth sign-in whose email belongs to another user: OAuthAccountNotLinked", async () => {
    const { config, count } = setup();
    await signInWithIdentityProvider(config, { provider: "alpha", login: "ada" });
    // Same address at another provider, in a browser that is not signed in.
    const { response, jar } = await signInWithIdentityProvider(config, { provider: "beta", login: "ada" });
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=OAuthAccountNotLinked`);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(count("createUser")).toBe(1);
    expect(count("linkAccount")).toBe(1);
  });

  it("links by email when the provider opts in with allowDangerousEmailAccountLinking and proves the address", async () => {
    const recording = recordingAdapter();
    // Both providers are trusted to verify addresses (the test IdP asserts email_verified: true), so alpha's
    // user owns a proved address and beta's identity proves it too: the only case where linking by address is allowed.
    const providers = identityProviders(server, {
      alpha: { trustEmailVerified: true },
      beta: { trustEmailVerified: true, allowDangerousEmailAccountLinking: true },
    });
    const config = databaseConfig(recording.adapter, server, { providers });
    await signInWithIdentityProvider(config, { provider: "alpha", login: "ada" });
    const { jar } = await signInWithIdentityProvider(config, { provider: "beta", login: "ada" });
    const alpha = await recording.store.getUserByAccount!({ provider: "alpha", providerAccountId: "ada" });
    const beta = await recording.store.getUserByAccount!({ provider: "beta", providerAccountId: "ada" });
    expect(beta?.id).toBe(alpha?.id);
    expect(recording.count("createUser")).toBe(1);
    expect(((await readSession(config, jar)).body as { user: { email: string } }).user.email).toBe("ada@example.test");
  });

  it("links a second provider to the signed-in user who asks for the link, whatever its email", async () => {
    const { seen, events, names } = recordEvents();
    const { config, store } = setup({ events });
    const { jar } = await signInWithIdentityProvider(config, { provider: "alpha", login: "ada" });
    seen.length = 0;
    await signInWithIdentityProvider(config, { provider: "beta", login: "lovelace", jar, link: true });
    const alpha = await store.getUserByAccount!({ provider: "alpha", providerAccountId: "ada" });
    const beta = await store.getUserByAccount!({ provider: "beta", providerAccountId: "lovelace" });
    expect(beta?.id).toBe(alpha?.id);
    expect(names()).toEqual(["linkAccount", "signIn"]);
    expect(seen[1]![1]).toMatchObject({ isNewUser: false, account: { provider: "beta" } });
  });

  it("signs a signed-in browser in as the other account's user when no link was asked for, linking nothing", async () => {
    const { seen, events, names } = recordEvents();
    const { config, store } = setup({ events });
    const { jar } = await signInWithIdentityProvider(config, { provider: "alpha", login: "ada" });
    seen.length = 0;
    await signInWithIdentityProvider(config, { provider: "beta", login: "lovelace", jar });
    const alpha = await store.getUserByAccount!({ provider: "alpha", providerAccountId: "ada" });
    const beta = await store.getUserByAccount!({ provider: "beta", providerAccountId: "lovelace" });
    expect(beta?.id).not.toBe(alpha?.id);
    expect(names()).toEqual(["createUser", "linkAccount", "signIn"]);
    expect(((await readSession(config, jar)).body as { user: { email: string } }).user.email).toBe(
      "lovelace@example.test",
    );
  });

  it("refuses to move an account owned by another user to the signed-in one", async () => {
    const { config, store } = setup();
    await signInWithIdentityProvider(config, { provider: "beta", login: "grace" });
    const { jar } = await signInWithIdentityProvider(config, { provider: "alpha", login: "ada" });
    const { response } = await signInWithIdentityProvider(config, {
      provider: "beta",
      login: "grace",
      jar,
      link: true,
    });
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=OAuthAccountNotLinked`);
    const grace = await store.getUserByAccount!({ provider: "beta", providerAccountId: "grace" });
    expect(grace?.email).toBe("grace@example.test");
  });
});

describe("an adapter with JWT sessions", () => {
  function jwtSetup(jwtCalls: Array<{ trigger?: string; isNewUser?: boolean; user?: unknown }>) {
    const { logger } = captureLogger();
    return setup({
      logger,
      session: { strategy: "jwt" },
      callbacks: {
        jwt: ({ token, trigger, isNewUser, user }) => {
          if (trigger) jwtCalls.push({ trigger, ...(isNewUser !== undefined ? { isNewUser } : {}), user });
          return token;
        },
      },
    });
  }

  it("stores the user and account but keeps the session in a JWT whose sub is the adapter user's id", async () => {
    const { config, store, count } = jwtSetup([]);
    const { jar } = await signInWithIdentityProvider(config, { provider: "alpha", login: "ada" });
    const user = (await store.getUserByAccount!({ provider: "alpha", providerAccountId: "ada" }))!;
    const token = (await decode({ token: jar.get(SESSION_COOKIE)!, secret: SECRET, salt: SESSION_COOKIE })) as JWT;
    expect(token.sub).toBe(user.id);
    expect(count("createSession")).toBe(0);
    expect(((await readSession(config, jar)).body as { user: { email: string } }).user.email).toBe("ada@example.test");
  });

  it("calls the jwt callback with trigger signUp and isNewUser for a new user, signIn afterwards", async () => {
    const calls: Array<{ trigger?: string; isNewUser?: boolean; user?: unknown }> = [];
    const { config, store } = jwtSetup(calls);
    await signInWithIdentityProvider(config, { provider: "alpha", login: "ada" });
    await signInWithIdentityProvider(config, { provider: "alpha", login: "ada" });
    const user = await store.getUserByAccount!({ provider: "alpha", providerAccountId: "ada" });
    expect(calls).toEqual([
      { trigger: "signUp", isNewUser: true, user },
      { trigger: "signIn", isNewUser: false, user },
    ]);
  });

  it("links a second provider to the user named by the JWT when that user asks for the link", async () => {
    const { config, store } = jwtSetup([]);
    const { jar } = await signInWithIdentityProvider(config, { provider: "alpha", login: "ada" });
    await signInWithIdentityProvider(config, { provider: "beta", login: "lovelace", jar, link: true });
    const alpha = await store.getUserByAccount!({ provider: "alpha", providerAccountId: "ada" });
    const beta = await store.getUserByAccount!({ provider: "beta", providerAccountId: "lovelace" });
    expect(beta?.id).toBe(alpha?.id);
  });
});
