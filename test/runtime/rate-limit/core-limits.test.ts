/**
 * The rate limits wired into the core, over real requests through `Auth`: each limited path answers 429 with
 * Retry-After once its rule is spent, per client network and per account; the client's network comes only from
 * the source the app trusts; waits end with the window (the memory store's clock is injected, nothing sleeps);
 * a correct password clears the account's delay; the answer's form follows the client (JSON, the client
 * helpers' `{ url }`, the error page, a server helper's thrown error); `rateLimit: false` and a bad option.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setClientAddress } from "../../../src/runtime/core/limits/client-address.js";
import { RateLimited } from "../../../src/runtime/errors.js";
import { Auth, raw, skipCSRFCheck } from "../../../src/runtime/index.js";
import { createMemoryStore } from "../../../src/runtime/rate-limit/memory-store.js";
import type { RateLimitOptions } from "../../../src/runtime/rate-limit/options.js";
import type { AuthConfig } from "../../../src/runtime/types.js";
import { type SmtpServer, startSmtpServer } from "../../support/smtp-server.mjs";
import { baseConfig, CookieJar, captureLogger, csrfToken, DEMO_USER, get, ORIGIN, postForm } from "../core/support.js";
import { emailConfig, requestLink } from "../email/support.js";
import { SoftwareAuthenticator } from "../webauthn/software-authenticator.js";
import { fetchOptions, passkeyConfig } from "../webauthn/support.js";

const PROXY = { header: "x-forwarded-for", hops: 1 } as const;

/** A memory store on a clock the test moves. */
function clockedStore() {
  const clock = { now: Date.parse("2026-01-05T10:00:00Z") };
  const store = createMemoryStore({ now: () => clock.now });
  return { clock, store };
}

function credentialsApp(rateLimit: RateLimitOptions | false = {}, extra: Partial<AuthConfig> = {}) {
  const capture = captureLogger();
  const config = baseConfig({ logger: capture.logger, rateLimit, ...extra });
  return { config, ...capture };
}

/** One credentials sign-in as a script posts it (no page wanted): from `ip` through one proxy when given. */
async function signIn(
  config: AuthConfig,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  const jar = new CookieJar();
  const csrf = await csrfToken(config, jar);
  return Auth(postForm("/auth/callback/credentials", { csrfToken: csrf, email, password }, jar, headers), config);
}

const from = (ip: string) => ({ "x-forwarded-for": ip });

