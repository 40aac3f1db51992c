/**
 * Account pre-hijacking (Sudhodanan & Paverd, "Pre-hijacked accounts: An Empirical Study of Security
 * Failures in User Account Creation on the Web", USENIX Security 2022; arXiv:2205.10174). The attacker knows
 * only the victim's address and acts first: they create a user for it through a route that does not prove the
 * address, attach sign-in methods or keep a session open, and wait for the victim to prove the address. The
 * paper's root cause (§6.2.1) is a user that owns an address nobody proved; the runtime's answer is that the
 * proof creates a fresh user and the unproved one is detached from the address (docs/database-sessions.md).
 *
 * Everything runs through the real `Auth` with a real OpenID Provider (oidc-provider on loopback), email
 * links through a real SMTP server and passkeys from a software authenticator, on the memory and SQLite
 * adapters. The paper's fifth class, the unexpired email change attack, has no surface here: the runtime has
 * no "change my address" flow.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailVerifiedClaim } from "../../src/runtime/core/account/email-proof.js";
import { Auth } from "../../src/runtime/index.js";
import { decode } from "../../src/runtime/jwt.js";
import nodemailer from "../../src/runtime/providers/nodemailer.js";
import OIDC from "../../src/runtime/providers/oidc.js";
import passkey from "../../src/runtime/providers/passkey.js";
import type { Adapter, AdapterUser, AuthConfig, JWT, OAuthConfig, Session } from "../../src/runtime/types.js";
import { CookieJar, captureLogger, csrfToken, get, ORIGIN, postForm, SECRET } from "../runtime/core/support.js";
import { linkIn, requestLink } from "../runtime/email/support.js";
import { SoftwareAuthenticator } from "../runtime/webauthn/software-authenticator.js";
import { authenticate, fetchOptions, postCallback, register, startPasskeyLink } from "../runtime/webauthn/support.js";
import { loginThroughInteraction, type OidcServer, startOidcServer } from "../support/oidc-server.mjs";
import { type SmtpServer, startSmtpServer } from "../support/smtp-server.mjs";
import { ADAPTERS, type AdapterKind } from "./support/adapters.js";

const SESSION_COOKIE = "authjs.session-token";
const VICTIM = "victim@example.test";
const NOT_LINKED = `${ORIGIN}/auth/signin?error=OAuthAccountNotLinked`;

/**
 * The identity providers of the app under attack, all OIDC against one loopback OpenID Provider:
 * - `lax`: a provider the app does not trust to verify addresses (the default for any provider);
 * - `lax-linking`: the same, with `allowDangerousEmailAccountLinking`;
 * - `strict`: trusted (`trustEmailVerified`, as the Google and Apple catalog providers are), no linking;
 * - `strict-linking`: trusted and with `allowDangerousEmailAccountLinking`.
 */
const PROVIDERS = {
  lax: {},
  "lax-linking": { allowDangerousEmailAccountLinking: true },
  strict: { trustEmailVerified: true },
  "strict-linking": { trustEmailVerified: true, allowDangerousEmailAccountLinking: true },
} as const satisfies Record<string, Partial<OAuthConfig> & Record<string, unknown>>;
type ProviderId = keyof typeof PROVIDERS;

type Claims = Record<string, unknown>;
/** What the OpenID Provider asserts for each subject: set by a test right before that subject signs in. */
const claimsBySubject = new Map<string, Claims>();

let idp: OidcServer;
let smtp: SmtpServer;

beforeAll(async () => {
  idp = await startOidcServer({
    clients: Object.keys(PROVIDERS).map((id) => ({
      client_id: `${id}-client`,
      client_secret: `${id}-secret`,
      redirect_uris: [`${ORIGIN}/auth/callback/${id}`],
    })),
    configuration: {
      async findAccount(_context: unknown, sub: string) {
        return { accountId: sub, claims: async () => ({ sub, name: sub, ...claimsBySubject.get(sub) }) };
      },
    },
  });
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await idp?.close();
  await smtp?.close();
});

interface World {
  config: AuthConfig;
  adapter: Required<Adapter>;
  /** Every event, in order, as `[name, message]`. */
  events: Array<[string, Record<string, unknown>]>;
  errors: Error[];
}

