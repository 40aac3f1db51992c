import { describe, expect, it } from "vitest";
import { defaultRedirect } from "../../../src/runtime/core/callbacks.js";
import { APP_CHOSEN, helperRedirect, redirectTarget, SAME_ORIGIN } from "../../../src/runtime/core/redirect.js";
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

describe("the redirect rule (core/redirect.ts)", () => {
  it("answers the parser's serialisation, so what was checked is what the browser follows", () => {
    expect(redirectTarget("/a/../b?x=1#h", baseUrl, SAME_ORIGIN)).toBe(`${baseUrl}/b?x=1#h`);
    expect(redirectTarget("HTTP://LOCALHOST:3000/p", baseUrl, SAME_ORIGIN)).toBe(`${baseUrl}/p`);
  });

  it("refuses text a browser reads differently from a naive check: tabs, newlines, controls, backslashes", () => {
    for (const value of ["/\t/evil.com", "/\n/evil.com", "/\\evil.com", " /dashboard", "/dashboard ", "/a\u0000"]) {
      expect(redirectTarget(value, baseUrl, APP_CHOSEN), JSON.stringify(value)).toBeUndefined();
    }
  });

  it("refuses userinfo even on this origin (https://user@app is a phishing shape)", () => {
    expect(redirectTarget("http://user:pw@localhost:3000/", baseUrl, APP_CHOSEN)).toBeUndefined();
  });

  it("refuses script and file schemes whoever chose them", () => {
    for (const value of ["javascript:alert(1)", "data:text/html,x", "file:///etc/passwd", "vbscript:x"]) {
      expect(redirectTarget(value, baseUrl, APP_CHOSEN)).toBeUndefined();
    }
  });

  it("refuses a path the parser turns into one beginning with // (a network-path reference once written as a path)", () => {
    for (const value of [
      "/.//evil.com",
      "/%2e%2e//evil.com",
      "/a/..//evil.com",
      `${baseUrl}//evil.com`,
      "..//evil.com",
    ]) {
      expect(redirectTarget(value, baseUrl, APP_CHOSEN), value).toBeUndefined();
    }
    expect(redirectTarget("https://docs.example.com//x", baseUrl, APP_CHOSEN)).toBeUndefined();
    expect(redirectTarget("/a/../b//c", baseUrl, SAME_ORIGIN)).toBe(`${baseUrl}/b//c`);
  });

  it("lets the app name another origin only as an absolute http(s) URL", () => {
    expect(redirectTarget("https://docs.example.com/x", baseUrl, APP_CHOSEN)).toBe("https://docs.example.com/x");
    expect(redirectTarget("https://docs.example.com/x", baseUrl, SAME_ORIGIN)).toBeUndefined();
    // A relative value resolves against the page, and a request could have put it there: it stays home.
    expect(redirectTarget("//docs.example.com/x", baseUrl, APP_CHOSEN)).toBeUndefined();
  });

  it("refuses values longer than 4096 characters and non-strings", () => {
    expect(redirectTarget(`/${"a".repeat(4096)}`, baseUrl, SAME_ORIGIN)).toBeUndefined();
    expect(redirectTarget(undefined, baseUrl, SAME_ORIGIN)).toBeUndefined();
    expect(redirectTarget(42, baseUrl, SAME_ORIGIN)).toBeUndefined();
  });

  it("sends a server-side helper to the core's redirect, else to the action request's origin", () => {
    const request = new Request(`${baseUrl}/auth/signout`);
    expect(helperRedirect({ redirect: `${baseUrl}/bye` }, request)).toBe(`${baseUrl}/bye`);
    expect(helperRedirect({}, request)).toBe(baseUrl);
  });
});

describe("callback URL through Auth", () => {
  it("ignores a callbackUrl the redirect rule refuses: no cookie, the page posts back the base URL", async () => {
    const response = await Auth(get("/auth/signin?callbackUrl=//evil.com"), baseConfig());
    expect(setCookies(response).some((candidate) => candidate.name === "authjs.callback-url")).toBe(false);
    expect(await response.text()).toContain(`name="callbackUrl" value="${ORIGIN}"`);
  });

  it("sets the callback-url cookie to what the redirect callback answered for an allowed value", async () => {
    const config = baseConfig({ callbacks: { redirect: ({ baseUrl }) => `${baseUrl}/home` } });
    const response = await Auth(get("/auth/signin?callbackUrl=/elsewhere"), config);
    const cookie = setCookies(response).find((candidate) => candidate.name === "authjs.callback-url");
    expect(cookie!.value).toBe(`${ORIGIN}/home`);
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
