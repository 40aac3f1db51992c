/**
 * Sign-up, the verification mail and the first sign-in, through the real core, the sqlite adapter and a real
 * SMTP server, on both session strategies: the address must be proved (link and password together) before
 * anyone signs in with it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Auth } from "../../../src/runtime/index.js";
import { type SmtpServer, startSmtpServer } from "../../support/smtp-server.mjs";
import {
  FROM,
  firstLink,
  forgot,
  GOOD_PASSWORD,
  get,
  mailTo,
  ORIGIN,
  OTHER_PASSWORD,
  passwordSetup,
  SESSION_COOKIE,
  sessionOf,
  signIn,
  signUp,
  submit,
} from "./support.js";

let smtp: SmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

describe.each(["database", "jwt"] as const)("password sign-up with %s sessions", (strategy) => {
  it("answers check-your-email, stores an unproved user with an Argon2id hash, and mails a verification link", async () => {
    const setup = passwordSetup(smtp, { strategy });
    const email = `ada-${strategy}@example.test`;
    const { location } = await signUp(setup.config, email);
    expect(location).toBe(`${ORIGIN}/auth/verify-request?provider=password&type=password`);
    await setup.settle();

    const user = await setup.adapter.getUserByEmail!(email);
    expect(user).toMatchObject({ email, emailVerified: null });
    expect(await setup.adapter.getPasswordHash!(user!.id)).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$/);

    const [mail] = mailTo(smtp, email);
    expect(mail?.from).toBe(FROM);
    expect(mail?.subject).toBe("Confirm your email address");
    const link = firstLink(mail!);
    expect(`${link.origin}${link.pathname}`).toBe(`${ORIGIN}/auth/verify-email`);
    expect(link.searchParams.get("email")).toBe(email);
    expect(link.searchParams.get("token")).toMatch(/^[0-9a-f]{64}$/);
    expect(setup.errors).toEqual([]);
  });

  it("refuses the right password before the address is proved, and mails nothing (no mail on demand to the owner)", async () => {
    const setup = passwordSetup(smtp, { strategy });
    const email = `grace-${strategy}@example.test`;
    await signUp(setup.config, email);
    await setup.settle();
    const { location, jar } = await signIn(setup.config, email);
    expect(location).toBe(`${ORIGIN}/auth/signin?error=EmailNotVerified`);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    await setup.settle();
    expect(mailTo(smtp, email)).toHaveLength(1);
  });

  it("proves the address with the link and the password together, then signs in by password alone", async () => {
    const setup = passwordSetup(smtp, { strategy });
    const email = `lin-${strategy}@example.test`;
    await signUp(setup.config, email);
    await setup.settle();
    const link = firstLink(mailTo(smtp, email).at(-1)!);

    // The page the link opens: a form for the password, the token and address carried along.
    const page = await Auth(get(`${link.pathname}${link.search}`), setup.config);
    expect(page.status).toBe(200);
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    const body = await page.text();
    expect(body).toContain(`action="${ORIGIN}/auth/callback/password"`);
    expect(body).toContain('name="token"');

    const verified = await signIn(setup.config, email, GOOD_PASSWORD, undefined, {
      token: link.searchParams.get("token")!,
    });
    expect(verified.location).toBe(ORIGIN);
    expect((await sessionOf(setup.config, verified.jar))?.user?.email).toBe(email);
    expect((await setup.adapter.getUserByEmail!(email))?.emailVerified).toBeInstanceOf(Date);

    const again = await signIn(setup.config, email);
    expect(again.location).toBe(ORIGIN);
    expect((await sessionOf(setup.config, again.jar))?.user?.email).toBe(email);
  });

  it("replaces a lost verification link through forgot-password, whose reset proves the address", async () => {
    const setup = passwordSetup(smtp, { strategy });
    const email = `lost-${strategy}@example.test`;
    await signUp(setup.config, email);
    await setup.settle();
    await forgot(setup.config, email);
    await setup.settle();
    const link = firstLink(mailTo(smtp, email).at(-1)!);
    expect(link.pathname).toBe("/auth/reset-password");
    const reset = await submit(setup.config, "/auth/reset-password/password", {
      token: link.searchParams.get("token")!,
      email,
      password: OTHER_PASSWORD,
    });
    expect(reset.location).toBe(ORIGIN);
    expect((await setup.adapter.getUserByEmail!(email))?.emailVerified).toBeInstanceOf(Date);
    expect((await signIn(setup.config, email, OTHER_PASSWORD)).location).toBe(ORIGIN);
  });

  it("does not let the link prove the address without the password (someone else's sign-up with your address)", async () => {
    const setup = passwordSetup(smtp, { strategy });
    const email = `victim-${strategy}@example.test`;
    await signUp(setup.config, email, "attacker-chosen-password-77");
    await setup.settle();
    const link = firstLink(mailTo(smtp, email).at(-1)!);
    const { location, jar } = await signIn(setup.config, email, "the-owner-guesses-wrong-11", undefined, {
      token: link.searchParams.get("token")!,
    });
    expect(location).toBe(`${ORIGIN}/auth/signin?error=CredentialsSignin&code=credentials`);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    expect((await setup.adapter.getUserByEmail!(email))?.emailVerified).toBeNull();
  });
});