function world(kind: AdapterKind, overrides: Partial<AuthConfig> = {}): World {
  const adapter = ADAPTERS[kind]() as Required<Adapter>;
  const events: World["events"] = [];
  const record = (name: string) => (message: object) => void events.push([name, message as Record<string, unknown>]);
  const { logger, errors } = captureLogger();
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    basePath: "/auth",
    logger,
    adapter,
    experimental: { enableWebAuthn: true },
    events: {
      createUser: record("createUser"),
      updateUser: record("updateUser"),
      linkAccount: record("linkAccount"),
      signIn: record("signIn"),
    },
    providers: [
      nodemailer({ server: smtp.url, from: "App <no-reply@example.test>" }),
      passkey(),
      ...Object.entries(PROVIDERS).map(([id, options]) =>
        OIDC({ id, name: id, issuer: idp.issuer, clientId: `${id}-client`, clientSecret: `${id}-secret`, ...options }),
      ),
    ],
    ...overrides,
  };
  return { config, adapter, events, errors };
}

/** Signs in at `provider` as `subject`, the OpenID Provider asserting `claims` (email, email_verified). */
async function oidcSignIn(
  w: World,
  provider: ProviderId,
  subject: string,
  claims: Claims,
  jar = new CookieJar(),
  link = false,
) {
  claimsBySubject.set(subject, claims);
  const csrf = await csrfToken(w.config, jar);
  const fields = { csrfToken: csrf, callbackUrl: `${ORIGIN}/dashboard`, ...(link ? { link: "true" } : {}) };
  const start = await Auth(postForm(`/auth/signin/${provider}`, fields, jar), w.config);
  if (start.status !== 302) throw new Error(`sign-in start answered ${start.status}`);
  jar.apply(start);
  const back = new URL(await loginThroughInteraction(start.headers.get("location")!, { login: subject }));
  const response = await Auth(get(back.pathname + back.search, jar), w.config);
  jar.apply(response);
  return { response, jar };
}

/** Requests a link for `address`, reads it from the mail the SMTP server received and follows it. */
async function emailSignIn(w: World, address: string, jar = new CookieJar()) {
  await requestLink(w.config, address, { jar });
  const message = smtp.messages.filter((received) => received.envelope.to.includes(address)).at(-1);
  if (!message) throw new Error(`no mail reached ${address}`);
  const response = await Auth(new Request(linkIn(message), { headers: { cookie: jar.header() } }), w.config);
  jar.apply(response);
  return { response, jar };
}

/** Registers a passkey for `address` while signed out: the "classic" route to a user, no proof of the address. */
async function passkeySignUp(w: World, address: string) {
  const authenticator = new SoftwareAuthenticator(ORIGIN);
  const { response, jar } = await register(w.config, authenticator, address);
  if (response.status !== 302 || !jar.get(SESSION_COOKIE)) throw new Error("the passkey registration failed");
  return { authenticator, jar };
}

/** Adds a passkey to the user signed in on `jar`, through the link flow that user starts. */
async function addPasskey(w: World, jar: CookieJar) {
  await startPasskeyLink(w.config, jar);
  const authenticator = new SoftwareAuthenticator(ORIGIN);
  const answer = await fetchOptions(w.config, jar, { action: "register" });
  if (answer.action !== "register") throw new Error(`expected register options, got ${JSON.stringify(answer)}`);
  const response = await postCallback(w.config, jar, "register", authenticator.create(answer.options));
  if (response.status !== 302) throw new Error("adding the passkey failed");
  return authenticator;
}

/** The stored user a database session cookie signs in as (null: signed out). */
async function userOf(w: World, jar: CookieJar): Promise<AdapterUser | null> {
  const token = jar.get(SESSION_COOKIE);
  if (!token) return null;
  return (await w.adapter.getSessionAndUser(token))?.user ?? null;
}

async function ownerOf(w: World, provider: string, providerAccountId: string): Promise<AdapterUser | null> {
  return w.adapter.getUserByAccount({ provider, providerAccountId });
}

function eventNames(w: World): string[] {
  return w.events.map(([name]) => name);
}