describe("credentials sign-in under the rate limits", () => {
  it("answers 429 with Retry-After and JSON once one network spends signInPerIp (30 per 5 minutes)", async () => {
    const { config } = credentialsApp({ trustedIpHeader: PROXY });
    for (let i = 0; i < 30; i++) {
      // A different account each time, so only the network's counter fills.
      const response = await signIn(config, `user${i}@example.test`, "wrong", from("203.0.113.5"));
      expect(response.status).toBe(302);
    }
    const refused = await signIn(config, "other@example.test", "wrong", from("203.0.113.5"));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(290);
    expect(retryAfter).toBeLessThanOrEqual(300);
    expect(refused.headers.get("content-type")).toBe("application/json");
    expect(await refused.json()).toEqual({ error: "RateLimited", retryAfter });
    // Another network is not held back, and the right password from the limited one is refused too.
    expect((await signIn(config, DEMO_USER.email!, "correct horse", from("203.0.113.6"))).status).toBe(302);
    expect((await signIn(config, DEMO_USER.email!, "correct horse", from("203.0.113.5"))).status).toBe(429);
  });

  it("delays one account after 5 failures whatever network they come from, and the wait ends", async () => {
    const { clock, store } = clockedStore();
    const { config } = credentialsApp({ store, trustedIpHeader: PROXY });
    for (let i = 1; i <= 5; i++) {
      expect((await signIn(config, "Ada@Example.test", "wrong", from(`198.51.100.${i}`))).status).toBe(302);
    }
    // Another spelling of the same address, from a sixth network: the account's counter, not the network's.
    const refused = await signIn(config, "ada@example.test ", "correct horse", from("198.51.100.6"));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    clock.now += 1_000;
    expect((await signIn(config, DEMO_USER.email!, "wrong", from("198.51.100.7"))).status).toBe(302);
    // The next wait doubles: 2 s after the newest failure.
    const doubled = await signIn(config, DEMO_USER.email!, "wrong", from("198.51.100.8"));
    expect(doubled.headers.get("retry-after")).toBe("2");
    // Another account is not delayed.
    expect((await signIn(config, "grace@example.test", "wrong", from("198.51.100.8"))).status).toBe(302);
  });

  it("holds the owner out for at most the cap (30 s) after an attacker stops, whatever they sent", async () => {
    const { clock, store } = clockedStore();
    const { config } = credentialsApp({ store, trustedIpHeader: PROXY });
    let refusals = 0;
    // Ten minutes of an attacker trying every second from ever new networks.
    for (let second = 0; second < 600; second++) {
      const response = await signIn(config, DEMO_USER.email!, "guess", from(`192.0.2.${second % 250}`));
      if (response.status === 429) refusals++;
      clock.now += 1_000;
    }
    expect(refusals).toBeGreaterThan(500);
    // The attacker stops; the owner gets in once the cap has passed, wherever they are.
    clock.now += 30_000;
    const owner = await signIn(config, DEMO_USER.email!, "correct horse", from("203.0.113.200"));
    expect(owner.status).toBe(302);
    expect(owner.headers.get("location")).not.toContain("error");
  });

  it("keys accounts under a secret of any length the core accepts", async () => {
    const { config } = credentialsApp({ trustedIpHeader: PROXY }, { secret: "tiny" });
    for (let i = 0; i < 5; i++) await signIn(config, DEMO_USER.email!, "wrong", from(`198.51.100.${30 + i}`));
    expect((await signIn(config, DEMO_USER.email!, "wrong", from("198.51.100.39"))).status).toBe(429);
  });

  it("clears the account's failures when the right password signs in", async () => {
    const { config } = credentialsApp({ trustedIpHeader: PROXY });
    for (let i = 0; i < 4; i++) await signIn(config, DEMO_USER.email!, "wrong", from("198.51.100.20"));
    expect((await signIn(config, DEMO_USER.email!, "correct horse", from("198.51.100.20"))).status).toBe(302);
    // Five typos are free again: without the reset the fifth and sixth attempt would already wait.
    for (let i = 0; i < 5; i++) {
      expect((await signIn(config, DEMO_USER.email!, "wrong", from("198.51.100.20"))).status).toBe(302);
    }
    expect((await signIn(config, DEMO_USER.email!, "wrong", from("198.51.100.20"))).status).toBe(429);
  });

  it("recovers a network's budget after the window, not before", async () => {
    const { clock, store } = clockedStore();
    const rules = { signInPerIp: { name: "signin-ip", window: 300, max: 3, whenStoreDown: "closed" } } as const;
    const { config } = credentialsApp({ store, trustedIpHeader: PROXY, rules });
    for (let i = 0; i < 3; i++) await signIn(config, `u${i}@example.test`, "wrong", from("203.0.113.9"));
    const refused = await signIn(config, "u9@example.test", "wrong", from("203.0.113.9"));
    expect(refused.headers.get("retry-after")).toBe("300");
    clock.now += 299_000;
    expect((await signIn(config, "u9@example.test", "wrong", from("203.0.113.9"))).status).toBe(429);
    clock.now += 1_000;
    expect((await signIn(config, "u9@example.test", "wrong", from("203.0.113.9"))).status).toBe(302);
  });
});

