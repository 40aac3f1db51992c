/**
 * The Qwik City integration's plain server side against the real core: Qwik's client-data and action URLs,
 * the session of a Qwik request (fail closed), what signing in and out ask of the core, env through Qwik's
 * getter, and cookies written into a Qwik-shaped jar. The `$` hooks themselves need Qwik's optimizer and
 * are proven by the end-to-end test on a production build.
 */
import { describe, expect, it } from "vitest";
import { serializeCookie } from "../../src/runtime/core/cookies/header.js";
import { readSession } from "../../src/runtime/core/server/session-read.js";
import { encode } from "../../src/runtime/jwt.js";
import github from "../../src/runtime/providers/github.js";
import { applyCookies } from "../../src/runtime/qwik/cookies.js";
import { envRecord, setEnvDefaults } from "../../src/runtime/qwik/env.js";
import {
  type AuthRequestEvent,
  authPageOfClientData,
  currentPage,
  incomingOf,
  signInRedirect,
  signOutRedirect,
} from "../../src/runtime/qwik/server.js";
import type { QwikAuthConfig } from "../../src/runtime/qwik/types.js";
import type { AuthConfig, Cookie } from "../../src/runtime/types.js";
import { baseConfig, DEMO_USER, ORIGIN, SECRET } from "./core/support.js";

const SESSION_COOKIE = "authjs.session-token";

function config(): QwikAuthConfig {
  const { raw: _raw, ...rest } = baseConfig();
  return rest;
}

function envGetter(values: Record<string, string>) {
  return { get: (key: string) => values[key] };
}

function event(path: string, cookie?: string): AuthRequestEvent {
  const url = new URL(path, ORIGIN);
  const headers = new Headers({ host: url.host });
  if (cookie) headers.set("cookie", cookie);
  return { request: new Request(url, { headers }), url, env: envGetter({}) };
}

async function sessionCookie(): Promise<string> {
  const token = await encode({
    // Signed in just now: a link needs a recent sign-in (linking.maxAuthAge).
    token: {
      name: DEMO_USER.name,
      email: DEMO_USER.email,
      sub: DEMO_USER.id,
      auth_time: Math.floor(Date.now() / 1000),
    },
    secret: SECRET,
    salt: SESSION_COOKIE,
  });
  return `${SESSION_COOKIE}=${token}`;
}

// Which paths are the core's is core/server/action-request.ts's isAuthPath, tested beside it (core/server/action-request.test.ts).
describe("Qwik City's client-data and action URLs", () => {
  it("sends Qwik's client-data request for an auth page to the page itself", () => {
    const url = new URL("/auth/signin/q-data.json?error=CredentialsSignin", ORIGIN);
    expect(authPageOfClientData(url, "/auth")).toBe("/auth/signin?error=CredentialsSignin");
    expect(authPageOfClientData(new URL("/journal/q-data.json", ORIGIN), "/auth")).toBeNull();
    expect(authPageOfClientData(new URL("/auth/signin", ORIGIN), "/auth")).toBeNull();
  });

  it("takes the page an action was posted from, without Qwik's own query parameters", () => {
    expect(currentPage(new URL("/journal/?qaction=abc&tab=2", ORIGIN))).toBe("/journal/?tab=2");
    expect(currentPage(new URL("/journal/q-data.json?qaction=abc", ORIGIN))).toBe("/journal/");
  });
});

describe("the session of a request", () => {
  it("is the signed-in user's session, with the rolled session cookie to re-issue", async () => {
    // updateAge 0: every read is due for re-issue, so the rolled cookie must come through.
    const rolling = { ...config(), session: { updateAge: 0 } };
    const result = await readSession(rolling, incomingOf(event("/journal/", await sessionCookie())));
    expect(result.session).toMatchObject({ user: { name: DEMO_USER.name, email: DEMO_USER.email } });
    expect(result.cookies.map((c) => c.name)).toContain(SESSION_COOKIE);
  });

  it("is null without a cookie, and null (fail closed) when the configuration is broken", async () => {
    expect((await readSession(config(), incomingOf(event("/journal/")))).session).toBeNull();
    const broken = { ...config(), secret: [] as string[] } as QwikAuthConfig;
    expect((await readSession(broken, incomingOf(event("/journal/", await sessionCookie())))).session).toBeNull();
  });
});

