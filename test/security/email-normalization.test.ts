/**
 * One mailbox is one user, whatever the sign-in method. Every path that compares addresses (an email link,
 * a passkey's `getUserInfo`, an OAuth/OIDC profile) goes through one rule, `normalizeEmailAddress`
 * (core/email/normalize.ts): NFKC, trimmed, lower-cased, exactly one `@`, no RFC 5322 list or address syntax.
 * Two rules would let one mailbox become two users (or one string name two mailboxes) depending on the
 * method: the class of issue 9 point 5. A string the rule refuses is no address: refused on a form, no user
 * on an options request, `email: null` on an OAuth profile, never a crash.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import memory from "../../src/runtime/adapters/memory.js";
import { emailAddressOrNull, normalizeEmailAddress } from "../../src/runtime/core/email/normalize.js";
import { defaultUserInfo } from "../../src/runtime/core/webauthn/user-info.js";
import { Auth } from "../../src/runtime/index.js";
import nodemailer from "../../src/runtime/providers/nodemailer.js";
import OIDC from "../../src/runtime/providers/oidc.js";
import passkey from "../../src/runtime/providers/passkey.js";
import type { Adapter, AdapterUser, AuthConfig } from "../../src/runtime/types.js";
import type { WebAuthnLookupOptions, WebAuthnLookupRequest } from "../../src/runtime/types-webauthn.js";
import { CookieJar, captureLogger, csrfToken, get, ORIGIN, postForm, SECRET } from "../runtime/core/support.js";
import { linkIn, requestLink } from "../runtime/email/support.js";
import { SoftwareAuthenticator } from "../runtime/webauthn/software-authenticator.js";
import { fetchOptions, register } from "../runtime/webauthn/support.js";
import { loginThroughInteraction, type OidcServer, startOidcServer } from "../support/oidc-server.mjs";
import { type SmtpServer, startSmtpServer } from "../support/smtp-server.mjs";

const SESSION_COOKIE = "authjs.session-token";
/** Full-width "Ａ" (U+FF21, NFKC → "A"), mixed case, a trailing space: one mailbox, alice@example.com. */
const TYPED = "Ａlice@Example.COM ";
const MAILBOX = "alice@example.com";

/** Accepted by the rule, each naming one mailbox. */
const ACCEPTED: Array<[string, string]> = [
  [TYPED, MAILBOX],
  ["ALICE@EXAMPLE.COM", MAILBOX],
  ["\talice@example.com\n", MAILBOX],
  ["alice@ｅｘａｍｐｌｅ.com", MAILBOX],
  ["alice+news@example.com", "alice+news@example.com"],
];

/** Refused by the rule: lists, display names, groups, comments, quotes, domain literals, escapes, controls. */
const REFUSED: string[] = [
  "",
  "   ",
  "alice",
  "alice@",
  "@example.com",
  "alice@example.com@attacker.test",
  "alice@example.com, mallory@attacker.test",
  "alice@example.com; mallory@attacker.test",
  "Alice <alice@example.com>",
  "<alice@example.com>",
  "friends: alice@example.com;",
  "alice(work)@example.com",
  '"alice"@example.com',
  "alice@[127.0.0.1]",
  "alice\\@example.com",
  "alice@example.com\u0000",
  "ali ce@example.com",
];

describe("the rule and its non-throwing form", () => {
  it.each(ACCEPTED)("normalises %j to %j", (input, mailbox) => {
    expect(normalizeEmailAddress(input)).toBe(mailbox);
    expect(emailAddressOrNull(input)).toBe(mailbox);
  });

  it.each(REFUSED)("refuses %j (null from emailAddressOrNull)", (input) => {
    expect(() => normalizeEmailAddress(input)).toThrow();
    expect(emailAddressOrNull(input)).toBeNull();
  });

  it.each([undefined, null, 42, {}, ["alice@example.com"]])("reads the non-string %j as no address", (input) => {
    expect(emailAddressOrNull(input)).toBeNull();
  });
});

describe("the passkey getUserInfo applies the same rule", () => {
  const lookup = (adapter: Adapter) => ({ adapter }) as unknown as WebAuthnLookupOptions;
  const request = (email: string) => ({ method: "GET", query: { email } }) as unknown as WebAuthnLookupRequest;

  it.each(ACCEPTED)("asks the adapter about %j as %j", async (input, mailbox) => {
    expect(await defaultUserInfo(lookup(memory()), request(input))).toEqual({
      user: { email: mailbox },
      exists: false,
    });
  });

  it.each(REFUSED)("treats %j as no address (a discoverable-credential sign-in)", async (input) => {
    expect(await defaultUserInfo(lookup(memory()), request(input))).toBeNull();
  });
});

// ─── Through Auth: an email link, a passkey and an OIDC sign-in for the same mailbox ─────────────────────

/** What the OpenID Provider asserts for each subject: set by a test right before that subject signs in. */
const claimsBySubject = new Map<string, Record<string, unknown>>();
let idp: OidcServer;
let smtp: SmtpServer;