describe("the client's network", () => {
  const rules = { signInPerIp: { name: "signin-ip", window: 300, max: 3, whenStoreDown: "closed" } } as const;

  it("believes only the entry the trusted proxy appended, not what the client wrote before it", async () => {
    const { config } = credentialsApp({ trustedIpHeader: PROXY, rules });
    for (let i = 0; i < 3; i++) {
      const spoofed = { "x-forwarded-for": `10.0.0.${i}, 203.0.113.50` };
      expect((await signIn(config, `s${i}@example.test`, "wrong", spoofed)).status).toBe(302);
    }
    const spoofed = { "x-forwarded-for": "10.9.9.9, 203.0.113.50" };
    expect((await signIn(config, "s9@example.test", "wrong", spoofed)).status).toBe(429);
  });

  it("ignores forwarding headers when no proxy is trusted, counting the socket's address the integration gives", async () => {
    const { config } = credentialsApp({ rules });
    const attempt = async (index: number, forwardedFor: string) => {
      const jar = new CookieJar();
      const csrf = await csrfToken(config, jar);
      const request = postForm(
        "/auth/callback/credentials",
        { csrfToken: csrf, email: `f${index}@example.test`, password: "wrong" },
        jar,
        { "x-forwarded-for": forwardedFor, "x-real-ip": forwardedFor, forwarded: `for=${forwardedFor}` },
      );
      setClientAddress(request, "::ffff:198.51.100.77");
      return Auth(request, config);
    };
    for (let i = 0; i < 3; i++) expect((await attempt(i, `192.0.2.${i}`)).status).toBe(302);
    expect((await attempt(9, "192.0.2.99")).status).toBe(429);
  });

  it("without a trusted header or socket address, skips the per-network rule (said once, debug) and keeps the account's", async () => {
    const debugged: string[] = [];
    const { config } = credentialsApp(
      { rules },
      { debug: true, logger: { error: () => {}, warn: () => {}, debug: (code) => debugged.push(code) } },
    );
    for (let i = 0; i < 5; i++) {
      const response = await signIn(config, `n${i}@example.test`, "wrong", from(`192.0.2.${i}`));
      expect(response.status).toBe(302);
    }
    expect(debugged.filter((code) => code === "rate-limit-no-client-address")).toHaveLength(1);
    for (let i = 0; i < 5; i++) await signIn(config, "target@example.test", "wrong", from(`192.0.2.${10 + i}`));
    expect((await signIn(config, "target@example.test", "wrong", from("192.0.2.99"))).status).toBe(429);
  });

  it("counts one IPv6 client by its /64, whatever address of it they use", async () => {
    const { config } = credentialsApp({ trustedIpHeader: PROXY, rules });
    for (let i = 1; i <= 3; i++) await signIn(config, `v${i}@example.test`, "wrong", from(`2001:db8:1:2::${i}`));
    expect((await signIn(config, "v9@example.test", "wrong", from("2001:db8:1:2:ffff::1"))).status).toBe(429);
    expect((await signIn(config, "v9@example.test", "wrong", from("2001:db8:1:3::1"))).status).toBe(302);
  });
});

