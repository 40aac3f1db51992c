import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Auth } from "../../../src/runtime/index.js";
import OIDC from "../../../src/runtime/providers/oidc.js";
import type { AuthConfig } from "../../../src/runtime/types.js";
import { loginThroughInteraction, type OidcServer, startOidcServer } from "../../support/oidc-server.mjs";
import { baseConfig, CookieJar, captureLogger, csrfToken, get, ORIGIN, postForm } from "./support.js";

let server: OidcServer;

beforeAll(async () => {
  server = await startOidcServer({
    clients: [{ client_id: "app", client_secret: "app-secret", redirect_uris: [`${ORIGIN}/auth/callback/oidc`] }],
  });
});

afterAll(async () => {
  await server?.close();
});

function oidcConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return baseConfig({
    providers: [OIDC({ name: "Test IdP", issuer: server.issuer, clientId: "app", clientSecret: "app-secret" })],
    ...overrides,
  });
}

/** Drives the browser's part: sign-in POST, login at the provider, and the callback request. */
async function signInThroughProvider(config: AuthConfig, login: string) {
  const jar = new CookieJar();
  const csrf = await csrfToken(config, jar);
  const started = await Auth(postForm("/auth/signin/oidc", { csrfToken: csrf, callbackUrl: "/after" }, jar), config);
  jar.apply(started);
  const redirect = new URL(await loginThroughInteraction(started.headers.get("location")!, { login }));
  const callback = await Auth(get(redirect.pathname + redirect.search, jar), config);
  return { callback, jar: jar.apply(callback) };
}

describe("OAuth/OIDC callback completion", () => {
  it("refuses to start a sign-in without the CSRF token", async () => {
    const { logger } = captureLogger();
    const response = await Auth(postForm("/auth/signin/oidc", {}), oidcConfig({ logger }));
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`);
  });

  it("runs signIn, then jwt with trigger signIn, account and profile, then events.signIn", async () => {
    const calls: Array<[string, Record<string, unknown>]> = [];
    const config = oidcConfig({
      callbacks: {
        signIn: (params) => {
          calls.push(["signIn", params]);
          return true;
        },
        jwt: (params) => {
          calls.push(["jwt", params]);
          return params.token;
        },
      },
      events: { signIn: (message) => void calls.push(["event", message]) },
    });
    const { callback } = await signInThroughProvider(config, "grace");
    expect(callback.headers.get("location")).toBe(`${ORIGIN}/after`);
    expect(calls.map(([name]) => name)).toEqual(["signIn", "jwt", "event"]);
    const jwt = calls[1]![1];
    expect(jwt.trigger).toBe("signIn");
    expect(jwt.account).toMatchObject({ provider: "oidc", type: "oidc", providerAccountId: "grace" });
    expect(jwt.profile).toMatchObject({ sub: "grace", email: "grace@example.test" });
    expect(jwt.token).toEqual({
      name: "grace",
      email: "grace@example.test",
      picture: null,
      sub: "grace",
      auth_time: expect.any(Number),
    });
  });

  it("sends a refused sign-in to the AccessDenied error page without a session", async () => {
    const config = oidcConfig({ callbacks: { signIn: () => false } });
    const { callback, jar } = await signInThroughProvider(config, "mallory");
    expect(callback.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=AccessDenied`);
    expect(jar.get("authjs.session-token")).toBeUndefined();
  });
});
