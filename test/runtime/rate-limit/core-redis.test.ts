/**
 * The core's rate limits on a real redis-server shared by two app instances (two configs, each with its own
 * client and store, as two processes would have): attempts at either count against one limit; with Redis
 * stopped, sign-in fails closed (503 RateLimitUnavailable with Retry-After, the right password included) while
 * the passkey options fail open, the outage is logged, and everything counts again once Redis is back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import memory from "../../../src/runtime/adapters/memory.js";
import { Auth } from "../../../src/runtime/index.js";
import passkey from "../../../src/runtime/providers/passkey.js";
import { RateLimitStoreError } from "../../../src/runtime/rate-limit/errors.js";
import { createRedisStore } from "../../../src/runtime/rate-limit/redis-store.js";
import type { AuthConfig } from "../../../src/runtime/types.js";
import { startRedis, type TestRedis } from "../../support/redis.mjs";
import { baseConfig, CookieJar, captureLogger, csrfToken, DEMO_USER, get, postForm } from "../core/support.js";
import { CLIENT_KINDS, connectClient, type TestClient } from "./redis-clients.js";

const PROXY = { header: "x-forwarded-for", hops: 1 } as const;
const from = (ip: string) => ({ "x-forwarded-for": ip });

function instance(client: TestClient) {
  const capture = captureLogger();
  const base = baseConfig();
  const config: AuthConfig = {
    ...base,
    logger: capture.logger,
    adapter: memory(),
    experimental: { enableWebAuthn: true },
    providers: [...base.providers, passkey()],
    rateLimit: {
      store: createRedisStore(client.client),
      trustedIpHeader: PROXY,
      rules: { signInPerIp: { name: "signin-ip", window: 300, max: 4, whenStoreDown: "closed" } },
    },
  };
  return { config, ...capture };
}

async function signIn(config: AuthConfig, email: string, password: string, ip: string): Promise<Response> {
  const jar = new CookieJar();
  const csrf = await csrfToken(config, jar);
  return Auth(postForm("/auth/callback/credentials", { csrfToken: csrf, email, password }, jar, from(ip)), config);
}

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.each(CLIENT_KINDS)("two app instances on one Redis through %s", (kind) => {
  let redis: TestRedis;
  let clients: TestClient[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    clients = [await connectClient(kind, redis.url), await connectClient(kind, redis.url)];
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await redis?.close();
  });

  it("counts one network's attempts at either instance against one limit", async () => {
    const [a, b] = clients.map(instance) as [ReturnType<typeof instance>, ReturnType<typeof instance>];
    for (let i = 0; i < 4; i++) {
      const app = i % 2 === 0 ? a : b;
      expect((await signIn(app.config, `n${i}@example.test`, "wrong", "203.0.113.10")).status).toBe(302);
    }
    for (const app of [a, b]) {
      const refused = await signIn(app.config, "n9@example.test", "wrong", "203.0.113.10");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(290);
    }
  });

  it("delays one account after 5 failures spread over both instances and many networks", async () => {
    const [a, b] = clients.map(instance) as [ReturnType<typeof instance>, ReturnType<typeof instance>];
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? a : b;
      expect((await signIn(app.config, "shared@example.test", "wrong", `198.51.100.${i}`)).status).toBe(302);
    }
    const refused = await signIn(b.config, "Shared@example.test", "wrong", "198.51.100.50");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
  });

  it("fails sign-in closed while Redis is down, logs it, keeps passkey options open, and recovers", async () => {
    const app = instance(clients[0] as TestClient);
    expect((await signIn(app.config, DEMO_USER.email!, "correct horse", "192.0.2.1")).status).toBe(302);

    await redis.stop();
    try {
      const refused = await signIn(app.config, DEMO_USER.email!, "correct horse", "192.0.2.1");
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("5");
      expect(await refused.json()).toEqual({ error: "RateLimitUnavailable", retryAfter: 5 });
      expect(app.errors.some((error) => error instanceof RateLimitStoreError)).toBe(true);
      // A browser's form post gets the error page under the same status.
      const jar = new CookieJar();
      const csrf = await csrfToken(app.config, jar);
      const page = await Auth(
        postForm(
          "/auth/callback/credentials",
          { csrfToken: csrf, email: DEMO_USER.email!, password: "correct horse" },
          jar,
          { ...from("192.0.2.1"), "sec-fetch-mode": "navigate" },
        ),
        app.config,
      );
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("5");
      expect(await page.text()).toContain("Try again shortly");

      const options = await Auth(get("/auth/webauthn-options/passkey", new CookieJar(), from("192.0.2.1")), app.config);
      expect(options.status).toBe(200);
    } finally {
      await redis.start();
    }

    const recovered = await until(async () => {
      const response = await signIn(app.config, DEMO_USER.email!, "correct horse", "192.0.2.2");
      return response.status === 302 ? response : undefined;
    }, 15_000);
    expect(recovered.headers.get("location")).not.toContain("error");
    // Counting again: the fresh Redis holds this network's attempts.
    for (let i = 0; i < 3; i++) await signIn(app.config, `r${i}@example.test`, "wrong", "192.0.2.3");
    await signIn(app.config, "r8@example.test", "wrong", "192.0.2.3");
    expect((await signIn(app.config, "r9@example.test", "wrong", "192.0.2.3")).status).toBe(429);
  });
});
