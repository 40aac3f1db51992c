/**
 * The shared server layer under the five integrations (core/server/), against the real core: the action request built
 * from a framework's request, the session read (fail closed), the sign-in and sign-out helpers (and where
 * they may send the browser), and which paths are the core's.
 */
import { describe, expect, it } from "vitest";
import { parseCookieHeader } from "../../../../src/runtime/core/cookies/header.js";
import { raw, skipCSRFCheck } from "../../../../src/runtime/core/markers.js";
import {
  actionRequest,
  type IncomingRequest,
  isAuthPath,
  requestProtocol,
} from "../../../../src/runtime/core/server/action-request.js";
import { type IntegrationConfig, serverConfig } from "../../../../src/runtime/core/server/config.js";
import { cookieHeader, writeCookies } from "../../../../src/runtime/core/server/cookie-jar.js";
import {
  helperUpdateSession,
  readSession,
  readSessionResponse,
  sessionOf,
} from "../../../../src/runtime/core/server/session-read.js";
import {
  helperSignIn,
  helperSignOut,
  signInAction,
  signInPage,
} from "../../../../src/runtime/core/server/sign-in-sign-out.js";
import { CredentialsSignin } from "../../../../src/runtime/errors.js";
import credentials from "../../../../src/runtime/providers/credentials.js";
import github from "../../../../src/runtime/providers/github.js";
import { baseConfig, captureLogger, DEMO_USER, ORIGIN } from "../support.js";

const SESSION_COOKIE = "authjs.session-token";

function config(overrides: Partial<IntegrationConfig> = {}): IntegrationConfig {
  const { raw: _raw, ...rest } = baseConfig(overrides);
  return rest;
}

/** A request to a page of the app, as an integration hands it over. */
function incoming(headers: Record<string, string> = {}, env: Record<string, string> = {}): IncomingRequest {
  return { headers: { host: "localhost:3000", ...headers }, url: new URL(`${ORIGIN}/journal/`), env };
}

const CREDENTIALS: Array<[string, string]> = [
  ["email", DEMO_USER.email!],
  ["password", "correct horse"],
];

/** The Cookie header of a browser the credentials helper has just signed in. */
async function sessionCookie(): Promise<string> {
  const { cookies } = await helperSignIn(config(), incoming(), {
    providerId: "credentials",
    callbackUrl: "/",
    fields: CREDENTIALS,
  });
  const session = cookies.find((cookie) => cookie.name === SESSION_COOKIE);
  return `${SESSION_COOKIE}=${encodeURIComponent(session!.value)}`;
}

