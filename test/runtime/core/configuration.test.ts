import { describe, expect, it } from "vitest";
import { Auth, setEnvDefaults } from "../../../src/runtime/index.js";
import { baseConfig, captureLogger, get, ORIGIN, postForm } from "./support.js";

const MESSAGE = "There was a problem with the server configuration. Check the server logs for more information.";

describe("configuration errors are answered before any action", () => {
  it("renders the Configuration error page (500) for a page GET on an untrusted host", async () => {
    const { logger, errors } = captureLogger();
    const response = await Auth(get("/auth/signin"), baseConfig({ trustHost: false, logger }));
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toContain("problem with the server configuration");
    expect(errors[0]).toMatchObject({ type: "UntrustedHost" });
    expect(errors[0]!.message).toMatch(/AUTH_TRUST_HOST/);
    expect(errors[0]!.message).toMatch(/trustHost/);
  });

  it("answers API routes with 500 JSON {message}", async () => {
    const { logger } = captureLogger();
    const response = await Auth(get("/auth/session"), baseConfig({ trustHost: false, logger }));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: MESSAGE });
  });

  it("answers a page POST with 500 JSON too", async () => {
    const { logger } = captureLogger();
    const response = await Auth(postForm("/auth/signout", {}), baseConfig({ secret: "", logger }));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: MESSAGE });
  });

  it("requires a secret and says how to create one", async () => {
    const { logger, errors } = captureLogger();
    const response = await Auth(get("/auth/session"), baseConfig({ secret: undefined, logger }));
    expect(response.status).toBe(500);
    expect(errors[0]).toMatchObject({ type: "MissingSecret" });
    expect(errors[0]!.message).toContain("npx create-auth secret");
  });

  it("reports a pages entry the redirect rule refuses as InvalidCallbackUrl", async () => {
    const { logger, errors } = captureLogger();
    const response = await Auth(get("/auth/signin"), baseConfig({ logger, pages: { signIn: "javascript:alert(1)" } }));
    expect(response.status).toBe(500);
    expect(errors[0]).toMatchObject({ type: "InvalidCallbackUrl" });
    expect(errors[0]!.message).toContain("pages.signIn");
  });

  it("ignores a request's callbackUrl that is not http(s): the client's input, not a configuration error", async () => {
    const { logger, errors } = captureLogger();
    const response = await Auth(get("/auth/signin?callbackUrl=javascript:alert(1)"), baseConfig({ logger }));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`name="callbackUrl" value="${ORIGIN}"`);
    expect(errors).toEqual([]);
  });

  it("reports a credentials provider without authorize as MissingAuthorize", async () => {
    const { logger, errors } = captureLogger();
    const config = baseConfig({
      logger,
      providers: [{ id: "c", name: "C", type: "credentials", credentials: {} } as never],
    });
    expect((await Auth(get("/auth/providers"), config)).status).toBe(500);
    expect(errors[0]).toMatchObject({ type: "MissingAuthorize" });
  });

  it("reports an OAuth provider without endpoints (InvalidEndpoints) as a configuration error", async () => {
    const { logger, errors } = captureLogger();
    const config = baseConfig({ logger, providers: [{ id: "x", name: "X", type: "oauth" }] });
    expect((await Auth(get("/auth/providers"), config)).status).toBe(500);
    expect(errors[0]).toMatchObject({ type: "InvalidEndpoints" });
  });

  it("redirects page GETs to a custom error page", async () => {
    const { logger } = captureLogger();
    const response = await Auth(
      get("/auth/signin"),
      baseConfig({ trustHost: false, logger, pages: { error: "/oops" } }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/oops?error=Configuration`);
  });

  it("renders the built-in page and logs ErrorPageLoop when the callback URL is the custom error page", async () => {
    const { logger, errors } = captureLogger();
    const config = baseConfig({ trustHost: false, logger, pages: { error: "/oops" } });
    const response = await Auth(get("/auth/signin?callbackUrl=/oops"), config);
    expect(response.status).toBe(500);
    expect(errors.map((error) => (error as { type?: string }).type)).toEqual(["UntrustedHost", "ErrorPageLoop"]);
  });

  it("never sends a stack trace or internal message to the client", async () => {
    const { logger } = captureLogger();
    const secretDetail = "connection refused at db.internal:5432";
    const config = baseConfig({
      logger,
      callbacks: {
        redirect: () => {
          throw new Error(secretDetail);
        },
      },
    });
    const responses = await Promise.all([
      Auth(get("/auth/signin?callbackUrl=/x"), config),
      Auth(get("/auth/session?callbackUrl=/x"), config),
      Auth(get("/auth/error?error=Configuration"), baseConfig({ trustHost: false, logger })),
    ]);
    for (const response of responses) {
      const text = `${response.headers.get("location") ?? ""}${await response.text()}`;
      expect(text).not.toContain(secretDetail);
      expect(text).not.toMatch(/at .*\.(ts|js):\d+/);
    }
  });
});

describe("trusted host and deployment URL", () => {
  it("builds URLs from X-Forwarded-Host and -Proto when the host is trusted", async () => {
    const response = await Auth(
      get("/auth/providers", undefined, { "x-forwarded-host": "app.example.test", "x-forwarded-proto": "https" }),
      baseConfig(),
    );
    const body = (await response.json()) as Record<string, { callbackUrl: string }>;
    expect(body.credentials!.callbackUrl).toBe("https://app.example.test/auth/callback/credentials");
  });

  it("uses AUTH_URL's origin over forwarded headers, and its path as the base path", async () => {
    const config = baseConfig({ basePath: undefined });
    setEnvDefaults({ AUTH_URL: "https://auth.example.test/api/auth" }, config);
    const request = new Request("http://10.0.0.7:3000/api/auth/providers", {
      headers: { "x-forwarded-host": "evil.test" },
    });
    const body = (await (await Auth(request, config)).json()) as Record<string, { callbackUrl: string }>;
    expect(body.credentials!.callbackUrl).toBe("https://auth.example.test/api/auth/callback/credentials");
  });

  it("uses secure cookie names when AUTH_URL is https", async () => {
    const config = baseConfig();
    setEnvDefaults({ AUTH_URL: "https://auth.example.test" }, config);
    const response = await Auth(new Request("http://internal:3000/auth/csrf"), config);
    expect(response.headers.getSetCookie()[0]).toMatch(/^__Host-authjs\.csrf-token=.*; Secure; SameSite=Lax$/);
  });
});
