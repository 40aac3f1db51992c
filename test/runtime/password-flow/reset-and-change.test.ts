/**
 * Forgot → reset mail → new password, and change while signed in, on both session strategies, through the
 * real core, the sqlite adapter and a real SMTP server: the old password stops working, the new one works,
 * and every other session of the user ends (database rows deleted; JWT cookies refused by their fingerprint).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpServer, startSmtpServer } from "../../support/smtp-server.mjs";
import {
  CookieJar,
  firstLink,
  forgot,
  GOOD_PASSWORD,
  mailTo,
  ORIGIN,
  OTHER_PASSWORD,
  passwordSetup,
  SESSION_COOKIE,
  sessionOf,
  signIn,
  submit,
  verifiedAccount,
} from "./support.js";

let smtp: SmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

const FAILED = `${ORIGIN}/auth/signin?error=CredentialsSignin&code=credentials`;

describe.each(["database", "jwt"] as const)("password reset and change with %s sessions", (strategy) => {
  it("resets through the mailed link: old password refused, new accepted, every other session ended", async () => {
    const setup = passwordSetup(smtp, { strategy });
    const email = `reset-${strategy}@example.test`;
    const otherDevice = await verifiedAccount(setup, smtp, email);
    expect((await sessionOf(setup.config, otherDevice))?.user?.email).toBe(email);

    const asked = await forgot(setup.config, email);
    expect(asked.location).toBe(`${ORIGIN}/auth/verify-request?provider=password&type=password`);
    await setup.settle();
    const mail = mailTo(smtp, email).at(-1)!;
    expect(mail.subject).toBe("Reset your password");
    const link = firstLink(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${ORIGIN}/auth/reset-password`);

    const reset = await submit(setup.config, "/auth/reset-password/password", {
      token: link.searchParams.get("token")!,
      email: link.searchParams.get("email")!,
      password: OTHER_PASSWORD,
    });
    expect(reset.location).toBe(ORIGIN);
    expect((await sessionOf(setup.config, reset.jar))?.user?.email).toBe(email);

    expect(await sessionOf(setup.config, otherDevice)).toBeNull();
    expect((await signIn(setup.config, email, GOOD_PASSWORD)).location).toBe(FAILED);
    expect((await signIn(setup.config, email, OTHER_PASSWORD)).location).toBe(ORIGIN);
    // The reset's own session lives on.
    expect((await sessionOf(setup.config, reset.jar))?.user?.email).toBe(email);
  });

  it("uses a reset link once", async () => {
    const setup = passwordSetup(smtp, { strategy });
    const email = `once-${strategy}@example.test`;
    await verifiedAccount(setup, smtp, email);
    await forgot(setup.config, email);
    await setup.settle();
    const link = firstLink(mailTo(smtp, email).at(-1)!);
    const fields = { token: link.searchParams.get("token")!, email, password: OTHER_PASSWORD };
    expect((await submit(setup.config, "/auth/reset-password/password", fields)).location).toBe(ORIGIN);
    const replay = await submit(setup.config, "/auth/reset-password/password", {
      ...fields,
      password: "a-third-password-for-the-replay",
    });
    expect(replay.location).toBe(`${ORIGIN}/auth/error?error=Verification`);
    expect(replay.jar.get(SESSION_COOKIE)).toBeUndefined();
    expect((await signIn(setup.config, email, OTHER_PASSWORD)).location).toBe(ORIGIN);
  });

  it("keeps the reset link working when the new password is refused by the policy", async () => {
    const setup = passwordSetup(smtp, { strategy });
    const email = `weak-${strategy}@example.test`;
    await verifiedAccount(setup, smtp, email);
    await forgot(setup.config, email);
    await setup.settle();
    const link = firstLink(mailTo(smtp, email).at(-1)!);
    const token = link.searchParams.get("token")!;
    const weak = await submit(setup.config, "/auth/reset-password/password", { token, email, password: "xq7-Tzr" });
    const back = new URL(weak.location!);
    expect(`${back.origin}${back.pathname}`).toBe(`${ORIGIN}/auth/reset-password`);
    expect(back.searchParams.get("error")).toBe("WeakPassword");
    expect(back.searchParams.get("reasons")).toBe("too-short");
    const retried = await submit(setup.config, "/auth/reset-password/password", {
      token,
      email,
      password: OTHER_PASSWORD,
    });
    expect(retried.location).toBe(ORIGIN);
  });

  it("gives an OAuth-only user a password through the reset mail, proving the address", async () => {
    const setup = passwordSetup(smtp, { strategy });
    const email = `oauth-${strategy}@example.test`;
    const user = await setup.adapter.createUser!({ id: crypto.randomUUID(), email, emailVerified: null });
    await forgot(setup.config, email);
    await setup.settle();
    const link = firstLink(mailTo(smtp, email).at(-1)!);
    const reset = await submit(setup.config, "/auth/reset-password/password", {
      token: link.searchParams.get("token")!,
      email,
      password: GOOD_PASSWORD,
    });
    expect(reset.location).toBe(ORIGIN);
    expect((await setup.adapter.getUser!(user.id))?.emailVerified).toBeInstanceOf(Date);
    expect((await signIn(setup.config, email)).location).toBe(ORIGIN);
  });

  it("changes the password with the current one and a session; other sessions end, this one is renewed", async () => {
    const setup = passwordSetup(smtp, { strategy });
    const email = `change-${strategy}@example.test`;
    const here = await verifiedAccount(setup, smtp, email);
    const elsewhere = (await signIn(setup.config, email)).jar;
    const before = here.get(SESSION_COOKIE);

    const wrong = await submit(
      setup.config,
      "/auth/change-password/password",
      { currentPassword: "not-the-current-one-at-all", newPassword: OTHER_PASSWORD },
      here,
    );
    expect(wrong.location).toBe(`${ORIGIN}/auth/change-password?error=CredentialsSignin`);
    expect((await signIn(setup.config, email, GOOD_PASSWORD)).location).toBe(ORIGIN);

    const changed = await submit(
      setup.config,
      "/auth/change-password/password",
      { currentPassword: GOOD_PASSWORD, newPassword: OTHER_PASSWORD },
      here,
    );
    expect(changed.location).toBe(ORIGIN);
    expect(here.get(SESSION_COOKIE)).not.toBe(before);
    expect((await sessionOf(setup.config, here))?.user?.email).toBe(email);
    expect(await sessionOf(setup.config, elsewhere)).toBeNull();
    expect((await signIn(setup.config, email, GOOD_PASSWORD)).location).toBe(FAILED);
    expect((await signIn(setup.config, email, OTHER_PASSWORD)).location).toBe(ORIGIN);
  });

  it("sends a change without a session to the sign-in page", async () => {
    const setup = passwordSetup(smtp, { strategy });
    const { location } = await submit(
      setup.config,
      "/auth/change-password/password",
      { currentPassword: GOOD_PASSWORD, newPassword: OTHER_PASSWORD },
      new CookieJar(),
    );
    const target = new URL(location!);
    expect(`${target.origin}${target.pathname}`).toBe(`${ORIGIN}/auth/signin`);
    expect(target.searchParams.get("error")).toBe("SessionRequired");
  });
});

describe("JWT sessions and a password changed elsewhere", () => {
  it("refuses a session once the stored hash changed under it, without this process being told", async () => {
    // Another instance's reset is only a new row in passwords here: no endSessionsOf in this process.
    const setup = passwordSetup(smtp, { strategy: "jwt", config: { session: { strategy: "jwt", revalidateAge: 0 } } });
    const email = "elsewhere@example.test";
    const jar = await verifiedAccount(setup, smtp, email);
    expect((await sessionOf(setup.config, jar))?.user?.email).toBe(email);
    const user = (await setup.adapter.getUserByEmail!(email))!;
    await setup.adapter.setPasswordHash!(
      user.id,
      (await setup.adapter.getPasswordHash!(user.id))!.replace(/.$/, (last) => (last === "A" ? "B" : "A")),
    );
    expect(await sessionOf(setup.config, jar)).toBeNull();
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
  });
});
