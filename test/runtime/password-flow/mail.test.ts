/**
 * The provider's mail through a real SMTP server: sign-up for an address that already has a user mails that
 * owner a notice and changes nothing of the user (no password attached to an OAuth user), forgot-password for
 * an unknown address mails nobody, a custom `sendMail` replaces SMTP, and a delivery failure is logged
 * without changing the answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PasswordMail } from "../../../src/runtime/types.js";
import { type SmtpServer, startSmtpServer } from "../../support/smtp-server.mjs";
import {
  FROM,
  firstLink,
  forgot,
  GOOD_PASSWORD,
  mailTo,
  ORIGIN,
  OTHER_PASSWORD,
  passwordSetup,
  SESSION_COOKIE,
  signIn,
  signUp,
  verifiedAccount,
} from "./support.js";

let smtp: SmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

const CHECK_EMAIL = `${ORIGIN}/auth/verify-request?provider=password&type=password`;

describe("password provider mail", () => {
  it("answers a sign-up for a taken address as a new one, and mails the owner a notice instead", async () => {
    const setup = passwordSetup(smtp);
    const email = "taken@example.test";
    await verifiedAccount(setup, smtp, email);
    const before = mailTo(smtp, email).length;

    const again = await signUp(setup.config, email, OTHER_PASSWORD);
    expect(again.location).toBe(CHECK_EMAIL);
    expect(again.jar.get(SESSION_COOKIE)).toBeUndefined();
    await setup.settle();

    const notice = mailTo(smtp, email).slice(before);
    expect(notice).toHaveLength(1);
    expect(notice[0]!.from).toBe(FROM);
    expect(notice[0]!.subject).toBe("You already have an account");
    expect(firstLink(notice[0]!).href).toBe(`${ORIGIN}/auth/signin`);
    expect(notice[0]!.text).toContain(`${ORIGIN}/auth/forgot-password`);
    expect(notice[0]!.text).not.toMatch(/token=/);
    // The password the second sign-up chose does nothing.
    expect((await signIn(setup.config, email, OTHER_PASSWORD)).location).toContain("error=CredentialsSignin");
    expect((await signIn(setup.config, email, GOOD_PASSWORD)).location).toBe(ORIGIN);
  });

  it("makes one user of two sign-ups for one new address at once: one verification, one notice", async () => {
    const created: string[] = [];
    const setup = passwordSetup(smtp, {
      config: { events: { createUser: ({ user }) => void created.push(String(user.id)) } },
    });
    const email = "twice@example.test";
    await Promise.all([signUp(setup.config, email), signUp(setup.config, email, OTHER_PASSWORD)]);
    await setup.settle();
    expect(setup.db.prepare("SELECT count(*) AS n FROM users WHERE email = ?").get(email)).toEqual({ n: 1 });
    expect(created).toHaveLength(1);
    expect(
      mailTo(smtp, email)
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual(["Confirm your email address", "You already have an account"]);
  });

  it("never attaches a password to an existing OAuth user through sign-up", async () => {
    const setup = passwordSetup(smtp);
    const email = "oauth-only@example.test";
    const user = await setup.adapter.createUser!({ id: crypto.randomUUID(), email, emailVerified: new Date() });
    expect((await signUp(setup.config, email)).location).toBe(CHECK_EMAIL);
    await setup.settle();
    expect(await setup.adapter.getPasswordHash!(user.id)).toBeNull();
    expect(mailTo(smtp, email).at(-1)!.subject).toBe("You already have an account");
    expect((await signIn(setup.config, email)).location).toContain("error=CredentialsSignin");
  });

  it("mails nobody for a forgot-password request about an address without a user", async () => {
    const setup = passwordSetup(smtp);
    const before = smtp.messages.length;
    expect((await forgot(setup.config, "no-such-user@example.test")).location).toBe(CHECK_EMAIL);
    await setup.settle();
    expect(smtp.messages.length).toBe(before);
  });

  it("hands every mail to a custom sendMail, rendered, with its kind and link", async () => {
    const sent: PasswordMail[] = [];
    const setup = passwordSetup(smtp, { provider: { sendMail: (mail) => void sent.push(mail) } });
    const before = smtp.messages.length;
    await signUp(setup.config, "custom@example.test");
    await setup.settle();
    expect(smtp.messages.length).toBe(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: "verify-email",
      to: "custom@example.test",
      subject: "Confirm your email address",
    });
    expect(sent[0]!.url).toMatch(
      new RegExp(`^${ORIGIN}/auth/verify-email\\?token=[0-9a-f]{64}&email=custom%40example\\.test$`),
    );
    expect(sent[0]!.expires).toBeInstanceOf(Date);
    expect(sent[0]!.html).toContain(sent[0]!.url.replaceAll("&", "&amp;"));
  });

  it("logs a delivery the SMTP server refuses, and answers the same", async () => {
    const setup = passwordSetup(smtp);
    smtp.setRefuseRecipients(true);
    try {
      expect((await signUp(setup.config, "refused@example.test")).location).toBe(CHECK_EMAIL);
      await setup.settle();
    } finally {
      smtp.setRefuseRecipients(false);
    }
    expect(setup.errors.map((error) => error.message)).toEqual([
      'The password provider "password" could not finish after answering.',
    ]);
  });
});