describe("sign-in and sign-out through the actions", () => {
  it("signs the demo user in with credentials and lands on options.redirectTo", async () => {
    const result = await signInRedirect(event("/login/"), config(), {
      providerId: "credentials",
      options: { redirectTo: "/journal/", email: DEMO_USER.email, password: "correct horse" },
    });
    expect(result.url).toBe(`${ORIGIN}/journal/`);
    expect(result.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toMatch(/^ey/);
  });

  it("sends a wrong password to the sign-in page with error and code, and sets no session", async () => {
    const result = await signInRedirect(event("/login/"), config(), {
      providerId: "credentials",
      options: { email: DEMO_USER.email, password: "wrong" },
    });
    const landed = new URL(result.url);
    expect(landed.pathname).toBe("/auth/signin");
    expect(landed.searchParams.get("error")).toBe("CredentialsSignin");
    expect(landed.searchParams.get("code")).toBe("credentials");
    expect(result.cookies.some((c) => c.name === SESSION_COOKIE && c.value)).toBe(false);
  });

  it("without a provider, goes to the sign-in page with the current page as callbackUrl", async () => {
    const result = await signInRedirect(event("/journal/?qaction=x"), config(), {});
    expect(result).toEqual({ url: `${ORIGIN}/auth/signin?callbackUrl=%2Fjournal%2F`, cookies: [] });
  });

  it("signs out: the session cookie is cleared and the browser lands on redirectTo", async () => {
    const result = await signOutRedirect(event("/journal/", await sessionCookie()), config(), { redirectTo: "/" });
    expect(result.url).toBe(`${ORIGIN}/`);
    expect(result.cookies.find((c) => c.name === SESSION_COOKIE)?.options.maxAge).toBe(0);
  });
});

describe("useSignIn with options.link (docs/linking.md)", () => {
  const withGitHub = (): QwikAuthConfig => ({
    ...config(),
    providers: [github({ clientId: "Iv1.link", clientSecret: "s" })],
  });

  it("with a recent sign-in, sets the link intent and goes to the provider", async () => {
    const result = await signInRedirect(event("/settings/", await sessionCookie()), withGitHub(), {
      providerId: "github",
      options: { link: true },
    });
    expect(new URL(result.url).origin).toBe("https://github.com");
    expect(result.cookies.some((c) => c.name === "authjs.link-intent" && c.value)).toBe(true);
  });

  it("without a session, lands on the sign-in page with AccountLinkRefused and code signin", async () => {
    const result = await signInRedirect(event("/settings/"), withGitHub(), {
      providerId: "github",
      options: { link: "true" },
    });
    const landed = new URL(result.url);
    expect(`${landed.pathname}?${landed.searchParams}`).toBe("/auth/signin?error=AccountLinkRefused&code=signin");
    expect(result.cookies.some((c) => c.name === "authjs.link-intent")).toBe(false);
  });
});

describe("environment and cookies", () => {
  it("reads the secret, AUTH_URL's base path and provider credentials through Qwik's env getter", () => {
    const env = envGetter({ AUTH_SECRET: SECRET, AUTH_URL: "https://journal.example/account", AUTH_GITHUB_ID: "gh" });
    expect(envRecord(env).AUTH_SECRET).toBe(SECRET);
    const target: AuthConfig = {
      providers: [{ id: "github", name: "GitHub", type: "oauth" } as AuthConfig["providers"][number]],
    };
    setEnvDefaults(env, target);
    expect(target.secret).toEqual([SECRET]);
    expect(target.basePath).toBe("/account");
    expect(target.providers[0]).toMatchObject({ clientId: "gh" });
  });

  it("defaults the base path to /auth", () => {
    const target: AuthConfig = { providers: [] };
    setEnvDefaults(envGetter({ AUTH_SECRET: SECRET }), target);
    expect(target.basePath).toBe("/auth");
  });

  it("writes cookies into the jar so that Qwik serialises exactly what the core would", () => {
    const written: Array<[string, string, Record<string, unknown>]> = [];
    const cookies: Cookie[] = [
      { name: "authjs.csrf-token", value: "a|b", options: { httpOnly: true, sameSite: "lax", path: "/" } },
      { name: SESSION_COOKIE, value: "", options: { httpOnly: true, sameSite: "lax", path: "/", maxAge: 0 } },
    ];
    applyCookies({ set: (name, value, options) => written.push([name, value, { ...options }]) }, cookies);
    expect(written).toEqual([
      ["authjs.csrf-token", "a%7Cb", { path: "/", httpOnly: true, sameSite: "lax" }],
      [SESSION_COOKIE, "", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 0 }],
    ]);
    // The value is encoded as the core's own serializer encodes it, so the core reads it back unchanged.
    expect(serializeCookie(cookies[0]!)).toContain(`authjs.csrf-token=${written[0]![1]};`);
  });
});
