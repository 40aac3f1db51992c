/**
 * The SolidStart integration through its public surface: the API route's GET and POST called with real
 * Requests, as SolidStart calls them (an event carrying `request`), and getSession on the resulting cookies.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import github from "../../src/runtime/providers/github.js";
import { getSession, SolidAuth, type SolidAuthConfig } from "../../src/runtime/solid-start.js";
import { baseConfig, CookieJar, captureLogger, DEMO_USER, ORIGIN, postForm } from "./core/support.js";

function solidConfig(overrides: Partial<SolidAuthConfig> = {}): SolidAuthConfig {
  const { basePath: _unused, ...config } = baseConfig();
  return { ...config, ...overrides };
}

function event(request: Request) {
  return { request };
}

function get(path: string, jar?: CookieJar): Request {
  return new Request(`${ORIGIN}${path}`, { headers: jar ? { cookie: jar.header() } : {} });
}

/** Signs the demo user in through the route's own handlers, as a browser would. */
async function signIn(config: SolidAuthConfig, prefix = "/api/auth"): Promise<CookieJar> {
  const { GET, POST } = SolidAuth(config);
  const jar = new CookieJar();
  const csrf = await GET(event(get(`${prefix}/csrf`, jar)));
  jar.apply(csrf!);
  const { csrfToken } = (await csrf!.json()) as { csrfToken: string };
  const response = await POST(
    event(
      postForm(
        `${prefix}/callback/credentials`,
        { csrfToken, email: DEMO_USER.email!, password: "correct horse", callbackUrl: "/journal" },
        jar,
      ),
    ),
  );
  expect(response!.status).toBe(302);
  expect(response!.headers.get("location")).toBe(`${ORIGIN}/journal`);
  return jar.apply(response!);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("SolidAuth", () => {
  it("serves the auth actions under /api/auth by default", async () => {
    const { GET } = SolidAuth(solidConfig());
    const response = await GET(event(get("/api/auth/providers")));
    expect(response!.status).toBe(200);
    expect(await response!.json()).toMatchObject({
      credentials: { id: "credentials", callbackUrl: `${ORIGIN}/api/auth/callback/credentials` },
    });
  });

  it("renders the built-in sign-in page with forms posting under the prefix", async () => {
    const { GET } = SolidAuth(solidConfig());
    const response = await GET(event(get("/api/auth/signin")));
    expect(response!.status).toBe(200);
    expect(response!.headers.get("content-type")).toContain("text/html");
    expect(await response!.text()).toContain('action="http://localhost:3000/api/auth/callback/credentials"');
  });

  it("passes requests outside the prefix, or for no known action, on to the app", async () => {
    const { GET, POST } = SolidAuth(solidConfig());
    await expect(GET(event(get("/journal")))).resolves.toBeUndefined();
    await expect(GET(event(get("/api/authors")))).resolves.toBeUndefined();
    await expect(GET(event(get("/api/auth")))).resolves.toBeUndefined();
    await expect(GET(event(get("/api/auth/not-an-action")))).resolves.toBeUndefined();
    await expect(POST(event(postForm("/api/other", {})))).resolves.toBeUndefined();
  });

  it("honours a custom prefix, with or without slashes around it", async () => {
    const { GET } = SolidAuth(solidConfig({ prefix: "auth/" }));
    const providers = await GET(event(get("/auth/providers")));
    expect(providers!.status).toBe(200);
    expect(await providers!.json()).toMatchObject({
      credentials: { callbackUrl: `${ORIGIN}/auth/callback/credentials` },
    });
    await expect(GET(event(get("/api/auth/providers")))).resolves.toBeUndefined();
  });

  it("signs in with credentials through POST and signs out with a CSRF-checked POST", async () => {
    const config = solidConfig();
    const jar = await signIn(config);
    expect(jar.get("authjs.session-token")).toBeDefined();
    const { GET, POST } = SolidAuth(config);
    const session = await GET(event(get("/api/auth/session", jar)));
    expect(await session!.json()).toMatchObject({ user: { email: DEMO_USER.email, name: DEMO_USER.name } });

    const refused = await POST(event(postForm("/api/auth/signout", { csrfToken: "forged" }, jar)));
    expect(refused!.status).toBe(302);
    expect(jar.apply(refused!).get("authjs.session-token")).toBeDefined();

    const csrf = await GET(event(get("/api/auth/csrf", jar)));
    const { csrfToken } = (await csrf!.json()) as { csrfToken: string };
    const signedOut = await POST(event(postForm("/api/auth/signout", { csrfToken, callbackUrl: "/" }, jar)));
    expect(signedOut!.headers.get("location")).toBe(`${ORIGIN}/`);
    expect(jar.apply(signedOut!).get("authjs.session-token")).toBeUndefined();
  });

  it("starts a link (POST /signin/github with link=true) for a user signed in just now, and refuses one for nobody", async () => {
    const config = solidConfig();
    config.providers = [...config.providers, github({ clientId: "Iv1.link", clientSecret: "s" })];
    const { GET, POST } = SolidAuth(config);
    const askToLink = async (jar: CookieJar) => {
      const csrf = await GET(event(get("/api/auth/csrf", jar)));
      jar.apply(csrf!);
      const { csrfToken } = (await csrf!.json()) as { csrfToken: string };
      const response = await POST(event(postForm("/api/auth/signin/github", { csrfToken, link: "true" }, jar)));
      jar.apply(response!);
      return { location: new URL(response!.headers.get("location")!), jar };
    };

    const linking = await askToLink(await signIn(config));
    expect(linking.location.origin).toBe("https://github.com");
    expect(linking.jar.get("authjs.link-intent")).toBeTruthy();

    const refused = await askToLink(new CookieJar());
    expect(`${refused.location.pathname}?${refused.location.searchParams}`).toBe(
      "/api/auth/signin?error=AccountLinkRefused&code=signin",
    );
    expect(refused.jar.get("authjs.link-intent")).toBeUndefined();
  });

  it("takes AUTH_SECRET and the provider settings from the environment", async () => {
    vi.stubEnv("AUTH_SECRET", "a-secret-from-the-environment-of-32-characters");
    const { secret: _unused, ...config } = solidConfig();
    const jar = await signIn(config);
    await expect(getSession(get("/journal", jar), config)).resolves.toMatchObject({
      user: { email: DEMO_USER.email },
    });
  });
});

describe("getSession", () => {
  it("returns the signed-in user's session for a page request carrying the cookie", async () => {
    const config = solidConfig();
    const jar = await signIn(config);
    const session = await getSession(get("/journal", jar), config);
    expect(session).toMatchObject({ user: { name: DEMO_USER.name, email: DEMO_USER.email } });
    expect(Date.parse(session!.expires)).toBeGreaterThan(Date.now());
  });

  it("reads the session from a POST (a server function call) without forwarding its body", async () => {
    const config = solidConfig();
    const jar = await signIn(config);
    const serverFunctionCall = new Request(`${ORIGIN}/_server`, {
      method: "POST",
      headers: { cookie: jar.header(), "content-type": "application/json" },
      body: JSON.stringify({ t: 1 }),
    });
    await expect(getSession(serverFunctionCall, config)).resolves.toMatchObject({
      user: { email: DEMO_USER.email },
    });
  });

  it("returns null without a session cookie", async () => {
    await expect(getSession(get("/journal"), solidConfig())).resolves.toBeNull();
  });

  it("fails closed on a tampered cookie", async () => {
    const capture = captureLogger();
    const config = solidConfig({ logger: capture.logger });
    const jar = await signIn(config);
    const token = jar.get("authjs.session-token")!;
    jar.cookies.set("authjs.session-token", `${token.slice(0, -4)}AAAA`);
    await expect(getSession(get("/journal", jar), config)).resolves.toBeNull();
  });

  it("fails closed on a configuration error (no secret) instead of throwing", async () => {
    const capture = captureLogger();
    const { secret: _unused, ...config } = solidConfig({ logger: capture.logger });
    vi.stubEnv("AUTH_SECRET", "");
    await expect(getSession(get("/journal"), config)).resolves.toBeNull();
    expect(capture.errors.length).toBeGreaterThan(0);
  });

  it("reads a session under a custom prefix", async () => {
    const config = solidConfig({ prefix: "/auth" });
    const jar = await signIn(config, "/auth");
    await expect(getSession(get("/", jar), config)).resolves.toMatchObject({ user: { email: DEMO_USER.email } });
  });
});
