/**
 * The rate limits behind the Express integration, on a real Express app on loopback: without a trusted header
 * the client is the address Express gives (`req.ip`: the socket's peer, unless the app's `trust proxy` says
 * otherwise), so forwarding headers a client writes buy no fresh counter; with `trust proxy`, Express's
 * reading of X-Forwarded-For is the client.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { ExpressAuth } from "../../../src/runtime/express.js";
import { baseConfig, CookieJar, captureLogger } from "../core/support.js";

const servers: { close(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function serve(trustProxy: unknown): Promise<string> {
  const { basePath: _mount, ...config } = baseConfig({
    logger: captureLogger().logger,
    rateLimit: { rules: { signInPerIp: { name: "signin-ip", window: 300, max: 3, whenStoreDown: "closed" } } },
  });
  const app = express();
  if (trustProxy !== undefined) app.set("trust proxy", trustProxy);
  app.use("/auth", ExpressAuth(config));
  return new Promise((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => {
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
    servers.push(server);
  });
}

async function signIn(origin: string, email: string, forwardedFor: string): Promise<Response> {
  const jar = new CookieJar();
  const csrfResponse = await fetch(`${origin}/auth/csrf`);
  jar.apply(csrfResponse);
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
  return fetch(`${origin}/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: jar.header(),
      "x-forwarded-for": forwardedFor,
    },
    body: new URLSearchParams({ csrfToken, email, password: "wrong" }),
  });
}

describe("rate limits behind Express", () => {
  it("counts the socket's address and ignores X-Forwarded-For when the app trusts no proxy", async () => {
    const origin = await serve(undefined);
    for (let i = 0; i < 3; i++) {
      expect((await signIn(origin, `e${i}@example.test`, `192.0.2.${i}`)).status).toBe(302);
    }
    const refused = await signIn(origin, "e9@example.test", "192.0.2.99");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).not.toBeNull();
  });

  it("counts the client Express's trust proxy reads from X-Forwarded-For", async () => {
    const origin = await serve("loopback");
    for (let i = 0; i < 3; i++) {
      expect((await signIn(origin, `t${i}@example.test`, "198.51.100.1")).status).toBe(302);
    }
    expect((await signIn(origin, "t9@example.test", "198.51.100.1")).status).toBe(429);
    expect((await signIn(origin, "t9@example.test", "198.51.100.2")).status).toBe(302);
  });
});
