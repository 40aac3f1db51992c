/**
 * Database sessions in a framework integration: a real Express 5 app on loopback whose own route reads the
 * session with `getSession`, and whose mounted handler signs out. Integrations read sessions through the
 * core's `/session` action, so the strategy needs nothing from them; this proves it end to end.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { ExpressAuth, type ExpressAuthConfig, getSession } from "../../../src/runtime/express.js";
import OIDC from "../../../src/runtime/providers/oidc.js";
import { CookieJar, captureLogger, SECRET } from "../core/support.js";
import { type RecordingAdapter, recordingAdapter, SESSION_COOKIE } from "./support.js";

const servers: { close(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** Never contacted: these tests start no sign-in, they read and end a stored session. */
const corp = OIDC({ id: "corp", name: "Corp", issuer: "https://idp.example.test", clientId: "c", clientSecret: "s" });

async function appWithSession(): Promise<{ origin: string; jar: CookieJar; recording: RecordingAdapter }> {
  const recording = recordingAdapter();
  const config: ExpressAuthConfig = {
    secret: SECRET,
    trustHost: true,
    logger: captureLogger().logger,
    adapter: recording.adapter,
    providers: [corp],
  };
  const app = express();
  app.use("/auth", ExpressAuth(config));
  app.get("/me", async (req, res) => {
    res.json({ session: await getSession(req, config) });
  });
  const origin = await new Promise<string>((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => {
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
    servers.push(server);
  });

  const user = await recording.store.createUser!({
    id: "user-ada",
    email: "ada@example.test",
    name: "Ada",
    emailVerified: null,
  });
  const sessionToken = "a".repeat(64);
  await recording.store.createSession!({ sessionToken, userId: user.id, expires: new Date(Date.now() + 3_600_000) });
  const jar = new CookieJar();
  jar.cookies.set(SESSION_COOKIE, sessionToken);
  return { origin, jar, recording };
}

async function call(url: string, jar: CookieJar, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("cookie", jar.header());
  const response = await fetch(url, { ...init, headers, redirect: "manual" });
  jar.apply(response);
  return response;
}

async function sessionAtMe(origin: string, jar: CookieJar) {
  return ((await (await call(`${origin}/me`, jar)).json()) as { session: { user?: { email?: string } } | null })
    .session;
}

describe("Express with database sessions", () => {
  it("getSession in the app's own route reads the stored session, asking the adapter once", async () => {
    const { origin, jar, recording } = await appWithSession();
    const session = await sessionAtMe(origin, jar);
    expect(session?.user?.email).toBe("ada@example.test");
    expect(recording.count("getSessionAndUser")).toBe(1);
  });

  it("signing out through the mounted handler ends the session for every copy of the cookie", async () => {
    const { origin, jar, recording } = await appWithSession();
    const copy = new CookieJar();
    copy.cookies.set(SESSION_COOKIE, jar.get(SESSION_COOKIE)!);
    const { csrfToken } = (await (await call(`${origin}/auth/csrf`, jar)).json()) as { csrfToken: string };
    const signOut = await call(`${origin}/auth/signout`, jar, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken }),
    });
    expect(signOut.status).toBe(302);
    expect(recording.count("deleteSession")).toBe(1);
    expect(await sessionAtMe(origin, copy)).toBeNull();
  });
});
