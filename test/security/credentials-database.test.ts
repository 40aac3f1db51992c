/**
 * Credentials sign-in with database sessions, attacked (issue 22, point 1). `authorize` is the app's code, but
 * what it returns is often shaped by what was typed, and its ids may come from a password store of its own, so
 * a credentials sign-in must never become someone else's user: not through an address (a password proves
 * nothing about one: no account is reachable through an address nobody proved), not through an id whose stored
 * user has another address, not through a session planted in the browser, and not through a link intent. Odd
 * shapes (no id, an object, a huge or control-character id, a huge address) are refused or stored as nothing,
 * before anything is written. Everything runs the real `Auth` on the memory and SQLite adapters, and a real
 * SMTP server for the proof of an address.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Auth } from "../../src/runtime/index.js";
import credentials from "../../src/runtime/providers/credentials.js";
import github from "../../src/runtime/providers/github.js";
import nodemailer from "../../src/runtime/providers/nodemailer.js";
import type { Adapter, AuthConfig, User } from "../../src/runtime/types.js";
import { CookieJar, captureLogger, csrfToken, get, ORIGIN, postForm } from "../runtime/core/support.js";
import { linkIn, requestLink } from "../runtime/email/support.js";
import { type SmtpServer, startSmtpServer } from "../support/smtp-server.mjs";
import { ADAPTERS, type AdapterKind } from "./support/adapters.js";

const SESSION_COOKIE = "authjs.session-token";
const LINK_COOKIE = "authjs.link-intent";
const VICTIM = "victim@example.test";

let smtp: SmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp?.close();
});

/**
 * An app whose `authorize` answers each username with the user `accounts` maps it to (its own password
 * store: whatever id and address it holds), any password accepted for the test.
 */
function world(kind: AdapterKind, accounts: Record<string, unknown>) {
  const adapter = ADAPTERS[kind]();
  const { logger, errors } = captureLogger();
  const config: AuthConfig = {
    secret: "a-test-secret-of-at-least-thirty-two-characters",
    trustHost: true,
    basePath: "/auth",
    logger,
    adapter,
    session: { strategy: "database" },
    experimental: {},
    providers: [
      credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        async authorize(input) {
          return (accounts[String(input.username)] as User | undefined) ?? null;
        },
      }),
      nodemailer({ server: smtp.url, from: "App <no-reply@example.test>" }),
      github({ clientId: "gh-client", clientSecret: "gh-secret" }),
    ],
  };
  return { adapter, config, errors };
}

async function signIn(config: AuthConfig, username: string, jar = new CookieJar()) {
  const csrf = await csrfToken(config, jar);
  const response = await Auth(
    postForm(
      "/auth/callback/credentials",
      { csrfToken: csrf, username, password: "any", callbackUrl: `${ORIGIN}/home` },
      jar,
    ),
    config,
  );
  jar.apply(response);
  return { response, jar, location: response.headers.get("location") };
}

async function sessionOf(config: AuthConfig, jar: CookieJar) {
  const response = await Auth(get("/auth/session", jar), config);
  jar.apply(response);
  return (await response.json()) as { user?: User } | null;
}

async function seedProvedUser(adapter: Adapter, id: string, email: string) {
  return adapter.createUser!({ id, name: "Victim", email, emailVerified: new Date(), image: null });
}

const errorTypes = (errors: Error[]) => errors.map((error) => (error as { type?: string }).type);

