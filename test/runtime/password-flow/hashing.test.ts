/**
 * The provider's use of the hasher: a stored hash weaker than the configuration (or a migrated bcrypt hash)
 * is replaced at the next successful sign-in, and a full hasher answers 503 with Retry-After, using up nothing
 * (a reset link still works afterwards).
 */
import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Auth } from "../../../src/runtime/index.js";
import { createPasswordHasher } from "../../../src/runtime/password/index.js";
import { type SmtpServer, startSmtpServer } from "../../support/smtp-server.mjs";
import { csrfToken, postForm } from "../core/support.js";
import {
  CookieJar,
  firstLink,
  forgot,
  GOOD_PASSWORD,
  mailTo,
  ORIGIN,
  OTHER_PASSWORD,
  passwordSetup,
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

describe("rehash on sign-in", () => {
  it("replaces an Argon2id hash at OWASP's floor with one at the configured parameters", async () => {
    const setup = passwordSetup(smtp);
    const email = "floor@example.test";
    await verifiedAccount(setup, smtp, email);
    const user = (await setup.adapter.getUserByEmail!(email))!;
    const weak = await createPasswordHasher({ argon2id: { memoryCost: 19_456, timeCost: 2 } }).hash(GOOD_PASSWORD);
    if (!weak.ok) throw new Error(weak.reason);
    await setup.adapter.setPasswordHash!(user.id, weak.hash);

    expect((await signIn(setup.config, email)).location).toBe(ORIGIN);
    const stored = await setup.adapter.getPasswordHash!(user.id);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$/);
    expect((await signIn(setup.config, email)).location).toBe(ORIGIN);
  });

  it("migrates a bcrypt hash from a credentials setup to Argon2id at the first sign-in", async () => {
    const setup = passwordSetup(smtp);
    const email = "legacy@example.test";
    await verifiedAccount(setup, smtp, email);
    const user = (await setup.adapter.getUserByEmail!(email))!;
    await setup.adapter.setPasswordHash!(user.id, await bcrypt.hash(OTHER_PASSWORD, 10));

    expect((await signIn(setup.config, email, OTHER_PASSWORD)).location).toBe(ORIGIN);
    expect(await setup.adapter.getPasswordHash!(user.id)).toMatch(/^\$argon2id\$/);
  });
});

describe("a stored hash nobody can verify", () => {
  it("refuses the sign-in like a wrong password and warns the operator", async () => {
    const setup = passwordSetup(smtp);
    const email = "pbkdf2@example.test";
    await verifiedAccount(setup, smtp, email);
    const user = (await setup.adapter.getUserByEmail!(email))!;
    await setup.adapter.setPasswordHash!(
      user.id,
      "$pbkdf2-sha256$29000$N2bMWasWuGsH$f2xOZzKpGkyxd9aO7ooRuCnFdwzNOuiwQpRgMuH9Ot4",
    );
    expect((await signIn(setup.config, email)).location).toContain("error=CredentialsSignin");
    expect(setup.warnings).toContain("password-hash-unreadable");
  });
});

describe("a full hasher", () => {
  it("answers 503 with Retry-After, as a page for a browser and JSON for a script", async () => {
    const setup = passwordSetup(smtp, { provider: { hash: { maxConcurrent: 1, maxWaiting: 0 } } });
    const email = "busy@example.test";
    await verifiedAccount(setup, smtp, email);
    const jar = new CookieJar();
    const token = await csrfToken(setup.config, jar);
    const attempt = (headers: Record<string, string>) =>
      Auth(
        postForm("/auth/callback/password", { csrfToken: token, email, password: GOOD_PASSWORD }, jar, headers),
        setup.config,
      );
    const browser = { "sec-fetch-mode": "navigate" };
    const answers = await Promise.all([attempt(browser), attempt(browser), attempt({ accept: "application/json" })]);
    const refused = answers.filter((answer) => answer.status === 503);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const answer of refused) expect(answer.headers.get("retry-after")).toBe("5");
    expect(answers.filter((answer) => answer.status === 302)).toHaveLength(answers.length - refused.length);
    const json = answers[2]!;
    if (json.status === 503) expect(await json.json()).toEqual({ message: expect.stringContaining("Try again") });
  });

  it("is one cap for every config built with the same settings (an integration that rebuilds its config per request)", async () => {
    const settings = () => ({ provider: { hash: { maxConcurrent: 1, maxWaiting: 0 } } });
    const first = passwordSetup(smtp, settings());
    const second = passwordSetup(smtp, { ...settings(), config: { adapter: first.adapter } });
    const email = "rebuilt@example.test";
    await verifiedAccount(first, smtp, email);
    const answers = await Promise.all([signIn(first.config, email), signIn(second.config, email)]);
    expect(answers.map(({ response }) => response.status).sort()).toEqual([302, 503]);
  });

  it("leaves a reset link usable after a 503", async () => {
    const setup = passwordSetup(smtp, { provider: { hash: { maxConcurrent: 1, maxWaiting: 0 } } });
    const email = "busy-reset@example.test";
    await verifiedAccount(setup, smtp, email);
    await forgot(setup.config, email);
    await setup.settle();
    const token = firstLink(mailTo(smtp, email).at(-1)!).searchParams.get("token")!;
    const fields = { token, email, password: OTHER_PASSWORD };
    const answers = await Promise.all([
      submit(setup.config, "/auth/reset-password/password", fields),
      submit(setup.config, "/auth/reset-password/password", fields),
    ]);
    const statuses = answers.map(({ response }) => response.status).sort();
    expect(statuses).toEqual([302, 503]);
    expect(answers.find(({ response }) => response.status === 302)!.location).toBe(ORIGIN);
  });
});