describe("the answer's form", () => {
  const rules = { signInPerIp: { name: "signin-ip", window: 60, max: 1, whenStoreDown: "closed" } } as const;

  async function spent(extra: Partial<AuthConfig> = {}) {
    const app = credentialsApp({ trustedIpHeader: PROXY, rules }, extra);
    await signIn(app.config, "first@example.test", "wrong", from("203.0.113.1"));
    return app;
  }

  it("renders the error page with 429 and Retry-After for a browser's form post", async () => {
    const { config } = await spent();
    const response = await signIn(config, "x@example.test", "wrong", {
      ...from("203.0.113.1"),
      accept: "text/html,application/xhtml+xml",
      "sec-fetch-mode": "navigate",
    });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("60");
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(await response.text()).toContain("Too many attempts");
  });

  it("redirects a browser's form post to pages.error with the error and the wait", async () => {
    const { config } = await spent({ pages: { error: "/oops" } });
    const response = await signIn(config, "x@example.test", "wrong", {
      ...from("203.0.113.1"),
      "sec-fetch-mode": "navigate",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/oops?error=RateLimited&retryAfter=60`);
    expect(response.headers.get("retry-after")).toBe("60");
  });

  it("answers the client helpers' fetch (X-Auth-Return-Redirect) 429 with the error page's url", async () => {
    const { config } = await spent();
    const response = await signIn(config, "x@example.test", "wrong", {
      ...from("203.0.113.1"),
      "x-auth-return-redirect": "1",
    });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("60");
    expect(await response.json()).toEqual({
      url: `${ORIGIN}/auth/error?error=RateLimited&retryAfter=60`,
      error: "RateLimited",
      retryAfter: 60,
    });
    // The page that url names answers 429 too.
    const page = await Auth(get("/auth/error?error=RateLimited&retryAfter=60"), config);
    expect(page.status).toBe(429);
  });

  it("sends a server helper that asked for the error page (raw, X-Auth-Return-Redirect) to it", async () => {
    const { config } = await spent();
    const request = postForm(
      "/auth/callback/credentials",
      { email: "x@example.test", password: "wrong" },
      new CookieJar(),
      { ...from("203.0.113.1"), "x-auth-return-redirect": "1" },
    );
    const result = await Auth(request, { ...config, raw, skipCSRFCheck });
    expect(result.redirect).toBe(`${ORIGIN}/auth/error?error=RateLimited&retryAfter=60`);
  });

  it("throws RateLimited to a server helper (raw), and hands it to the app's logger", async () => {
    const { config, errors } = await spent();
    const jar = new CookieJar();
    const request = postForm(
      "/auth/callback/credentials",
      { email: "x@example.test", password: "wrong" },
      jar,
      from("203.0.113.1"),
    );
    const thrown = await Auth(request, { ...config, raw, skipCSRFCheck }).catch((error) => error);
    expect(thrown).toBeInstanceOf(RateLimited);
    expect(thrown).toMatchObject({ type: "RateLimited", retryAfter: 60, reason: "limited" });
    expect(errors.filter((error) => error instanceof RateLimited)).toHaveLength(1);
  });
});

describe("email sign-in under the rate limits", () => {
  let smtp: SmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it("mails one address at most 5 times an hour, from any network, and sends nothing when refused", async () => {
    const { config } = emailConfig(smtp, { config: { rateLimit: { trustedIpHeader: PROXY } } });
    const before = smtp.messages.length;
    for (let i = 1; i <= 5; i++) {
      const { response } = await requestLink(config, "inbox@example.test", { headers: from(`198.51.100.${i}`) });
      expect(response.status).toBe(302);
    }
    expect(smtp.messages.length).toBe(before + 5);
    const { response } = await requestLink(config, "INBOX@example.test", { headers: from("198.51.100.9") });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(3590);
    expect(smtp.messages.length).toBe(before + 5);
  });

  it("mails at most 20 times an hour from one network", async () => {
    const { config } = emailConfig(smtp, { config: { rateLimit: { trustedIpHeader: PROXY } } });
    for (let i = 0; i < 20; i++) {
      const { response } = await requestLink(config, `p${i}@example.test`, { headers: from("203.0.113.77") });
      expect(response.status).toBe(302);
    }
    const { response } = await requestLink(config, "p99@example.test", { headers: from("203.0.113.77") });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ error: "RateLimited" });
  });
});

describe("passkeys under the rate limits", () => {
  it("limits the options per network (60 per 5 minutes) and the passkey sign-in under signInPerIp", async () => {
    const { config } = passkeyConfig({ rateLimit: { trustedIpHeader: PROXY } });
    const jar = new CookieJar();
    for (let i = 0; i < 60; i++) {
      expect((await fetchOptions(config, jar, {}, from("203.0.113.30"))).status).toBe(200);
    }
    const refused = await Auth(get("/auth/webauthn-options/passkey", jar, from("203.0.113.30")), config);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).not.toBeNull();

    const other = new CookieJar();
    const answer = await fetchOptions(config, other, {}, from("203.0.113.31"));
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    for (let i = 0; i < 30; i++) {
      const response = await Auth(
        postForm(
          "/auth/callback/passkey",
          { action: "authenticate", data: JSON.stringify(authenticator.get(answer.options)) },
          other,
          from("203.0.113.31"),
        ),
        config,
      );
      expect(response.status).toBe(302);
    }
    const fromLimited = await Auth(
      postForm("/auth/callback/passkey", { action: "authenticate", data: "{}" }, other, from("203.0.113.31")),
      config,
    );
    expect(fromLimited.status).toBe(429);
  });
});

describe("the rateLimit option", () => {
  it("turns the limits off with false, and says so once", async () => {
    const { config, warnings } = credentialsApp(false);
    for (let i = 0; i < 8; i++) expect((await signIn(config, DEMO_USER.email!, "wrong")).status).toBe(302);
    expect(warnings.filter((code) => code === "rate-limit-off")).toHaveLength(1);
  });

  it("answers a rule that makes no sense as a configuration error naming the field, on the paths it guards", async () => {
    const rules = { signInPerAccount: { name: "signin-account", window: 0, max: 5, whenStoreDown: "closed" } } as const;
    const { config, errors } = credentialsApp({ rules });
    const response = await signIn(config, DEMO_USER.email!, "correct horse");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
    expect(errors.map((error) => error.message).join("\n")).toContain("window must be a number of seconds");
    // The session endpoint is not rate limited and keeps working.
    expect((await Auth(get("/auth/session"), config)).status).toBe(200);
  });

  it("refuses a store that is none (a Redis client passed as is) at the first limited request", async () => {
    const { config, errors } = credentialsApp({ store: { get: () => null } as never });
    const response = await signIn(config, DEMO_USER.email!, "correct horse");
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
    expect(errors.map((error) => error.message).join("\n")).toContain("rateLimit.store must be a rate-limit store");
  });

  it("refuses an unknown rule name", async () => {
    const { config, errors } = credentialsApp({ rules: { signInPerIP: false } as never });
    await signIn(config, DEMO_USER.email!, "correct horse");
    expect(errors.map((error) => error.message).join("\n")).toContain("rateLimit.rules.signInPerIP is no rule");
  });

  it("turns one rule off with false", async () => {
    const { config } = credentialsApp({ trustedIpHeader: PROXY, rules: { signInPerAccount: false } });
    for (let i = 0; i < 10; i++) {
      expect((await signIn(config, DEMO_USER.email!, "wrong", from(`192.0.2.${i}`))).status).toBe(302);
    }
  });
});