describe.each(Object.keys(ADAPTERS) as AdapterKind[])("credentials with database sessions, attacked (%s)", (kind) => {
  it("never joins a user found only by address: a password for the victim's address gets AccountNotLinked and nothing is stored", async () => {
    const { adapter, config, errors } = world(kind, { mallory: { id: "mallory", email: "Victim@Example.test " } });
    await seedProvedUser(adapter, "victim", VICTIM);
    const { location, jar } = await signIn(config, "mallory");
    expect(location).toBe(`${ORIGIN}/auth/signin?error=AccountNotLinked`);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(await adapter.getUser!("mallory")).toBeNull();
    expect(errorTypes(errors)).toEqual(["AccountNotLinked"]);
    expect(errors[0]?.message).toContain("never joins a user by address");
  });

  it("refuses an id whose stored user has another address: AccessDenied, the victim's row untouched", async () => {
    // The app's password store numbers its people itself, and its "victim" is someone else.
    const { adapter, config, errors } = world(kind, { mallory: { id: "victim", email: "mallory@example.test" } });
    await seedProvedUser(adapter, "victim", VICTIM);
    const { location, jar } = await signIn(config, "mallory");
    expect(location).toBe(`${ORIGIN}/auth/error?error=AccessDenied`);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(await adapter.getUser!("victim")).toMatchObject({ email: VICTIM });
    expect(errorTypes(errors)).toEqual(["AccessDenied"]);
  });

  it.each([
    ["no id", { email: "a@example.test" }],
    ["a null id", { id: null, email: "a@example.test" }],
    ["an empty id", { id: "", email: "a@example.test" }],
    ["an object for an id", { id: { $ne: null }, email: "a@example.test" }],
    ["a fractional id", { id: 1.5, email: "a@example.test" }],
    ["an id of 256 characters", { id: "x".repeat(256), email: "a@example.test" }],
    ["an id of 16 KiB typed into the form and echoed", { id: "y".repeat(16 * 1024), email: "a@example.test" }],
    ["a control character in the id", { id: "ada\u0000admin", email: "a@example.test" }],
  ])("refuses authorize's user with %s as a Configuration error, storing nothing", async (_case, user) => {
    const { adapter, config, errors } = world(kind, { odd: user });
    const { location, jar } = await signIn(config, "odd");
    expect(location).toBe(`${ORIGIN}/auth/error?error=Configuration`);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(await adapter.getUserByEmail!("a@example.test")).toBeNull();
    expect(errorTypes(errors)).toEqual(["CallbackRouteError"]);
    expect(errors[0]?.message).toContain("the id of the user in your users table");
  });

  it("stores an address the address rule refuses (huge, a list, not text) as none", async () => {
    const { adapter, config } = world(kind, {
      huge: { id: "huge", email: `${"a".repeat(10_000)}@example.test` },
      list: { id: "list", email: `me@example.test, ${VICTIM}` },
      object: { id: "object", email: { toString: () => VICTIM } },
    });
    await seedProvedUser(adapter, "victim", VICTIM);
    for (const username of ["huge", "list", "object"]) {
      const { location, jar } = await signIn(config, username);
      expect(location).toBe(`${ORIGIN}/home`);
      expect(await adapter.getUser!(username)).toMatchObject({ email: null, emailVerified: null });
      expect((await sessionOf(config, jar))?.user?.email).toBeNull();
    }
    expect((await adapter.getUserByEmail!(VICTIM))?.id).toBe("victim");
  });

  it("a session planted in the browser is replaced, not joined: the victim signs in as themself and the planted row is gone", async () => {
    const { adapter, config } = world(kind, {
      mallory: { id: "mallory", email: "mallory@example.test" },
      victim: { id: "victim", email: VICTIM },
    });
    const planted = (await signIn(config, "mallory")).jar.get(SESSION_COOKIE) as string;
    const victimJar = new CookieJar();
    victimJar.cookies.set(SESSION_COOKIE, planted);
    await signIn(config, "victim", victimJar);
    expect(victimJar.get(SESSION_COOKIE)).not.toBe(planted);
    expect((await sessionOf(config, victimJar))?.user?.email).toBe(VICTIM);
    expect(await adapter.getSessionAndUser!(planted)).toBeNull();
    expect((await adapter.getSessionAndUser!(victimJar.get(SESSION_COOKIE)!))?.user.id).toBe("victim");
  });

  it("a second user's sign-in in another browser cannot read or end the first one's session", async () => {
    const { config } = world(kind, {
      ada: { id: "ada", email: "ada@example.test" },
      bob: { id: "bob", email: "bob@example.test" },
    });
    const ada = (await signIn(config, "ada")).jar;
    const bob = (await signIn(config, "bob")).jar;
    expect((await sessionOf(config, bob))?.user?.email).toBe("bob@example.test");
    expect((await sessionOf(config, ada))?.user?.email).toBe("ada@example.test");
  });

  it("a credentials sign-in links nothing, even while the signed-in user's link intent is in the browser", async () => {
    const { adapter, config } = world(kind, {
      ada: { id: "ada", email: "ada@example.test" },
      mallory: { id: "mallory", email: "mallory@example.test" },
    });
    const { jar } = await signIn(config, "ada");
    // Ada asks to link GitHub (the intent cookie is set; GitHub itself is never reached).
    const csrf = await csrfToken(config, jar);
    const start = await Auth(postForm("/auth/signin/github", { csrfToken: csrf, link: "true" }, jar), config);
    jar.apply(start);
    expect(jar.get(LINK_COOKIE)).toBeDefined();
    // Someone at her browser signs in with a password instead: a plain sign-in, their own user, nothing linked.
    const { location } = await signIn(config, "mallory", jar);
    expect(location).toBe(`${ORIGIN}/home`);
    expect((await sessionOf(config, jar))?.user?.email).toBe("mallory@example.test");
    expect(await adapter.getUserByAccount!({ provider: "credentials", providerAccountId: "mallory" })).toBeNull();
    expect(await adapter.getUserByAccount!({ provider: "credentials", providerAccountId: "ada" })).toBeNull();
  });

  it("a user created by a password loses the address once its owner proves it: a fresh user for them, the squatter's session ended", async () => {
    const { adapter, config } = world(kind, { mallory: { id: "mallory", email: VICTIM } });
    const squatter = (await signIn(config, "mallory")).jar;
    expect(await adapter.getUser!("mallory")).toMatchObject({ email: VICTIM, emailVerified: null });

    const victimJar = new CookieJar();
    await requestLink(config, VICTIM, { jar: victimJar });
    const message = smtp.messages.filter((received) => received.envelope.to.includes(VICTIM)).at(-1);
    await Auth(new Request(linkIn(message!), { headers: { cookie: victimJar.header() } }), config).then((response) =>
      victimJar.apply(response),
    );
    const victimUser = await adapter.getUserByEmail!(VICTIM);
    expect(victimUser?.id).not.toBe("mallory");
    expect(victimUser?.emailVerified).toBeInstanceOf(Date);
    expect((await sessionOf(config, victimJar))?.user?.email).toBe(VICTIM);
    expect(await adapter.getUser!("mallory")).toMatchObject({ email: null });
    expect(await sessionOf(config, squatter)).toBeNull();

    // The password still signs in, as the detached user it is: the address stays the victim's.
    const again = (await signIn(config, "mallory")).jar;
    expect((await sessionOf(config, again))?.user?.email).toBeNull();
    expect((await adapter.getUserByEmail!(VICTIM))?.id).toBe(victimUser?.id);
  });
});