function eventMessage(w: World, name: string): Record<string, unknown> {
  const found = w.events.find(([seen]) => seen === name);
  if (!found) throw new Error(`no ${name} event among ${eventNames(w).join(", ")}`);
  return found[1];
}

describe.each(Object.keys(ADAPTERS) as AdapterKind[])("pre-hijacking, %s adapter", (kind) => {
  // Paper: "Non-verifying IdP Attack". The attacker signs in at an identity provider that asserts an address
  // without verifying it. OIDC Core §5.1: only `email_verified: true` says the provider verified the address,
  // and only a provider the app trusts to tell the truth about that can prove it to the app.
  describe("non-verifying IdP attack", () => {
    it("does not count an address asserted by an untrusted provider as verified, even with email_verified: true", async () => {
      const w = world(kind);
      await oidcSignIn(w, "lax", "mallory", { email: VICTIM, email_verified: true });
      expect((await ownerOf(w, "lax", "mallory"))?.emailVerified).toBeNull();
    });

    it("gives the victim who follows an email link a new user, not the one the attacker created", async () => {
      const w = world(kind);
      await oidcSignIn(w, "lax", "mallory", { email: VICTIM, email_verified: true });
      const attackers = (await ownerOf(w, "lax", "mallory"))!;
      const { jar } = await emailSignIn(w, VICTIM);
      const victims = (await userOf(w, jar))!;
      expect(victims.id).not.toBe(attackers.id);
      expect(victims).toMatchObject({ email: VICTIM, emailVerified: expect.any(Date) });
    });

    it("keeps the attacker's IdP account on the detached user: it never signs into the victim's", async () => {
      const w = world(kind);
      await oidcSignIn(w, "lax", "mallory", { email: VICTIM, email_verified: true });
      const victims = (await userOf(w, (await emailSignIn(w, VICTIM)).jar))!;
      const { jar } = await oidcSignIn(w, "lax", "mallory", { email: VICTIM, email_verified: true });
      const attackers = (await userOf(w, jar))!;
      expect(attackers.id).not.toBe(victims.id);
      expect(attackers.email).toBeNull();
    });

    it("fires updateUser for the detached user, createUser for the victim's, then signIn with isNewUser", async () => {
      const w = world(kind);
      await oidcSignIn(w, "lax", "mallory", { email: VICTIM, email_verified: true });
      const attackers = (await ownerOf(w, "lax", "mallory"))!;
      w.events.length = 0;
      const victims = (await userOf(w, (await emailSignIn(w, VICTIM)).jar))!;
      expect(eventNames(w)).toEqual(["updateUser", "createUser", "signIn"]);
      expect(eventMessage(w, "updateUser").user).toMatchObject({ id: attackers.id, email: null });
      expect(eventMessage(w, "createUser").user).toMatchObject({ id: victims.id, email: VICTIM });
      expect(eventMessage(w, "signIn")).toMatchObject({ user: { id: victims.id }, isNewUser: true });
    });

    it("shows the signIn callback of the victim's link the user about to be created, not the attacker's", async () => {
      const seen: Array<{ id?: string; email?: string | null }> = [];
      const w = world(kind, { callbacks: { signIn: ({ user }) => Boolean(seen.push(user)) } });
      await oidcSignIn(w, "lax", "mallory", { email: VICTIM, email_verified: true });
      const attackers = (await ownerOf(w, "lax", "mallory"))!;
      seen.length = 0;
      await emailSignIn(w, VICTIM);
      // [0] is the link request (the stored user for the address), [1] the link being followed.
      expect(seen[1]).toMatchObject({ email: VICTIM, emailVerified: null });
      expect(seen[1]?.id).not.toBe(attackers.id);
    });

    it("gives the victim a new user when a trusted IdP proves the address over dangerous linking", async () => {
      const w = world(kind);
      await oidcSignIn(w, "lax", "mallory", { email: VICTIM, email_verified: true });
      const attackers = (await ownerOf(w, "lax", "mallory"))!;
      const { jar } = await oidcSignIn(w, "strict-linking", "victim", { email: VICTIM, email_verified: true });
      const victims = (await userOf(w, jar))!;
      expect(victims.id).not.toBe(attackers.id);
      expect(victims).toMatchObject({ email: VICTIM, emailVerified: expect.any(Date) });
      expect((await ownerOf(w, "lax", "mallory"))?.id).toBe(attackers.id);
    });

    it("refuses dangerous linking from an untrusted provider: OAuthAccountNotLinked (OIDC Core §5.7: an address is no identifier)", async () => {
      const w = world(kind);
      await emailSignIn(w, VICTIM);
      const { response, jar } = await oidcSignIn(w, "lax-linking", "mallory", { email: VICTIM, email_verified: true });
      expect(response.headers.get("location")).toBe(NOT_LINKED);
      expect(jar.get(SESSION_COOKIE)).toBeUndefined();
      expect(await ownerOf(w, "lax-linking", "mallory")).toBeNull();
    });

    it("refuses dangerous linking from a trusted provider that says email_verified: false", async () => {
      const w = world(kind);
      await emailSignIn(w, VICTIM);
      const { response } = await oidcSignIn(w, "strict-linking", "mallory", { email: VICTIM, email_verified: false });
      expect(response.headers.get("location")).toBe(NOT_LINKED);
      expect(await ownerOf(w, "strict-linking", "mallory")).toBeNull();
    });
  });

  // Paper: "Classic-Federated Merge Attack". The attacker signs up through the classic route (here a passkey
  // registered while signed out, which proves nothing about the address); the victim later arrives through
  // the federated route (or an email link) and the two must not merge.
  describe("classic-federated merge attack", () => {
    it("creates the signed-out passkey's user with emailVerified null", async () => {
      const w = world(kind);
      const { jar } = await passkeySignUp(w, VICTIM);
      expect(await userOf(w, jar)).toMatchObject({ email: VICTIM, emailVerified: null });
    });

    it("refuses a signed-out passkey registration for an address an existing user owns", async () => {
      const w = world(kind);
      await emailSignIn(w, VICTIM);
      const jar = new CookieJar();
      expect((await fetchOptions(w.config, jar, { email: VICTIM, action: "register" })).status).toBe(400);
      // Without an explicit action, a known address gets authentication options (its own passkeys), never
      // registration ones.
      expect((await fetchOptions(w.config, jar, { email: VICTIM })).action).toBe("authenticate");
    });

    it("refuses the registration with AccountNotLinked when the address was taken while it was in flight", async () => {
      const w = world(kind);
      const jar = new CookieJar();
      const answer = await fetchOptions(w.config, jar, { email: VICTIM });
      expect(answer.action).toBe("register");
      await emailSignIn(w, VICTIM);
      const response = await postCallback(
        w.config,
        jar,
        "register",
        new SoftwareAuthenticator(ORIGIN).create(answer.options),
      );
      expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=AccountNotLinked`);
      expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    });

    it("gives the victim a new user on a proving federated sign-in; the attacker's passkey keeps the detached one", async () => {
      const w = world(kind);
      const { authenticator, jar: attackerJar } = await passkeySignUp(w, VICTIM);
      const attackers = (await userOf(w, attackerJar))!;
      const { jar } = await oidcSignIn(w, "strict-linking", "victim", { email: VICTIM, email_verified: true });
      const victims = (await userOf(w, jar))!;
      expect(victims.id).not.toBe(attackers.id);
      const again = await authenticate(w.config, authenticator);
      expect((await userOf(w, again.jar))?.id).toBe(attackers.id);
    });

    it("fires updateUser, createUser, linkAccount, then signIn with isNewUser for that federated sign-in", async () => {
      const w = world(kind);
      const attackers = (await userOf(w, (await passkeySignUp(w, VICTIM)).jar))!;
      w.events.length = 0;
      const { jar } = await oidcSignIn(w, "strict-linking", "victim", { email: VICTIM, email_verified: true });
      const victims = (await userOf(w, jar))!;
      expect(eventNames(w)).toEqual(["updateUser", "createUser", "linkAccount", "signIn"]);
      expect(eventMessage(w, "updateUser").user).toMatchObject({ id: attackers.id, email: null });
      expect(eventMessage(w, "createUser").user).toMatchObject({ id: victims.id, email: VICTIM });
      expect(eventMessage(w, "linkAccount")).toMatchObject({
        user: { id: victims.id },
        account: { provider: "strict-linking", providerAccountId: "victim" },
      });
      expect(eventMessage(w, "signIn")).toMatchObject({ user: { id: victims.id }, isNewUser: true });
    });

    it("refuses the federated sign-in without dangerous linking, and the email link then reclaims the address", async () => {
      const w = world(kind);
      const { authenticator, jar: attackerJar } = await passkeySignUp(w, VICTIM);
      const attackers = (await userOf(w, attackerJar))!;
      const refused = await oidcSignIn(w, "strict", "victim", { email: VICTIM, email_verified: true });
      expect(refused.response.headers.get("location")).toBe(NOT_LINKED);
      const victims = (await userOf(w, (await emailSignIn(w, VICTIM)).jar))!;
      expect(victims.id).not.toBe(attackers.id);
      expect((await userOf(w, (await authenticate(w.config, authenticator)).jar))?.id).not.toBe(victims.id);
    });
  });

  // Paper: "Trojan Identifier Attack". After pre-creating the user, the attacker attaches an identifier of
  // their own (an IdP account at their own address, a second passkey) that must not follow the address.
  describe("trojan identifier attack", () => {
    it("leaves the attacker's own IdP account, linked while signed in, on the detached user", async () => {
      const w = world(kind);
      const { jar: attackerJar } = await passkeySignUp(w, VICTIM);
      await oidcSignIn(w, "lax", "mallory", { email: "mallory@attacker.test", email_verified: true }, attackerJar);
      const attackers = (await userOf(w, attackerJar))!;
      expect((await ownerOf(w, "lax", "mallory"))?.id).toBe(attackers.id);

      const victims = (await userOf(w, (await emailSignIn(w, VICTIM)).jar))!;
      const trojan = await oidcSignIn(w, "lax", "mallory", { email: "mallory@attacker.test", email_verified: true });
      expect((await userOf(w, trojan.jar))?.id).toBe(attackers.id);
      expect(attackers.id).not.toBe(victims.id);
    });

    it("leaves a passkey added to the pre-created user on the detached user", async () => {
      const w = world(kind);
      const { jar: attackerJar } = await oidcSignIn(w, "lax", "mallory", { email: VICTIM, email_verified: true });
      const trojan = await addPasskey(w, attackerJar);
      const victims = (await userOf(w, (await emailSignIn(w, VICTIM)).jar))!;
      const { jar } = await authenticate(w.config, trojan);
      const signedIn = (await userOf(w, jar))!;
      expect(signedIn.id).not.toBe(victims.id);
      expect(signedIn.email).toBeNull();
    });
  });

  // Paper: "Unexpired Session Attack". The attacker keeps the session of the pre-created user open; after the
  // victim proves the address that session must not be a session of the victim's user (OWASP Session
  // Management Cheat Sheet: renew the session on any privilege change).
  describe("unexpired session attack", () => {
    it("ends the attacker's open database session once the victim proved the address", async () => {
      const w = world(kind);
      const { jar: attackerJar } = await passkeySignUp(w, VICTIM);
      const attackerToken = attackerJar.get(SESSION_COOKIE)!;
      expect(await w.adapter.getSessionAndUser(attackerToken)).not.toBeNull();
      const victims = (await userOf(w, (await emailSignIn(w, VICTIM)).jar))!;
      expect(await w.adapter.getSessionAndUser(attackerToken)).toBeNull();
      expect(await (await Auth(get("/auth/session", attackerJar), w.config)).json()).toBeNull();
      expect(victims.email).toBe(VICTIM);
    });

    it("without deleteSessionsByUserId, leaves the detached user's open database session without the address", async () => {
      const w = world(kind);
      const { deleteSessionsByUserId: _omitted, ...rest } = w.adapter;
      const config = { ...w.config, adapter: rest };
      const { jar: attackerJar } = await register(config, new SoftwareAuthenticator(ORIGIN), VICTIM);
      const victims = (await userOf(w, (await emailSignIn({ ...w, config }, VICTIM)).jar))!;
      const stillOpen = (await userOf(w, attackerJar))!;
      expect(stillOpen.id).not.toBe(victims.id);
      const session = (await (await Auth(get("/auth/session", attackerJar), config)).json()) as {
        user?: { email?: string | null };
      };
      expect(session.user?.email ?? null).toBeNull();
    });

    it("leaves the attacker's open JWT session on another user id than the victim's", async () => {
      const w = world(kind, { session: { strategy: "jwt" } });
      const { jar: attackerJar } = await oidcSignIn(w, "lax", "mallory", { email: VICTIM, email_verified: true });
      const { jar: victimJar } = await emailSignIn(w, VICTIM);
      const subject = async (jar: CookieJar) =>
        ((await decode({ token: jar.get(SESSION_COOKIE)!, secret: SECRET, salt: SESSION_COOKIE })) as JWT).sub;
      const victims = await w.adapter.getUserByEmail(VICTIM);
      expect(await subject(victimJar)).toBe(victims?.id);
      expect(await subject(attackerJar)).not.toBe(victims?.id);
    });

    it("refuses the attacker's open JWT session at its next read once the victim proved the address", async () => {
      const w = world(kind, { session: { strategy: "jwt" } });
      const { jar: attackerJar } = await oidcSignIn(w, "lax", "mallory", { email: VICTIM, email_verified: true });
      const read = async () =>
        (await (await Auth(get("/auth/session", attackerJar), w.config)).json()) as Session | null;
      expect((await read())?.user?.email).toBe(VICTIM);
      await emailSignIn(w, VICTIM);
      expect(await read()).toBeNull();
    });
  });

  // Issue 21, "sessions follow the account": a JWT session re-checks its user and sign-in account through the
  // adapter at most every session.revalidateAge seconds (core/session/follow-user.ts).
  describe("JWT sessions follow the stored user", () => {
    function jwtWorld(revalidateAge: number) {
      return world(kind, { session: { strategy: "jwt", revalidateAge } });
    }
    const read = async (w: World, jar: CookieJar) =>
      (await (await Auth(get("/auth/session", jar), w.config)).json()) as Session | null;

    it("refuses a session whose user the app deleted through the adapter", async () => {
      const w = jwtWorld(0);
      const { jar } = await oidcSignIn(w, "strict", "leaving", { email: "leaving@example.test", email_verified: true });
      expect((await read(w, jar))?.user?.email).toBe("leaving@example.test");
      await w.adapter.deleteUser((await ownerOf(w, "strict", "leaving"))!.id);
      expect(await read(w, jar)).toBeNull();
    });

    it("refuses a session whose sign-in account the app unlinked, and keeps one of another account", async () => {
      const w = jwtWorld(0);
      const { jar } = await oidcSignIn(w, "strict", "both", { email: "both@example.test", email_verified: true });
      // The user links a second account: that browser's session is now the linking sign-in's (lax).
      await oidcSignIn(w, "lax", "both-lax", { email: "both@example.test" }, jar, true);
      const strict = await oidcSignIn(w, "strict", "both", { email: "both@example.test", email_verified: true });
      await w.adapter.unlinkAccount({ provider: "strict", providerAccountId: "both" });
      expect(await read(w, strict.jar)).toBeNull();
      expect((await read(w, jar))?.user?.email).toBe("both@example.test");
    });

    it("asks the adapter at most once per revalidateAge for one session read many times", async () => {
      const w = jwtWorld(5);
      const { jar } = await oidcSignIn(w, "strict", "busy", { email: "busy@example.test", email_verified: true });
      let reads = 0;
      const getUser = w.adapter.getUser.bind(w.adapter);
      w.adapter.getUser = (id) => {
        reads++;
        return getUser(id);
      };
      for (let index = 0; index < 50; index++) expect((await read(w, jar))?.user?.email).toBe("busy@example.test");
      expect(reads).toBeLessThanOrEqual(1);
    });
  });

  // OIDC Core §5.1: `email_verified` is a boolean. Providers that send JSON strings (Apple) send "true"; any
  // other value is not a claim that the address was verified.
  describe("reading email_verified", () => {
    it.each([
      ["boolean true", true],
      ['the string "true"', "true"],
    ])("counts %s from a trusted provider as proof: the new user's emailVerified is set", async (_label, value) => {
      const w = world(kind);
      const { jar } = await oidcSignIn(w, "strict", "victim", { email: VICTIM, email_verified: value });
      expect((await userOf(w, jar))?.emailVerified).toBeInstanceOf(Date);
    });

    it.each([
      ['"false"', "false"],
      ['"True"', "True"],
      ['"TRUE "', "TRUE "],
      ['"1"', "1"],
      ['"yes"', "yes"],
      ["1", 1],
      ["false", false],
      ["null", null],
      ["an absent claim", undefined],
    ])("counts %s as no proof: the new user's emailVerified stays null", async (_label, value) => {
      const w = world(kind);
      const claims = value === undefined ? { email: VICTIM } : { email: VICTIM, email_verified: value };
      const { jar } = await oidcSignIn(w, "strict", "victim", claims);
      expect(await userOf(w, jar)).toMatchObject({ email: VICTIM, emailVerified: null });
    });

    it.each([
      ['"True"', "True"],
      ["1", 1],
      ['"yes"', "yes"],
    ])("refuses dangerous linking on email_verified %s: OAuthAccountNotLinked", async (_label, value) => {
      const w = world(kind);
      await emailSignIn(w, VICTIM);
      const { response } = await oidcSignIn(w, "strict-linking", "mallory", { email: VICTIM, email_verified: value });
      expect(response.headers.get("location")).toBe(NOT_LINKED);
      expect(await ownerOf(w, "strict-linking", "mallory")).toBeNull();
    });
  });

  // The cost of the fresh user, as docs/database-sessions.md states it: a legitimate unproved sign-up that
  // later proves its address gets a new user; its old provider account stays with the old one until the app
  // deletes that user, after which it can be added again while signed in.
  describe("the cost of a fresh user", () => {
    it("keeps the old provider account on the old user until the app deletes it, then links it to the new one", async () => {
      const w = world(kind);
      await oidcSignIn(w, "lax", "ada", { email: VICTIM, email_verified: true });
      const old = (await ownerOf(w, "lax", "ada"))!;
      const { jar } = await emailSignIn(w, VICTIM);
      const fresh = (await userOf(w, jar))!;
      expect(fresh.id).not.toBe(old.id);

      const refused = await oidcSignIn(w, "lax", "ada", { email: VICTIM, email_verified: true }, jar, true);
      expect(refused.response.headers.get("location")).toBe(NOT_LINKED);
      await w.adapter.deleteUser(old.id);
      await oidcSignIn(w, "lax", "ada", { email: VICTIM, email_verified: true }, jar, true);
      expect((await ownerOf(w, "lax", "ada"))?.id).toBe(fresh.id);
    });
  });

  // Not an attack: the owner of a proved address keeps their user.
  describe("a proved owner", () => {
    it("signs in as the existing verified user when following a link (updateUser, signIn without isNewUser)", async () => {
      const w = world(kind);
      const first = (await userOf(w, (await emailSignIn(w, VICTIM)).jar))!;
      w.events.length = 0;
      const again = (await userOf(w, (await emailSignIn(w, VICTIM)).jar))!;
      expect(again.id).toBe(first.id);
      expect(eventNames(w)).toEqual(["updateUser", "signIn"]);
      expect(eventMessage(w, "signIn")).toMatchObject({ isNewUser: false });
    });

    it("is joined by a trusted provider's proved sign-in over dangerous linking", async () => {
      const w = world(kind);
      const owner = (await userOf(w, (await emailSignIn(w, VICTIM)).jar))!;
      w.events.length = 0;
      const { jar } = await oidcSignIn(w, "strict-linking", "victim", { email: VICTIM, email_verified: "true" });
      expect((await userOf(w, jar))?.id).toBe(owner.id);
      expect(eventNames(w)).toEqual(["linkAccount", "signIn"]);
    });
  });
});

describe("the one reader of email_verified (OIDC Core §5.1)", () => {
  it.each([true, "true"])("reads %j as verified", (value) => {
    expect(emailVerifiedClaim(value)).toBe(true);
  });

  it.each([false, "false", "True", "TRUE", " true", "true ", "1", 1, "yes", null, undefined, {}, ["true"]])(
    "reads %j as not verified",
    (value) => {
      expect(emailVerifiedClaim(value)).toBe(false);
    },
  );
});
