/**
 * The rate limits on the `password` provider's paths, through `Auth` with the real provider (SQLite, Argon2id,
 * mail to a real SMTP server): sign-in per network and per account (delayed after 5 failures whatever network
 * they come from, cleared by the right password), sign-up per network, forgot-password per address (no mail
 * sent when refused), reset per network; the pages themselves are not limited.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Auth } from "../../../src/runtime/index.js";
import { createMemoryStore } from "../../../src/runtime/rate-limit/memory-store.js";
import type { RateLimitOptions } from "../../../src/runtime/rate-limit/options.js";
import { type SmtpServer, startSmtpServer } from "../../support/smtp-server.mjs";
import { get } from "../core/support.js";
import { CookieJar, GOOD_PASSWORD, mailTo, passwordSetup, submit, verifiedAccount } from "../password-flow/support.js";

const PROXY = { header: "x-forwarded-for", hops: 1 } as const;
const from = (ip: string) => ({ "x-forwarded-for": ip });

let smtp: SmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

function setup(rateLimit: RateLimitOptions) {
  return passwordSetup(smtp, { config: { rateLimit: { trustedIpHeader: PROXY, ...rateLimit } } });
}

const post = (config: Parameters<typeof submit>[0], path: string, fields: Record<string, string>, ip: string) =>
  submit(config, `/auth/${path}/password`, fields, new CookieJar(), from(ip));

describe("the password provider under the rate limits", () => {
  it("delays sign-in at one account after 5 failures from any network, and the right password clears it", async () => {
    const clock = { now: Date.now() };
    const app = setup({ store: createMemoryStore({ now: () => clock.now }) });
    await verifiedAccount(app, smtp, "owner@example.test");
    for (let i = 1; i <= 5; i++) {
      const { response } = await post(
        app.config,
        "callback",
        { email: "owner@example.test", password: "nope" },
        `198.51.100.${i}`,
      );
      expect(response.status).toBe(302);
    }
    const refused = await post(
      app.config,
      "callback",
      { email: "OWNER@example.test", password: GOOD_PASSWORD },
      "198.51.100.9",
    );
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get("retry-after")).toBe("1");

    clock.now += 1_000;
    const owner = await post(
      app.config,
      "callback",
      { email: "owner@example.test", password: GOOD_PASSWORD },
      "198.51.100.9",
    );
    expect(owner.response.status).toBe(302);
    expect(owner.location).not.toContain("error");
    // Cleared: five more typos cost no wait.
    for (let i = 0; i < 5; i++) {
      const { response } = await post(
        app.config,
        "callback",
        { email: "owner@example.test", password: "nope" },
        "198.51.100.9",
      );
      expect(response.status).toBe(302);
    }
  });

  it("limits sign-ups from one network", async () => {
    const app = setup({ rules: { signUpPerIp: { name: "signup-ip", window: 3600, max: 2, whenStoreDown: "closed" } } });
    for (let i = 0; i < 2; i++) {
      const { response } = await post(
        app.config,
        "signup",
        { email: `new${i}@example.test`, password: GOOD_PASSWORD },
        "203.0.113.40",
      );
      expect(response.status).toBe(302);
    }
    const refused = await post(
      app.config,
      "signup",
      { email: "new9@example.test", password: GOOD_PASSWORD },
      "203.0.113.40",
    );
    expect(refused.response.status).toBe(429);
    expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThan(3590);
    const elsewhere = await post(
      app.config,
      "signup",
      { email: "new9@example.test", password: GOOD_PASSWORD },
      "203.0.113.41",
    );
    expect(elsewhere.response.status).toBe(302);
  });

  it("mails one address at most 5 times an hour, its sign-up link included, sending nothing when refused", async () => {
    const app = setup({});
    await verifiedAccount(app, smtp, "reset-me@example.test");
    const before = mailTo(smtp, "reset-me@example.test").length;
    // The sign-up's verification link was the first of the five.
    for (let i = 1; i <= 4; i++) {
      const { response } = await post(
        app.config,
        "forgot-password",
        { email: "reset-me@example.test" },
        `192.0.2.${i}`,
      );
      expect(response.status).toBe(302);
    }
    await app.settle();
    expect(mailTo(smtp, "reset-me@example.test").length).toBe(before + 4);
    const refused = await post(app.config, "forgot-password", { email: "Reset-Me@example.test" }, "192.0.2.9");
    expect(refused.response.status).toBe(429);
    await app.settle();
    expect(mailTo(smtp, "reset-me@example.test").length).toBe(before + 4);
  });

  it("limits reset attempts per network", async () => {
    const app = setup({ rules: { signInPerIp: { name: "signin-ip", window: 300, max: 2, whenStoreDown: "closed" } } });
    const fields = { email: "x@example.test", token: "not-a-token", password: GOOD_PASSWORD };
    for (let i = 0; i < 2; i++) {
      expect((await post(app.config, "reset-password", fields, "203.0.113.60")).response.status).toBe(302);
    }
    expect((await post(app.config, "reset-password", fields, "203.0.113.60")).response.status).toBe(429);
  });

  it("does not limit the provider's pages", async () => {
    const app = setup({ rules: { signUpPerIp: { name: "signup-ip", window: 3600, max: 1, whenStoreDown: "closed" } } });
    for (let i = 0; i < 5; i++) {
      expect((await Auth(get("/auth/signup", undefined, from("203.0.113.70")), app.config)).status).toBe(200);
    }
  });
});
