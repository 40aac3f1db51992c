/**
 * The action request (core/server/action-request.ts): the Request an integration hands the core, built from a
 * framework's request (origin, base path, provider, query, the caller's cookies, a body of its own), the
 * protocol of a request that arrives without one, and which paths are the core's.
 */
import { describe, expect, it } from "vitest";
import { actionRequest, isAuthPath, requestProtocol } from "../../../../src/runtime/core/server/action-request.js";
import { ORIGIN } from "../support.js";
import { config, incoming } from "./support.js";

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
