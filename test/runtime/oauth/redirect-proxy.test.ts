import { describe, expect, it } from "vitest";
import { getAuthorizationUrl } from "../../../src/runtime/core/oauth/authorization-url.js";
import { redirectProxyTarget } from "../../../src/runtime/core/oauth/redirect-proxy.js";
import { Auth, type AuthConfig } from "../../../src/runtime/index.js";
import { encode } from "../../../src/runtime/jwt.js";
import GitHub from "../../../src/runtime/providers/github.js";
import { CookieJar } from "../core/support.js";
import { callbackRequest, internalOptions, oauthProvider, testSecret } from "./internal-options.js";

const proxy = "https://auth.example.com/auth";
const config = { providers: [GitHub({ clientId: "id", clientSecret: "secret" })], redirectProxyUrl: proxy };

function deployment(origin: string) {
  const options = internalOptions(config, origin);
  options.isOnRedirectProxy = new URL(proxy).origin === new URL(origin).origin;
  return options;
}

describe("redirect proxy", () => {
  it("sends the identity provider to the proxy and forwards its response to the deployment that started", async () => {
    const preview = deployment("https://preview-42.example.dev");
    const started = await getAuthorizationUrl(preview, oauthProvider(preview, "github"), {});
    const authorization = new URL(started.redirect);
    expect(authorization.searchParams.get("redirect_uri")).toBe(`${proxy}/callback/github`);

    const state = authorization.searchParams.get("state")!;
    const atProxy = callbackRequest(`${proxy}/callback/github?code=abc&state=${encodeURIComponent(state)}`, []);
    const target = await redirectProxyTarget(atProxy, deployment("https://auth.example.com"));
    const forwarded = new URL(target!);
    expect(forwarded.origin + forwarded.pathname).toBe("https://preview-42.example.dev/auth/callback/github");
    expect(forwarded.searchParams.get("code")).toBe("abc");
    expect(forwarded.searchParams.get("state")).toBe(state);
  });

  it("handles a response for the proxy's own sign-ins itself", async () => {
    const production = deployment("https://auth.example.com");
    const started = await getAuthorizationUrl(production, oauthProvider(production, "github"), {});
    const state = new URL(started.redirect).searchParams.get("state")!;
    const request = callbackRequest(`${proxy}/callback/github?code=abc&state=${encodeURIComponent(state)}`, []);
    expect(await redirectProxyTarget(request, production)).toBeNull();
  });

  it("never forwards to an origin taken from a state it cannot decrypt (no open redirect)", async () => {
    const forged = await encode({
      token: { origin: "https://evil.example/steal", random: "x" },
      salt: "encodedState",
      secret: "another-secret-another-secret-another-secret",
    });
    const request = callbackRequest(`${proxy}/callback/github?code=abc&state=${forged}`, []);
    expect(await redirectProxyTarget(request, deployment("https://auth.example.com"))).toBeNull();
    const plain = callbackRequest(`${proxy}/callback/github?code=abc&state=https%3A%2F%2Fevil.example`, []);
    expect(await redirectProxyTarget(plain, deployment("https://auth.example.com"))).toBeNull();
  });

  it("does nothing on a deployment that is not the proxy", async () => {
    const preview = deployment("https://preview-42.example.dev");
    const token = await encode({
      token: { origin: "https://other.example.dev/auth/callback/github", random: "x" },
      salt: "encodedState",
      secret: testSecret,
    });
    const request = callbackRequest(`https://preview-42.example.dev/auth/callback/github?code=a&state=${token}`, []);
    expect(await redirectProxyTarget(request, preview)).toBeNull();
  });
});

describe("redirect proxy through Auth", () => {
  const secret = "a-test-secret-of-at-least-thirty-two-characters";
  const proxyConfig = (): AuthConfig => ({
    secret,
    trustHost: true,
    basePath: "/auth",
    redirectProxyUrl: proxy,
    providers: [GitHub({ clientId: "id", clientSecret: "secret" })],
  });

  it("forwards the identity provider's response to the preview that started the flow, untouched", async () => {
    const preview = "https://preview-42.example.dev";
    const jar = new CookieJar();
    const csrf = await Auth(new Request(`${preview}/auth/csrf`), proxyConfig());
    jar.apply(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const signIn = await Auth(
      new Request(`${preview}/auth/signin/github`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
        body: new URLSearchParams({ csrfToken }),
      }),
      proxyConfig(),
    );
    const state = new URL(signIn.headers.get("location")!).searchParams.get("state")!;

    const atProxy = await Auth(
      new Request(`${proxy}/callback/github?code=abc&state=${encodeURIComponent(state)}`),
      proxyConfig(),
    );
    expect(atProxy.status).toBe(302);
    const forwarded = new URL(atProxy.headers.get("location")!);
    expect(forwarded.origin + forwarded.pathname).toBe(`${preview}/auth/callback/github`);
    expect(forwarded.searchParams.get("code")).toBe("abc");
    expect(atProxy.headers.getSetCookie().some((c) => c.includes("session-token"))).toBe(false);
  });
});
