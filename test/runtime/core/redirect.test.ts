import { describe, expect, it } from "vitest";
import { defaultRedirect } from "../../../src/runtime/core/callbacks.js";
import { Auth } from "../../../src/runtime/index.js";
import { baseConfig, CookieJar, captureLogger, get, ORIGIN, setCookies } from "./support.js";

const baseUrl = "http://localhost:3000";

describe("default redirect callback (RFC 9700 §4.11: no open redirect)", () => {
  it("resolves a relative path against the base URL", () => {
    expect(defaultRedirect({ url: "/dashboard?tab=1", baseUrl })).toBe(`${baseUrl}/dashboard?tab=1`);
  });

  it("allows a same-origin absolute URL", () => {
    expect(defaultRedirect({ url: `${baseUrl}/settings`, baseUrl })).toBe(`${baseUrl}/settings`);
  });

  const hostile = [
    "//evil.com",
    "//evil.com/path",
    "https://evil.com",
    "/\\evil.com",
    "\\\\evil.com",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "http://localhost:3001/",
    "https://localhost:3000/",
    "http://localhost:3000@evil.com/",
  ];
  for (const url of hostile) {
    it(`sends ${JSON.stringify(url)} to the base URL`, () => {
      expect(defaultRedirect({ url, baseUrl })).toBe(baseUrl);
    });
  }

  it("sends an unparseable URL to the base URL", () => {
    expect(defaultRedirect({ url: "http://[::1", baseUrl })).toBe(baseUrl);
  });
});

describe("callback URL through Auth", () => {
  it("sets the callback-url cookie from the query, sanitized by the redirect callback", async () => {
    const response = await Auth(get("/auth/signin?callbackUrl=//evil.com"), baseConfig());
    const cookie = setCookies(response).find((candidate) => candidate.name === "authjs.callback-url");
    expect(cookie!.value).toBe(ORIGIN);
    expect(await response.text()).toContain(`name="callbackUrl" value="${ORIGIN}"`);
  });

  it("re-sets the callback-url cookie only when its value changes", async () => {
    const config = baseConfig();
    const jar = new CookieJar().apply(await Auth(get("/auth/signin?callbackUrl=/a"), config));
    expect(jar.get("authjs.callback-url")).toBe(`${ORIGIN}/a`);
    const same = await Auth(get("/auth/signin?callbackUrl=/a", jar), config);
    expect(setCookies(same).some((cookie) => cookie.name === "authjs.callback-url")).toBe(false);
    const changed = await Auth(get("/auth/signin?callbackUrl=/b", jar), config);
    expect(setCookies(changed).find((cookie) => cookie.name === "authjs.callback-url")?.value).toBe(`${ORIGIN}/b`);
  });

  it("redirects GET /signin to pages.signIn with the callback URL and error", async () => {
    const { logger } = captureLogger();
    const config = baseConfig({ logger, pages: { signIn: "/login" } });
    const response = await Auth(get("/auth/signin?callbackUrl=/dashboard&error=CredentialsSignin"), config);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      `${ORIGIN}/login?callbackUrl=${encodeURIComponent(`${ORIGIN}/dashboard`)}&error=CredentialsSignin`,
    );
  });
});
