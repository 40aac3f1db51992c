import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Auth } from "../../../src/runtime/index.js";
import OIDC from "../../../src/runtime/providers/oidc.js";
import type { AuthConfig } from "../../../src/runtime/types.js";
import { loginThroughInteraction, type OidcServer, startOidcServer } from "../../support/oidc-server.mjs";
import { baseConfig, CookieJar, captureLogger, csrfToken, get, ORIGIN, postForm } from "../core/support.js";

let server: OidcServer;
let config: AuthConfig;
let log: ReturnType<typeof captureLogger>;

beforeAll(async () => {
  server = await startOidcServer({
    clients: [{ client_id: "app", client_secret: "app-secret", redirect_uris: [`${ORIGIN}/auth/callback/oidc`] }],
  });
  log = captureLogger();
  config = baseConfig({
    logger: log.logger,
    providers: [OIDC({ name: "Test IdP", issuer: server.issuer, clientId: "app", clientSecret: "app-secret" })],
  });
});

afterAll(async () => {
  await server?.close();
});

/** POST /signin/oidc like the sign-in page's button: the redirect to the provider, check cookies in the jar. */
async function startSignIn(jar: CookieJar) {
  const csrf = await csrfToken(config, jar);
  const response = await Auth(
    postForm("/auth/signin/oidc", { csrfToken: csrf, callbackUrl: `${ORIGIN}/dashboard` }, jar),
    config,
  );
  expect(response.status).toBe(302);
  jar.apply(response);
  return response.headers.get("location")!;
}

describe("OIDC sign-in through Auth against a real OpenID Provider", () => {
  it("signs in: sign-in POST → provider login → callback → session with the provider's user", async () => {
    const jar = new CookieJar();
    const authorizationUrl = await startSignIn(jar);
    expect(authorizationUrl.startsWith(`${server.issuer}/auth?`)).toBe(true);
    expect(jar.get("authjs.state")).toBeTruthy();

    const redirect = await loginThroughInteraction(authorizationUrl, { login: "alice" });
    const callback = await Auth(get(new URL(redirect).pathname + new URL(redirect).search, jar), config);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe(`${ORIGIN}/dashboard`);
    jar.apply(callback);
    expect(jar.get("authjs.state")).toBeUndefined();
    expect(jar.get("authjs.pkce.code_verifier")).toBeUndefined();
    expect(jar.get("authjs.nonce")).toBeUndefined();

    const session = await Auth(get("/auth/session", jar), config);
    expect(await session.json()).toMatchObject({ user: { name: "alice", email: "alice@example.test" } });
  });

  it("sends a callback whose check cookies are gone to the error page, signed out", async () => {
    const jar = new CookieJar();
    const authorizationUrl = await startSignIn(jar);
    const redirect = new URL(await loginThroughInteraction(authorizationUrl, { login: "alice" }));
    const fresh = new CookieJar();
    const callback = await Auth(get(redirect.pathname + redirect.search, fresh), config);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toMatch(/\/auth\/error\?error=Configuration/);
    expect(log.errors.some((error) => error.name === "InvalidCheck")).toBe(true);
    const session = await Auth(get("/auth/session", fresh.apply(callback)), config);
    expect(await session.json()).toBeNull();
  });

  it("sends the user who cancels at the provider back to the sign-in page with OAuthCallbackError", async () => {
    const jar = new CookieJar();
    const authorizationUrl = await startSignIn(jar);
    const redirect = new URL(await loginThroughInteraction(authorizationUrl, { login: "alice", abort: true }));
    const callback = await Auth(get(redirect.pathname + redirect.search, jar), config);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toMatch(/\/auth\/signin\?error=OAuthCallbackError/);
  });
});
