/**
 * A session planted in the victim's browser must never receive the victim's sign-in (issue 21, point 1).
 * The attacker signs in to the app themselves, then gets their session cookie into the victim's browser
 * (cookie tossing from a sibling subdomain, RFC 6265bis §8.6; session fixation, OWASP Session Management
 * Cheat Sheet). The victim's next sign-in, by OAuth, OIDC, email link or passkey, used to be linked to
 * whoever was signed in, so the attacker then signed in as the victim's user ("The reference loses them the
 * same way"). With a pre-created user in the victim's name, it was a complete takeover (Sudhodanan & Paverd,
 * USENIX Security 2022). Now a method joins a signed-in user only through a link that user started, in the
 * same browser and session, recently (core/account/link-intent.ts); this suite also attacks that link.
 *
 * Everything runs through the real `Auth`, a real OpenID Provider (oidc-provider) on loopback serving both an
 * OIDC client and a plain OAuth 2 client, a real SMTP server and a software authenticator, on the memory and
 * SQLite adapters with database and JWT sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Auth } from "../../src/runtime/index.js";
import { decode, encode } from "../../src/runtime/jwt.js";
import nodemailer from "../../src/runtime/providers/nodemailer.js";
import OIDC from "../../src/runtime/providers/oidc.js";
import passkey from "../../src/runtime/providers/passkey.js";
import type { Adapter, AdapterUser, AuthConfig, JWT, OAuthConfig } from "../../src/runtime/types.js";
import { CookieJar, captureLogger, csrfToken, get, ORIGIN, postForm, SECRET } from "../runtime/core/support.js";
import { linkIn, requestLink } from "../runtime/email/support.js";
import { SoftwareAuthenticator } from "../runtime/webauthn/software-authenticator.js";
import { fetchOptions, postCallback, register, startPasskeyLink } from "../runtime/webauthn/support.js";
import { loginThroughInteraction, type OidcServer, startOidcServer } from "../support/oidc-server.mjs";
import { type SmtpServer, startSmtpServer } from "../support/smtp-server.mjs";
import { ADAPTERS, type AdapterKind } from "./support/adapters.js";

const SESSION_COOKIE = "authjs.session-token";
const LINK_COOKIE = "authjs.link-intent";
const CSRF_COOKIE = "authjs.csrf-token";
const VICTIM = "victim@example.test";
const REFUSED = (code: string) => `${ORIGIN}/auth/signin?error=AccountLinkRefused&code=${code}`;

let idp: OidcServer;
let smtp: SmtpServer;
/** What the OpenID Provider asserts for each subject. */
const claimsBySubject = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  idp = await startOidcServer({
    clients: ["oidc", "oauth", "trusted", "dangerous"].map((id) => ({
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

/** A plain OAuth 2 provider (no ID token read) on the same server: authorization, token, userinfo. */
function oauthProvider(): OAuthConfig {
  return {
    id: "oauth",
    name: "OAuth",
    type: "oauth",
    clientId: "oauth-client",
    clientSecret: "oauth-secret",
    authorization: { url: `${idp.issuer}/auth`, params: { scope: "openid email profile" } },
    token: `${idp.issuer}/token`,
    userinfo: `${idp.issuer}/me`,
    checks: ["pkce", "state"],
    profile: (profile: Record<string, unknown>) => ({
      id: String(profile.sub),
      name: String(profile.name),
      email: String(profile.email),
    }),
  };
}

interface World {
  config: AuthConfig;
  adapter: Required<Adapter>;
  events: string[];
  strategy: "jwt" | "database";
}

function world(kind: AdapterKind, strategy: "jwt" | "database", overrides: Partial<AuthConfig> = {}): World {
  const adapter = ADAPTERS[kind]() as Required<Adapter>;
  const events: string[] = [];
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    basePath: "/auth",
    logger: captureLogger().logger,
    adapter,
    session: { strategy },
    experimental: { enableWebAuthn: true },
    events: { linkAccount: () => void events.push("linkAccount") },
    providers: [
      nodemailer({ server: smtp.url, from: "App <no-reply@example.test>" }),
      passkey(),
      oauthProvider(),
      ...["oidc", "trusted", "dangerous"].map((id) =>
        OIDC({
          id,
          name: id,
          issuer: idp.issuer,
          clientId: `${id}-client`,
          clientSecret: `${id}-secret`,
          // Trusted to verify addresses and allowed to join by a proved one: the most a victim's sign-in can do.
          ...(id === "trusted" ? { trustEmailVerified: true, allowDangerousEmailAccountLinking: true } : {}),
          ...(id === "dangerous" ? { allowDangerousSessionLinking: true } : {}),
        }),
      ),
    ],
    ...overrides,
  };
  return { config, adapter, events, strategy };
}

/** Starts a sign-in (or with `link`, a link) at an OAuth/OIDC provider; returns the start's answer. */
async function start(w: World, provider: string, jar: CookieJar, link = false): Promise<Response> {
  const csrf = await csrfToken(w.config, jar);
  const fields = { csrfToken: csrf, callbackUrl: `${ORIGIN}/dashboard`, ...(link ? { link: "true" } : {}) };
  const response = await Auth(postForm(`/auth/signin/${provider}`, fields, jar), w.config);
  jar.apply(response);
  return response;
}

/** The rest of an OAuth/OIDC sign-in once `started` sent the browser to the provider. */
async function finish(w: World, started: Response, subject: string, jar: CookieJar): Promise<Response> {
  const back = new URL(await loginThroughInteraction(started.headers.get("location")!, { login: subject }));
  const response = await Auth(get(back.pathname + back.search, jar), w.config);
  jar.apply(response);
  return response;
}

async function oauthSignIn(w: World, provider: string, subject: string, jar = new CookieJar(), link = false) {
  claimsBySubject.set(subject, {
    email: `${subject}@example.test`,
    email_verified: true,
    ...claimsBySubject.get(subject),
  });
  const started = await start(w, provider, jar, link);
  if (!started.headers.get("location")?.startsWith(idp.issuer)) return { response: started, jar };
  return { response: await finish(w, started, subject, jar), jar };
}

async function emailSignIn(w: World, address: string, jar = new CookieJar(), link = false) {
  const { response: requested } = await requestLink(w.config, address, {
    jar,
    ...(link ? { fields: { link: "true" } } : {}),
  });
  if (requested.headers.get("location")?.includes("error=")) return { response: requested, jar };
  const message = smtp.messages.filter((received) => received.envelope.to.includes(address)).at(-1)!;
  const response = await Auth(new Request(linkIn(message), { headers: { cookie: jar.header() } }), w.config);
  jar.apply(response);
  return { response, jar };
}

/** The user id the session cookie of `jar` signs in as (null: signed out). */
async function userIdOf(w: World, jar: CookieJar): Promise<string | null> {
  const value = jar.get(SESSION_COOKIE);
  if (!value) return null;
  if (w.strategy === "database") return (await w.adapter.getSessionAndUser(value))?.user.id ?? null;
  const token = (await decode({ token: value, secret: SECRET, salt: SESSION_COOKIE })) as JWT | null;
  return token?.sub ?? null;
}

async function ownerOf(w: World, provider: string, providerAccountId: string): Promise<AdapterUser | null> {
  return w.adapter.getUserByAccount({ provider, providerAccountId });
}

/** The victim's browser, holding a copy of the attacker's session cookie (and nothing else of theirs). */
function plantedBrowser(attacker: CookieJar): CookieJar {
  const victim = new CookieJar();
  victim.cookies.set(SESSION_COOKIE, attacker.get(SESSION_COOKIE)!);
  return victim;
}

for (const kind of ["memory", "sqlite"] as const) {
  for (const strategy of ["database", "jwt"] as const) {
    describe(`a planted session (${kind} adapter, ${strategy} sessions)`, () => {
      it("never receives the victim's first OIDC sign-in: the victim gets their own user and session", async () => {
        const w = world(kind, strategy);
        const { jar: attacker } = await oauthSignIn(w, "oidc", "mallory-oidc");
        const mallory = (await userIdOf(w, attacker))!;
        const victim = plantedBrowser(attacker);
        w.events.length = 0;
        await oauthSignIn(w, "oidc", "victim-oidc", victim);
        const owner = await ownerOf(w, "oidc", "victim-oidc");
        expect(owner?.id).not.toBe(mallory);
        expect(await userIdOf(w, victim)).toBe(owner?.id);
        // The attacker signing in again reaches only their own user.
        const { jar: again } = await oauthSignIn(w, "oidc", "mallory-oidc");
        expect(await userIdOf(w, again)).toBe(mallory);
        expect(w.events).toEqual(["linkAccount"]); // the victim's new user got its account, nothing more
      });

      it("never receives the victim's first plain OAuth 2 sign-in", async () => {
        const w = world(kind, strategy);
        const { jar: attacker } = await oauthSignIn(w, "oauth", "mallory-oauth");
        const mallory = (await userIdOf(w, attacker))!;
        const victim = plantedBrowser(attacker);
        await oauthSignIn(w, "oauth", "victim-oauth", victim);
        expect((await ownerOf(w, "oauth", "victim-oauth"))?.id).not.toBe(mallory);
        expect(await userIdOf(w, victim)).not.toBe(mallory);
      });

      it("never receives the address the victim proves by email link", async () => {
        const w = world(kind, strategy);
        const { jar: attacker } = await oauthSignIn(w, "oidc", "mallory-mail");
        const mallory = (await userIdOf(w, attacker))!;
        const victim = plantedBrowser(attacker);
        await emailSignIn(w, VICTIM, victim);
        const owner = await w.adapter.getUserByEmail(VICTIM);
        expect(owner?.id).not.toBe(mallory);
        expect(await userIdOf(w, victim)).toBe(owner?.id);
        expect((await w.adapter.getUser(mallory))?.email).toBe("mallory-mail@example.test");
      });

      it("never receives a passkey the victim registers", async () => {
        const w = world(kind, strategy);
        const { jar: attacker } = await oauthSignIn(w, "oidc", "mallory-key");
        const mallory = (await userIdOf(w, attacker))!;
        const victim = plantedBrowser(attacker);
        const authenticator = new SoftwareAuthenticator(ORIGIN);
        // The victim's browser shows a signed-in page; they add a passkey the way the app's button does.
        const answer = await fetchOptions(w.config, victim, { action: "register", email: VICTIM });
        expect(answer.action).toBe("register");
        expect(answer.options.user.name).toBe(VICTIM);
        await postCallback(w.config, victim, "register", authenticator.create(answer.options));
        expect(await w.adapter.listAuthenticatorsByUserId(mallory)).toEqual([]);
        expect(await userIdOf(w, victim)).not.toBe(mallory);
      });

      it("cannot take over a pre-created user: the victim's verified OIDC sign-in gets a fresh user", async () => {
        const w = world(kind, strategy);
        // The attacker registers a passkey for the victim's address while signed out, and plants that session.
        const trojan = new SoftwareAuthenticator(ORIGIN);
        const { jar: attacker } = await register(w.config, trojan, VICTIM);
        const precreated = (await userIdOf(w, attacker))!;
        const victim = plantedBrowser(attacker);
        claimsBySubject.set("victim-trusted", { email: VICTIM, email_verified: true });
        await oauthSignIn(w, "trusted", "victim-trusted", victim);
        const owner = await ownerOf(w, "trusted", "victim-trusted");
        expect(owner?.id).not.toBe(precreated);
        expect(await userIdOf(w, victim)).toBe(owner?.id);
        expect((await w.adapter.getUserByEmail(VICTIM))?.id).toBe(owner?.id);
      });

      it("links only for a provider that opts into allowDangerousSessionLinking (the reference's behaviour)", async () => {
        const w = world(kind, strategy);
        const { jar: attacker } = await oauthSignIn(w, "oidc", "mallory-danger");
        const mallory = (await userIdOf(w, attacker))!;
        await oauthSignIn(w, "dangerous", "victim-danger", plantedBrowser(attacker));
        expect((await ownerOf(w, "dangerous", "victim-danger"))?.id).toBe(mallory);
      });
    });

    describe(`the link flow under attack (${kind} adapter, ${strategy} sessions)`, () => {
      it("links a second provider for the signed-in user who asks, and fires linkAccount once", async () => {
        const w = world(kind, strategy);
        const { jar } = await oauthSignIn(w, "oidc", "ada-link");
        const ada = (await userIdOf(w, jar))!;
        w.events.length = 0;
        const { response } = await oauthSignIn(w, "oauth", "ada-other", jar, true);
        expect(response.headers.get("location")).toBe(`${ORIGIN}/dashboard`);
        expect((await ownerOf(w, "oauth", "ada-other"))?.id).toBe(ada);
        expect(w.events).toEqual(["linkAccount"]);
        expect(jar.get(LINK_COOKIE)).toBeUndefined();
      });

      it.runIf(strategy === "database")(
        "ends the user's other database sessions when a link adds a method",
        async () => {
          const w = world(kind, strategy);
          const { jar } = await oauthSignIn(w, "oidc", "ada-devices");
          const { jar: laptop } = await oauthSignIn(w, "oidc", "ada-devices");
          const laptopToken = laptop.get(SESSION_COOKIE)!;
          await oauthSignIn(w, "oauth", "ada-devices-oauth", jar, true);
          expect(await w.adapter.getSessionAndUser(laptopToken)).toBeNull();
          expect(await userIdOf(w, jar)).toBe((await ownerOf(w, "oauth", "ada-devices-oauth"))?.id);
        },
      );

      it("refuses to start a link for nobody signed in", async () => {
        const w = world(kind, strategy);
        const response = await start(w, "oidc", new CookieJar(), true);
        expect(response.headers.get("location")).toBe(REFUSED("signin"));
      });

      it("refuses to start a link from a session whose sign-in is not recent", async () => {
        const w = world(kind, strategy, { linking: { maxAuthAge: 60 } });
        const { jar } = await oauthSignIn(w, "oidc", "ada-stale");
        const id = (await userIdOf(w, jar))!;
        const hourAgo = Math.floor(Date.now() / 1000) - 3600;
        if (strategy === "jwt") {
          const token = { sub: id, email: "ada-stale@example.test", auth_time: hourAgo };
          jar.cookies.set(SESSION_COOKIE, await encode({ token, secret: SECRET, salt: SESSION_COOKIE }));
        } else {
          const sessionToken = `${hourAgo.toString(36)}.stale-session`;
          await w.adapter.createSession({ sessionToken, userId: id, expires: new Date(Date.now() + 86_400_000) });
          jar.cookies.set(SESSION_COOKIE, sessionToken);
        }
        expect((await start(w, "oauth", jar, true)).headers.get("location")).toBe(REFUSED("reauthenticate"));
      });

      it("refuses a copy of a spent link intent", async () => {
        const w = world(kind, strategy);
        const { jar } = await oauthSignIn(w, "oidc", "ada-replay");
        const started = await start(w, "oauth", jar, true);
        const intent = jar.get(LINK_COOKIE)!;
        await finish(w, started, "ada-replay-1", jar);
        // The same cookie again, with a new authorization round trip.
        const again = await start(w, "oauth", jar);
        jar.cookies.set(LINK_COOKIE, intent);
        const response = await finish(w, again, "ada-replay-2", jar);
        expect(response.headers.get("location")).toBe(REFUSED("restart"));
        expect(await ownerOf(w, "oauth", "ada-replay-2")).toBeNull();
      });

      it("refuses an intent planted with the attacker's session in a browser with its own CSRF cookie", async () => {
        const w = world(kind, strategy);
        const { jar: attacker } = await oauthSignIn(w, "oidc", "mallory-intent");
        const mallory = (await userIdOf(w, attacker))!;
        await start(w, "oauth", attacker, true);
        const victim = new CookieJar();
        await csrfToken(w.config, victim); // the victim's own (host-only over https) CSRF cookie
        victim.cookies.set(SESSION_COOKIE, attacker.get(SESSION_COOKIE)!);
        victim.cookies.set(LINK_COOKIE, attacker.get(LINK_COOKIE)!);
        const started = await start(w, "oauth", victim);
        victim.cookies.set(LINK_COOKIE, attacker.get(LINK_COOKIE)!);
        const response = await finish(w, started, "victim-intent", victim);
        expect(response.headers.get("location")).toBe(REFUSED("restart"));
        expect(await ownerOf(w, "oauth", "victim-intent")).toBeNull();
        expect(await userIdOf(w, victim)).toBe(mallory); // nothing changed: still the planted, powerless session
      });

      it("refuses an intent started for one provider at another provider's callback", async () => {
        const w = world(kind, strategy);
        const { jar } = await oauthSignIn(w, "oidc", "ada-cross");
        await start(w, "oidc", jar, true);
        const intent = jar.get(LINK_COOKIE)!;
        const started = await start(w, "oauth", jar);
        jar.cookies.set(LINK_COOKIE, intent);
        const response = await finish(w, started, "ada-cross-oauth", jar);
        expect(response.headers.get("location")).toBe(REFUSED("restart"));
      });

      it("refuses an intent once another session replaced the one that started it", async () => {
        const w = world(kind, strategy);
        const { jar } = await oauthSignIn(w, "oidc", "ada-swap");
        const started = await start(w, "oauth", jar, true);
        const { jar: other } = await oauthSignIn(w, "oidc", "eve-swap");
        jar.cookies.set(SESSION_COOKIE, other.get(SESSION_COOKIE)!);
        const response = await finish(w, started, "ada-swap-oauth", jar);
        expect(response.headers.get("location")).toBe(REFUSED("restart"));
      });

      it("links an address by email link only in the browser that asked, to the user who asked", async () => {
        const w = world(kind, strategy);
        const { jar } = await oauthSignIn(w, "oidc", "ada-mail");
        const ada = (await userIdOf(w, jar))!;
        const address = "ada.new@example.test";
        await emailSignIn(w, address, jar, true);
        expect((await w.adapter.getUser(ada))?.email).toBe(address);
        expect((await w.adapter.getUser(ada))?.emailVerified).toBeInstanceOf(Date);
      });

      it("adds a passkey to the signed-in user only after that user starts the link", async () => {
        const w = world(kind, strategy);
        const { jar } = await oauthSignIn(w, "oidc", "ada-key");
        const ada = (await userIdOf(w, jar))!;
        await startPasskeyLink(w.config, jar);
        const answer = await fetchOptions(w.config, jar, { action: "register" });
        await postCallback(w.config, jar, "register", new SoftwareAuthenticator(ORIGIN).create(answer.options));
        expect(await w.adapter.listAuthenticatorsByUserId(ada)).toHaveLength(1);
        expect(jar.get(CSRF_COOKIE)).toBeDefined();
      });
    });
  }
}