/** `verifying`: trusted to verify addresses and linking by address; `plain`: neither (the defaults). */
const PROVIDERS = {
  verifying: { trustEmailVerified: true, allowDangerousEmailAccountLinking: true },
  plain: {},
} as const;
type ProviderId = keyof typeof PROVIDERS;

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

function setup() {
  const adapter = memory() as Required<Adapter>;
  const { logger } = captureLogger();
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    basePath: "/auth",
    logger,
    adapter,
    experimental: { enableWebAuthn: true },
    providers: [
      nodemailer({ server: smtp.url, from: "App <no-reply@example.test>" }),
      passkey(),
      ...Object.entries(PROVIDERS).map(([id, options]) =>
        OIDC({ id, name: id, issuer: idp.issuer, clientId: `${id}-client`, clientSecret: `${id}-secret`, ...options }),
      ),
    ],
  };
  return { config, adapter };
}

async function userOf(adapter: Required<Adapter>, jar: CookieJar): Promise<AdapterUser | null> {
  const token = jar.get(SESSION_COOKIE);
  return token ? ((await adapter.getSessionAndUser(token))?.user ?? null) : null;
}

async function emailSignIn(config: AuthConfig, typed: string) {
  const jar = new CookieJar();
  await requestLink(config, typed, { jar });
  const message = smtp.messages.at(-1)!;
  const response = await Auth(new Request(linkIn(message), { headers: { cookie: jar.header() } }), config);
  jar.apply(response);
  return { jar, mailedTo: message.envelope.to };
}

async function oidcSignIn(config: AuthConfig, provider: ProviderId, subject: string, email: string) {
  claimsBySubject.set(subject, { email, email_verified: true });
  const jar = new CookieJar();
  const csrf = await csrfToken(config, jar);
  const start = await Auth(
    postForm(`/auth/signin/${provider}`, { csrfToken: csrf, callbackUrl: `${ORIGIN}/dashboard` }, jar),
    config,
  );
  jar.apply(start);
  const back = new URL(await loginThroughInteraction(start.headers.get("location")!, { login: subject }));
  const response = await Auth(get(back.pathname + back.search, jar), config);
  jar.apply(response);
  return { jar, response };
}

describe(`one mailbox, one user: ${JSON.stringify(TYPED)} by every sign-in method`, () => {
  it("mails the link to the normalised address and signs in a user with that address", async () => {
    const { config, adapter } = setup();
    const { jar, mailedTo } = await emailSignIn(config, TYPED);
    expect(mailedTo).toEqual([MAILBOX]);
    expect((await userOf(adapter, jar))?.email).toBe(MAILBOX);
  });

  it("recognises the email-link user in a signed-out passkey request (authenticate, not register)", async () => {
    const { config } = setup();
    await emailSignIn(config, MAILBOX);
    expect((await fetchOptions(config, new CookieJar(), { email: TYPED })).action).toBe("authenticate");
  });

  it("registers a signed-out passkey under the normalised address", async () => {
    const { config, adapter } = setup();
    const { jar } = await register(config, new SoftwareAuthenticator(ORIGIN), TYPED);
    expect((await userOf(adapter, jar))?.email).toBe(MAILBOX);
  });

  it("signs the email-link user in through an OIDC profile asserting the typed form (verified, linking on)", async () => {
    const { config, adapter } = setup();
    const owner = (await userOf(adapter, (await emailSignIn(config, MAILBOX)).jar))!;
    const { jar } = await oidcSignIn(config, "verifying", "alice-at-idp", TYPED);
    expect((await userOf(adapter, jar))?.id).toBe(owner.id);
  });

  it("recognises the address of an OIDC profile in the typed form as the email-link user's: OAuthAccountNotLinked", async () => {
    const { config, adapter } = setup();
    await emailSignIn(config, MAILBOX);
    const { response } = await oidcSignIn(config, "plain", "alice-at-idp", TYPED);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=OAuthAccountNotLinked`);
    expect(await adapter.getUserByAccount({ provider: "plain", providerAccountId: "alice-at-idp" })).toBeNull();
  });

  it("finds the OIDC-created user again by an email link for the typed form", async () => {
    const { config, adapter } = setup();
    const first = (await userOf(adapter, (await oidcSignIn(config, "verifying", "alice-at-idp", TYPED)).jar))!;
    expect(first.email).toBe(MAILBOX);
    const { jar } = await emailSignIn(config, TYPED);
    expect((await userOf(adapter, jar))?.id).toBe(first.id);
  });

  it.each([
    "alice@example.com, mallory@attacker.test",
    "Alice <alice@example.com>",
    "alice@example.com@attacker.test",
    "alice",
  ])("signs in an OIDC profile whose address %j the rule refuses as a user without an address", async (asserted) => {
    const { config, adapter } = setup();
    const { response, jar } = await oidcSignIn(config, "plain", "odd-profile", asserted);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/dashboard`);
    expect((await userOf(adapter, jar))?.email).toBeNull();
  });
});
