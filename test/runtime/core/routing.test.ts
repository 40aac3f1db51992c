import { describe, expect, it } from "vitest";
import { Auth, raw } from "../../../src/runtime/index.js";
import credentials from "../../../src/runtime/providers/credentials.js";
import { baseConfig, CookieJar, captureLogger, get, ORIGIN, postForm, setCookies } from "./support.js";

describe("bad requests", () => {
  const cases: Array<[string, Request]> = [
    ["a PUT", new Request(`${ORIGIN}/auth/session`, { method: "PUT" })],
    ["a path outside the base path", get("/api/session")],
    ["a path that only shares the base path's prefix", get("/authx/session")],
    ["the base path alone", get("/auth")],
    ["three segments", get("/auth/signin/credentials/extra")],
    ["an unknown action", get("/auth/unknown")],
    ["a provider segment on an action without providers", get("/auth/session/credentials")],
  ];
  for (const [label, request] of cases) {
    it(`answers ${label} with 400 "Bad request."`, async () => {
      const response = await Auth(request, baseConfig());
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toBe("application/json");
      expect(await response.json()).toBe("Bad request.");
    });
  }

  it("answers an unparseable JSON body with 400", async () => {
    const request = new Request(`${ORIGIN}/auth/signout`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect((await Auth(request, baseConfig())).status).toBe(400);
  });
});

describe("known action, wrong method or provider", () => {
  it("redirects POST /providers to the Configuration error page", async () => {
    const response = await Auth(postForm("/auth/providers", {}), baseConfig());
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
  });

  it("redirects GET /callback/credentials (POST only) to the Configuration error page", async () => {
    const response = await Auth(get("/auth/callback/credentials"), baseConfig());
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
  });

  it("redirects an unknown provider id to the Configuration error page", async () => {
    const response = await Auth(get("/auth/signin/nope"), baseConfig());
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
  });

  it("honours a custom error page", async () => {
    const response = await Auth(postForm("/auth/providers", {}), baseConfig({ pages: { error: "/oops" } }));
    expect(response.headers.get("location")).toBe(`${ORIGIN}/oops?error=Configuration`);
  });
});

describe("GET /providers", () => {
  it("lists each provider's id, name, type and URLs", async () => {
    const response = await Auth(get("/auth/providers"), baseConfig());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      credentials: {
        id: "credentials",
        name: "Credentials",
        type: "credentials",
        signinUrl: `${ORIGIN}/auth/signin/credentials`,
        callbackUrl: `${ORIGIN}/auth/callback/credentials`,
      },
    });
  });

  it("accepts providers given as uncalled factories", async () => {
    const response = await Auth(get("/auth/providers"), baseConfig({ providers: [credentials] }));
    expect(Object.keys(await response.json())).toEqual(["credentials"]);
  });

  it("serves under a custom base path, with or without a trailing slash", async () => {
    const config = baseConfig({ basePath: "/api/auth/" });
    const response = await Auth(get("/api/auth/providers"), config);
    const body = (await response.json()) as Record<string, { callbackUrl: string }>;
    expect(body.credentials!.callbackUrl).toBe(`${ORIGIN}/api/auth/callback/credentials`);
  });
});

describe("GET /csrf", () => {
  it("returns a 64-hex token with no-cache headers and sets the csrf cookie", async () => {
    const response = await Auth(get("/auth/csrf"), baseConfig());
    expect(response.status).toBe(200);
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    expect(csrfToken).toMatch(/^[0-9a-f]{64}$/);
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store");
    expect(response.headers.get("expires")).toBe("0");
    expect(response.headers.get("pragma")).toBe("no-cache");
    const [cookie] = setCookies(response);
    expect(cookie!.name).toBe("authjs.csrf-token");
    expect(cookie!.value).toMatch(new RegExp(`^${csrfToken}\\|[0-9a-f]{64}$`));
    expect(cookie!.attributes).toEqual(["Path=/", "HttpOnly", "SameSite=Lax"]);
  });

  it("keeps a valid csrf cookie instead of minting a new one", async () => {
    const config = baseConfig();
    const jar = new CookieJar().apply(await Auth(get("/auth/csrf"), config));
    const again = await Auth(get("/auth/csrf", jar), config);
    expect(setCookies(again)).toEqual([]);
    expect(((await again.json()) as { csrfToken: string }).csrfToken).toBe(jar.get("authjs.csrf-token")!.split("|")[0]);
  });

  it("uses __Host- and Secure on https", async () => {
    const response = await Auth(new Request("https://example.test/auth/csrf"), baseConfig());
    const [cookie] = setCookies(response);
    expect(cookie!.name).toBe("__Host-authjs.csrf-token");
    expect(cookie!.attributes).toEqual(["Path=/", "HttpOnly", "Secure", "SameSite=Lax"]);
  });
});

describe("X-Auth-Return-Redirect", () => {
  it("turns a redirect into 200 JSON {url} and still sets cookies", async () => {
    const response = await Auth(get("/auth/signin/nope", undefined, { "X-Auth-Return-Redirect": "1" }), baseConfig());
    expect(response.status).toBe(200);
    expect(response.headers.get("location")).toBeNull();
    expect(await response.json()).toEqual({ url: `${ORIGIN}/auth/error?error=Configuration` });
  });
});

describe("raw marker", () => {
  it("returns the internal response object", async () => {
    const result = await Auth(get("/auth/providers"), { ...baseConfig(), raw });
    expect(result).toMatchObject({ status: 200, body: { credentials: { id: "credentials" } } });
  });

  it("throws AuthErrors to the caller, who handles form actions server-side", async () => {
    const { logger } = captureLogger();
    await expect(Auth(get("/auth/signin/nope"), { ...baseConfig({ logger }), raw })).rejects.toMatchObject({
      type: "InvalidProvider",
    });
  });
});
