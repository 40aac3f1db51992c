/**
 * The password flows through a framework integration over loopback HTTP: a real Express 5 app with
 * ExpressAuth mounted at /auth, driven with fetch as a browser would (pages, CSRF, forms, redirects not
 * followed but read), the sqlite adapter and a real SMTP server. The integration only translates: every path
 * reaches the core, and every redirect it sends is the one the core chose.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ExpressAuth, type ExpressAuthConfig, getSession } from "../../../src/runtime/express.js";
import { type SmtpServer, startSmtpServer } from "../../support/smtp-server.mjs";
import { CookieJar, firstLink, GOOD_PASSWORD, mailTo, OTHER_PASSWORD, passwordSetup } from "./support.js";

let smtp: SmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});
const servers: { close(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function serve(config: ExpressAuthConfig): Promise<string> {
  const app = express();
  app.use("/auth", ExpressAuth(config));
  app.get("/me", async (req, res) => {
    res.json({ email: (await getSession(req, config))?.user?.email ?? null });
  });
  return new Promise((resolve) => {
    const server = app.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
    servers.push(server);
  });
}

async function call(url: string, jar: CookieJar, fields?: Record<string, string>): Promise<Response> {
  const headers = new Headers();
  if (jar.cookies.size > 0) headers.set("cookie", jar.header());
  const init: RequestInit = fields
    ? {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { ...Object.fromEntries(headers), "content-type": "application/x-www-form-urlencoded" },
      }
    : { headers };
  const response = await fetch(url, { ...init, redirect: "manual" });
  jar.apply(response);
  return response;
}

async function post(origin: string, path: string, jar: CookieJar, fields: Record<string, string>): Promise<Response> {
  const { csrfToken } = (await (await call(`${origin}/auth/csrf`, jar)).json()) as { csrfToken: string };
  return call(`${origin}${path}`, jar, { csrfToken, ...fields });
}

describe.each(["database", "jwt"] as const)("password flows through Express with %s sessions", (strategy) => {
  it("signs up, verifies from the mail, signs in, resets, and ends the old session", async () => {
    const setup = passwordSetup(smtp, { strategy });
    const { basePath: _mountIsTheBase, ...config } = setup.config;
    const origin = await serve(config);
    const email = `express-${strategy}@example.test`;

    const page = await call(`${origin}/auth/signup`, new CookieJar());
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`action="${origin}/auth/signup/password"`);

    const browser = new CookieJar();
    const signedUp = await post(origin, "/auth/signup/password", browser, { email, password: GOOD_PASSWORD });
    expect(signedUp.status).toBe(302);
    expect(signedUp.headers.get("location")).toBe(`${origin}/auth/verify-request?provider=password&type=password`);
    await setup.settle();

    const link = firstLink(mailTo(smtp, email).at(-1)!);
    expect(link.origin).toBe(origin);
    expect((await call(link.href, browser)).status).toBe(200);
    const verified = await post(origin, "/auth/callback/password", browser, {
      email,
      password: GOOD_PASSWORD,
      token: link.searchParams.get("token")!,
      callbackUrl: `${origin}/me`,
    });
    expect(verified.headers.get("location")).toBe(`${origin}/me`);
    expect(await (await call(`${origin}/me`, browser)).json()).toEqual({ email });

    const phone = new CookieJar();
    await post(origin, "/auth/forgot-password/password", phone, { email });
    await setup.settle();
    const reset = firstLink(mailTo(smtp, email).at(-1)!);
    const done = await post(origin, "/auth/reset-password/password", phone, {
      token: reset.searchParams.get("token")!,
      email,
      password: OTHER_PASSWORD,
    });
    expect(done.headers.get("location")).toBe(origin);
    expect(await (await call(`${origin}/me`, phone)).json()).toEqual({ email });
    expect(await (await call(`${origin}/me`, browser)).json()).toEqual({ email: null });

    const old = await post(origin, "/auth/callback/password", new CookieJar(), { email, password: GOOD_PASSWORD });
    expect(old.headers.get("location")).toBe(`${origin}/auth/signin?error=CredentialsSignin&code=credentials`);
  });
});