describe("the action request", () => {
  it("goes to <origin><basePath>/<action>/<provider> with the caller's cookies, the query appended", () => {
    const request = actionRequest(config(), "signin", incoming({ cookie: "a=1" }), {
      providerId: "my idp",
      search: { prompt: "login" },
    });
    expect(request.url).toBe(`${ORIGIN}/auth/signin/my%20idp?prompt=login`);
    expect(request.method).toBe("GET");
    expect(request.headers.get("cookie")).toBe("a=1");
  });

  it("takes the origin from AUTH_URL when set, else from X-Forwarded-Host and -Proto, else from Host", () => {
    const forwarded = incoming({ "x-forwarded-host": "app.example", "x-forwarded-proto": "https" });
    expect(actionRequest(config(), "session", forwarded).url).toBe("https://app.example/auth/session");
    const env = { AUTH_URL: "https://deployed.example" };
    expect(actionRequest(config(), "session", incoming({}, env)).url).toBe("https://deployed.example/auth/session");
    expect(actionRequest(config(), "session", incoming()).url).toBe(`${ORIGIN}/auth/session`);
  });

  it("takes the host from the incoming URL when a Request built in code has no Host header", () => {
    const request = actionRequest(config(), "session", { headers: {}, url: new URL("http://app.test/x"), env: {} });
    expect(request.url).toBe("http://app.test/auth/session");
  });

  it("uses an origin the integration decided itself as it is, under the base path, whatever AUTH_URL says", () => {
    const request = actionRequest(config({ basePath: "/api/auth/" }), "session", {
      headers: { "x-forwarded-host": "evil.example" },
      origin: "https://app.example",
    });
    expect(request.url).toBe("https://app.example/api/auth/session");
  });

  it("does not forward the incoming body's framing; posts a form, or JSON text, of its own", async () => {
    const headers = { "content-type": "multipart/form-data; boundary=x", "content-length": "999", connection: "close" };
    const form = actionRequest(config(), "signout", incoming(headers), { body: new URLSearchParams({ a: "b" }) });
    expect(form.method).toBe("POST");
    expect(form.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(form.headers.has("content-length")).toBe(false);
    expect(form.headers.has("connection")).toBe(false);
    expect(await form.text()).toBe("a=b");
    const json = actionRequest(config(), "session", incoming(headers), { body: '{"data":1}' });
    expect(json.headers.get("content-type")).toBe("application/json");
    const get = actionRequest(config(), "session", incoming(headers));
    expect(get.headers.has("content-type")).toBe(false);
  });

  it("asks for the error page's redirect only when the helper says so", () => {
    const body = new URLSearchParams();
    expect(actionRequest(config(), "signout", incoming(), { body }).headers.has("x-auth-return-redirect")).toBe(false);
    const asked = actionRequest(config(), "signout", incoming(), { body, errorRedirect: true });
    expect(asked.headers.get("x-auth-return-redirect")).toBe("1");
  });
});

describe("the server-side configuration", () => {
  it("asks for the raw result and skips the CSRF token, made once per config object, the app's left alone", () => {
    const app = config();
    const server = serverConfig(app);
    expect(server.raw).toBe(raw);
    expect(server.skipCSRFCheck).toBe(skipCSRFCheck);
    expect(serverConfig(app)).toBe(server);
    expect(serverConfig(config())).not.toBe(server);
    expect("skipCSRFCheck" in app).toBe(false);
  });
});

describe("the session read", () => {
  it("is the signed-in user's session, with the rolled cookie to set", async () => {
    const rolling = config({ session: { updateAge: 0 } });
    const { session, cookies } = await readSession(rolling, incoming({ cookie: await sessionCookie() }));
    expect(session).toMatchObject({ user: { name: DEMO_USER.name, email: DEMO_USER.email } });
    expect(cookies.map((cookie) => cookie.name)).toContain(SESSION_COOKIE);
  });

  it("is null without a cookie and for a tampered one", async () => {
    expect((await readSession(config(), incoming())).session).toBeNull();
    const tampered = `${await sessionCookie()}x`;
    expect((await readSession(config(), incoming({ cookie: tampered }))).session).toBeNull();
  });

  it("is null, without throwing, when the configuration is broken (no secret)", async () => {
    const { logger, errors } = captureLogger();
    const broken = config({ secret: [], logger });
    expect(await readSession(broken, incoming({ cookie: await sessionCookie() }))).toEqual({
      session: null,
      cookies: [],
    });
    expect(errors.length).toBeGreaterThan(0);
  });

  it("takes nothing from a failed result, and no session from a body without its expiry", () => {
    const cookie = { name: "x", value: "1", options: {} };
    expect(sessionOf({ status: 400, body: { expires: "2999-01-01" }, cookies: [cookie] })).toEqual({
      session: null,
      cookies: [],
    });
    expect(sessionOf({ body: { user: {} }, cookies: [cookie] })).toEqual({ session: null, cookies: [cookie] });
  });
});

describe("the session read for a Response the integration sends", () => {
  it("is the session, with the Set-Cookie values a browser's own read gets (the rolled cookie among them)", async () => {
    const rolling = config({ session: { updateAge: 0 } });
    const read = await readSessionResponse(rolling, incoming({ cookie: await sessionCookie() }));
    expect(read.session).toMatchObject({ user: { name: DEMO_USER.name, email: DEMO_USER.email } });
    expect(read.setCookies.some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
  });

  it("is null for a tampered cookie, and null when the configuration is broken (fail closed)", async () => {
    const tampered = `${await sessionCookie()}x`;
    expect((await readSessionResponse(config(), incoming({ cookie: tampered }))).session).toBeNull();
    const { logger } = captureLogger();
    const broken = config({ secret: [], logger });
    expect((await readSessionResponse(broken, incoming({ cookie: await sessionCookie() }))).session).toBeNull();
  });
});

describe("the session update", () => {
  it("hands the data to the jwt callback and answers the new session with its cookie", async () => {
    const renaming = config({
      callbacks: {
        jwt: (params) => (params.trigger === "update" ? { ...params.token, name: "Renamed" } : params.token),
      },
    });
    const read = await helperUpdateSession(renaming, incoming({ cookie: await sessionCookie() }), { name: "x" });
    expect(read.session?.user?.name).toBe("Renamed");
    expect(read.cookies.map((cookie) => cookie.name)).toContain(SESSION_COOKIE);
  });

  it("is no session without a signed-in cookie", async () => {
    expect((await helperUpdateSession(config(), incoming(), { name: "x" })).session).toBeNull();
  });
});

describe("the protocol of a request that arrives without one", () => {
  it("takes X-Forwarded-Proto only as one http or https, else the connection's own", () => {
    const proto = (value: string | undefined, own: "http" | "https") =>
      requestProtocol(new Headers(value === undefined ? {} : { "x-forwarded-proto": value }), own);
    expect(proto("https", "http")).toBe("https");
    expect(proto(" HTTPS ", "http")).toBe("https");
    expect(proto("http", "https")).toBe("http");
    expect(proto(undefined, "https")).toBe("https");
    expect(proto("https, http", "http")).toBe("http");
    expect(proto("ftp", "http")).toBe("http");
  });
});

describe("the Cookie header rebuilt from a jar's values", () => {
  it("encodes each value as the core's Set-Cookie does, so the core reads back what the jar holds", () => {
    const header = cookieHeader([
      { name: "a", value: "x|y; z" },
      { name: "b", value: "plain" },
    ]);
    expect(header).toBe("a=x%7Cy%3B%20z; b=plain");
    expect(parseCookieHeader(header)).toEqual({ a: "x|y; z", b: "plain" });
  });
});

describe("the cookies handed to a framework's jar", () => {
  it("go in order, and the first one the jar refuses ends the write", () => {
    const cookies = ["a", "b", "c"].map((name) => ({ name, value: name, options: {} }));
    const written: string[] = [];
    writeCookies(cookies, ({ name }) => {
      if (name === "b") throw new Error("Cookies can only be modified in a Server Action or Route Handler.");
      written.push(name);
    });
    expect(written).toEqual(["a"]);
  });

  it("carry their path, `/` when the core's cookie names none (as its own Set-Cookie writes it)", () => {
    const paths: string[] = [];
    const cookies = [
      { name: "a", value: "1", options: { path: "/auth" } },
      { name: "b", value: "2", options: {} },
    ];
    writeCookies(cookies, ({ options }) => paths.push(options.path));
    expect(paths).toEqual(["/auth", "/"]);
  });
});

describe("the sign-in and sign-out helpers", () => {
  it("sends credentials to the callback action, an OAuth or unknown provider to signin", () => {
    const withGitHub = config({ providers: [...config().providers, github({ clientId: "id", clientSecret: "s" })] });
    expect(signInAction(withGitHub, "credentials", ["callbackUrl"])).toBe("callback");
    expect(signInAction(withGitHub, "github", ["callbackUrl"])).toBe("signin");
    expect(signInAction(withGitHub, "unknown", ["callbackUrl"])).toBe("signin");
  });

  it("signs in with credentials: the session cookie, then the callbackUrl", async () => {
    const result = await helperSignIn(config(), incoming(), {
      providerId: "credentials",
      callbackUrl: "/journal/",
      fields: CREDENTIALS,
    });
    expect(result.redirect).toBe(`${ORIGIN}/journal/`);
    expect(result.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value).toMatch(/^ey/);
  });

  it("never sends the browser to another origin the caller asked for: the base URL instead", async () => {
    const result = await helperSignIn(config(), incoming(), {
      providerId: "credentials",
      callbackUrl: "https://evil.example/steal",
      fields: CREDENTIALS,
    });
    expect(result.redirect).toBe(ORIGIN);
    const out = await helperSignOut(config(), incoming({ cookie: await sessionCookie() }), "//evil.example/");
    expect(out.redirect).toBe(ORIGIN);
  });

  it("throws a rejected sign-in to the caller, or answers the error page when asked to", async () => {
    const wrong = { providerId: "credentials", callbackUrl: "/", fields: [["email", DEMO_USER.email!]] } as const;
    await expect(helperSignIn(config(), incoming(), { ...wrong, fields: [...wrong.fields] })).rejects.toThrow(
      CredentialsSignin,
    );
    const result = await helperSignIn(config(), incoming(), {
      ...wrong,
      fields: [...wrong.fields],
      errorRedirect: true,
    });
    const landed = new URL(result.redirect);
    expect(landed.pathname).toBe("/auth/signin");
    expect(landed.searchParams.get("error")).toBe("CredentialsSignin");
  });

  it("keeps its own callbackUrl when the fields carry one: the helpers' own names never reach the provider", async () => {
    const result = await helperSignIn(config(), incoming(), {
      providerId: "credentials",
      callbackUrl: "/journal/",
      fields: [...CREDENTIALS, ["callbackUrl", "/elsewhere"], ["csrfToken", "posted"]],
    });
    expect(result.redirect).toBe(`${ORIGIN}/journal/`);
  });

  it("posts text as it is, other values as JSON text, and no absent value or uploaded file", async () => {
    let posted: Record<string, unknown> = {};
    const capturing = config({
      providers: [
        credentials({
          authorize: (input) => {
            posted = { ...input };
            return DEMO_USER;
          },
        }),
      ],
    });
    await helperSignIn(capturing, incoming(), {
      providerId: "credentials",
      callbackUrl: "/journal/",
      fields: [
        ["email", DEMO_USER.email],
        ["remember", true],
        ["device", { name: "laptop" }],
        ["avatar", new File(["x"], "a.png")],
        ["nickname", null],
      ],
    });
    expect(posted).toEqual({
      callbackUrl: "/journal/",
      email: DEMO_USER.email,
      remember: "true",
      device: '{"name":"laptop"}',
    });
  });

  it("starts an OAuth sign-in at the provider, with the authorization parameters passed on", async () => {
    const oauth = config({ providers: [github({ clientId: "id", clientSecret: "s" })] });
    const result = await helperSignIn(oauth, incoming(), {
      providerId: "github",
      callbackUrl: "/journal/",
      authorizationParams: "login=ada",
    });
    const authorize = new URL(result.redirect);
    expect(authorize.origin).toBe("https://github.com");
    expect(authorize.searchParams.get("login")).toBe("ada");
    expect(result.cookies.map((cookie) => cookie.name)).toContain("authjs.pkce.code_verifier");
  });

  it("signs out: the session cookie cleared, then the callbackUrl", async () => {
    const result = await helperSignOut(config(), incoming({ cookie: await sessionCookie() }), "/bye");
    expect(result.redirect).toBe(`${ORIGIN}/bye`);
    expect(result.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.options.maxAge).toBe(0);
  });

  it("without a provider, names the built-in sign-in page with where to come back to", () => {
    const page = signInPage(config(), incoming(), "/journal/?tab=2");
    expect(page.href).toBe(`${ORIGIN}/auth/signin?callbackUrl=%2Fjournal%2F%3Ftab%3D2`);
  });
});

describe("the paths that are the core's", () => {
  it("are known actions under the base path; the rest is the app's", () => {
    expect(isAuthPath("/auth/signin", "/auth")).toBe(true);
    expect(isAuthPath("/auth/callback/github", "/auth/")).toBe(true);
    expect(isAuthPath("/auth/login", "/auth")).toBe(false);
    expect(isAuthPath("/auth", "/auth")).toBe(false);
    expect(isAuthPath("/authors/signin", "/auth")).toBe(false);
    expect(isAuthPath("/signin", "/")).toBe(true);
    expect(isAuthPath("/journal", "/")).toBe(false);
    expect(isAuthPath("/auth/session", undefined)).toBe(true);
  });
});
