import { describe, expect, it } from "vitest";
import { CredentialsSignin } from "../../../src/runtime/errors.js";
import { Auth } from "../../../src/runtime/index.js";
import credentials from "../../../src/runtime/providers/credentials.js";
import type { AuthConfig, User } from "../../../src/runtime/types.js";
import { baseConfig, CookieJar, captureLogger, csrfToken, DEMO_USER, ORIGIN, postForm, setCookies } from "./support.js";

async function submit(config: AuthConfig, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const jar = new CookieJar();
  const csrf = await csrfToken(config, jar);
  const response = await Auth(
    postForm("/auth/callback/credentials", { csrfToken: csrf, ...fields }, jar, headers),
    config,
  );
  return { response, jar: jar.apply(response) };
}

function withAuthorize(
  authorize: (input: Record<string, unknown>) => Promise<User | null>,
  extra: Partial<AuthConfig> = {},
) {
  const capture = captureLogger();
  const config = baseConfig({ providers: [credentials({ authorize })], logger: capture.logger, ...extra });
  return { config, ...capture };
}

describe("credentials sign-in", () => {
  it("starts a session and redirects to the callback URL", async () => {
    const { response } = await submit(baseConfig(), {
      email: DEMO_USER.email!,
      password: "correct horse",
      callbackUrl: "/dashboard",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/dashboard`);
    const session = setCookies(response).find((cookie) => cookie.name === "authjs.session-token");
    expect(session!.value.split(".")).toHaveLength(5);
    expect(session!.attributes).toEqual(expect.arrayContaining(["Path=/", "HttpOnly", "SameSite=Lax"]));
    expect(session!.attributes.some((attribute) => attribute.startsWith("Expires="))).toBe(true);
  });

  it("passes the whole POST body and the Request to authorize", async () => {
    let seen: { input: Record<string, unknown>; request: Request } | undefined;
    const config = baseConfig({
      providers: [
        credentials({
          async authorize(input, request) {
            seen = { input, request };
            return DEMO_USER;
          },
        }),
      ],
    });
    await submit(config, { email: "a@b.test", password: "pw" });
    expect(seen!.input).toMatchObject({ email: "a@b.test", password: "pw", csrfToken: expect.any(String) });
    expect(seen!.request.method).toBe("POST");
    expect(await seen!.request.text()).toContain("email=a%40b.test");
  });

  it("reads a Request of another class (srvx's under SolidStart 2) and still hands authorize its body", async () => {
    let body: string | undefined;
    const config = baseConfig({
      providers: [
        credentials({
          async authorize(_input, request) {
            body = await request.text();
            return DEMO_USER;
          },
        }),
      ],
    });
    const jar = new CookieJar();
    const real = postForm(
      "/auth/callback/credentials",
      { csrfToken: await csrfToken(config, jar), password: "pw" },
      jar,
    );
    // Only what a server's own Request class shares with the standard one: undici cannot copy it.
    const { url, method, headers } = real;
    const foreign = { url, method, headers, body: real.body, signal: real.signal } as unknown as Request;
    const response = await Auth(foreign, config);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).not.toContain("error");
    expect(body).toContain("password=pw");
  });

  it("redirects a null authorize to the sign-in page with CredentialsSignin and code=credentials", async () => {
    const { config } = withAuthorize(async () => null);
    const { response, jar } = await submit(config, { email: "x", password: "y" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=CredentialsSignin&code=credentials`);
    expect(jar.get("authjs.session-token")).toBeUndefined();
  });

  it("keeps the code of a thrown CredentialsSignin", async () => {
    class RateLimited extends CredentialsSignin {
      override code = "rate_limited";
    }
    const { config } = withAuthorize(async () => {
      throw new RateLimited();
    });
    const { response } = await submit(config, {});
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=CredentialsSignin&code=rate_limited`);
  });

  it("uses pages.signIn for sign-in errors", async () => {
    const { config } = withAuthorize(async () => null, { pages: { signIn: "/login" } });
    const { response } = await submit(config, {});
    expect(response.headers.get("location")).toBe(`${ORIGIN}/login?error=CredentialsSignin&code=credentials`);
  });

  it("shows any other throw as Configuration and logs a CallbackRouteError with the cause", async () => {
    const { config, errors } = withAuthorize(async () => {
      throw new Error("database is down at 10.0.0.5");
    });
    const { response } = await submit(config, {});
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
    expect(errors.map((error) => (error as { type?: string }).type)).toContain("CallbackRouteError");
    expect(JSON.stringify(errors.map((error) => (error as { cause?: { err?: Error } }).cause?.err?.message))).toContain(
      "10.0.0.5",
    );
  });

  it("returns 200 JSON {url} with the session cookie for X-Auth-Return-Redirect", async () => {
    const { response } = await submit(
      baseConfig(),
      { email: DEMO_USER.email!, password: "correct horse" },
      { "X-Auth-Return-Redirect": "1" },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: ORIGIN });
    expect(setCookies(response).map((cookie) => cookie.name)).toContain("authjs.session-token");
  });

  it("puts the default token claims in the JWT: name, email, picture, sub, and the sign-in time", async () => {
    let token: unknown;
    const config = baseConfig({
      callbacks: {
        jwt: (params) => {
          token = params.token;
          return params.token;
        },
      },
    });
    await submit(config, { email: DEMO_USER.email!, password: "correct horse" });
    expect(token).toEqual({
      name: DEMO_USER.name,
      email: DEMO_USER.email,
      picture: null,
      sub: DEMO_USER.id,
      auth_time: expect.any(Number),
    });
  });
});

describe("signIn callback", () => {
  it("sends false to the error page as AccessDenied (403 page)", async () => {
    const config = baseConfig({ callbacks: { signIn: () => false } });
    const { response, jar } = await submit(config, { email: DEMO_USER.email!, password: "correct horse" });
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=AccessDenied`);
    expect(jar.get("authjs.session-token")).toBeUndefined();
  });

  it("redirects to a returned string, through the redirect callback", async () => {
    const config = baseConfig({ callbacks: { signIn: () => "/not-yet" } });
    const { response } = await submit(config, { email: DEMO_USER.email!, password: "correct horse" });
    expect(response.headers.get("location")).toBe(`${ORIGIN}/not-yet`);
    const evil = baseConfig({ callbacks: { signIn: () => "https://evil.test/phish" } });
    const second = await submit(evil, { email: DEMO_USER.email!, password: "correct horse" });
    expect(second.response.headers.get("location")).toBe(ORIGIN);
  });

  it("holds a naive redirect callback's answer to the redirect rule (RFC 9700 §4.11)", async () => {
    // A callback that trusts anything starting with "/" would pass `/\t/evil.test`, which a browser reads as
    // `//evil.test`; and `javascript:` is never a destination.
    for (const verdict of ["/\t/evil.test/phish", "javascript:alert(1)", "//evil.test"]) {
      const config = baseConfig({ callbacks: { signIn: () => verdict, redirect: ({ url }) => url } });
      const { response } = await submit(config, { email: DEMO_USER.email!, password: "correct horse" });
      expect(response.headers.get("location"), verdict).toBe(ORIGIN);
    }
  });

  it("turns a throw into AccessDenied carrying the original message", async () => {
    const { logger, errors } = captureLogger();
    const config = baseConfig({
      logger,
      callbacks: {
        signIn: () => {
          throw new Error("banned user");
        },
      },
    });
    const { response } = await submit(config, { email: DEMO_USER.email!, password: "correct horse" });
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=AccessDenied`);
    expect(errors.find((error) => (error as { type?: string }).type === "AccessDenied")?.message).toBe("banned user");
  });

  it("emits events.signIn with the user and a credentials account", async () => {
    const seen: unknown[] = [];
    const config = baseConfig({ events: { signIn: (message) => void seen.push(message) } });
    await submit(config, { email: DEMO_USER.email!, password: "correct horse" });
    expect(seen).toEqual([
      {
        user: DEMO_USER,
        account: { providerAccountId: DEMO_USER.id, type: "credentials", provider: "credentials" },
      },
    ]);
  });

  it("logs a throwing event handler as EventError without failing the sign-in", async () => {
    const { logger, errors } = captureLogger();
    const config = baseConfig({
      logger,
      events: {
        signIn: () => {
          throw new Error("audit log offline");
        },
      },
    });
    const { response } = await submit(config, { email: DEMO_USER.email!, password: "correct horse" });
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(errors.map((error) => (error as { type?: string }).type)).toEqual(["EventError"]);
  });
});
