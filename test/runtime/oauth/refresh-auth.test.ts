/**
 * The refresh-token recipe of docs/refresh-tokens.md through Auth, against a real OpenID Provider: the jwt
 * callback keeps the tokens at sign-in and calls refreshAccessToken on every read; concurrent session reads
 * with an expired access token cause one refresh, and a refused refresh shows as `error` on the session.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Auth } from "../../../src/runtime/index.js";
import OIDC from "../../../src/runtime/providers/oidc.js";
import { refreshAccessToken } from "../../../src/runtime/refresh.js";
import { type AuthConfig, customFetch } from "../../../src/runtime/types.js";
import { loginThroughInteraction, type OidcServer, startOidcServer } from "../../support/oidc-server.mjs";
import { baseConfig, CookieJar, csrfToken, get, ORIGIN, postForm } from "../core/support.js";

let server: OidcServer;
let config: AuthConfig;
let refreshRequests = 0;
/** Seconds before expiry that count as expired: 7200 makes the provider's one-hour tokens due now. */
let leeway = 0;
let reuseWindow = 60;

const countingFetch: typeof fetch = (input, init) => {
  if (String(init?.body ?? "").includes("grant_type=refresh_token")) refreshRequests++;
  return fetch(input, init);
};

beforeAll(async () => {
  server = await startOidcServer({
    clients: [
      {
        client_id: "app",
        client_secret: "app-secret",
        redirect_uris: [`${ORIGIN}/auth/callback/oidc`],
        grant_types: ["authorization_code", "refresh_token"],
      },
    ],
    configuration: {
      issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
        client.grantTypeAllowed("refresh_token"),
      rotateRefreshToken: true,
    },
  });
  const provider = () =>
    OIDC({ issuer: server.issuer, clientId: "app", clientSecret: "app-secret", [customFetch]: countingFetch });
  config = baseConfig({
    providers: [provider()],
    callbacks: {
      async jwt({ token, account }) {
        if (account) {
          return {
            ...token,
            access_token: account.access_token,
            refresh_token: account.refresh_token,
            expires_at: account.expires_at,
          };
        }
        return refreshAccessToken(token, { provider, leeway, reuseWindow });
      },
      session({ session, token }) {
        return { ...session, accessToken: token?.access_token, error: token?.error };
      },
    },
  });
});

afterAll(async () => {
  await server?.close();
});

/** A full sign-in through Auth; the jar then holds the session cookie. */
async function signIn() {
  leeway = 0;
  const jar = new CookieJar();
  const csrf = await csrfToken(config, jar);
  const start = await Auth(postForm("/auth/signin/oidc", { csrfToken: csrf, callbackUrl: ORIGIN }, jar), config);
  jar.apply(start);
  const back = new URL(await loginThroughInteraction(start.headers.get("location")!, { login: "ada" }));
  jar.apply(await Auth(get(back.pathname + back.search, jar), config));
  return jar;
}

async function session(jar: CookieJar) {
  const response = await Auth(get("/auth/session", jar), config);
  return { response, body: (await response.json()) as { accessToken?: string; error?: string } };
}

describe("refresh-token recipe through Auth", () => {
  it("refreshes once for 8 concurrent session reads with an expired access token, and re-issues the cookie", async () => {
    const jar = await signIn();
    const before = await session(jar);
    expect(before.body.accessToken).toEqual(expect.any(String));

    leeway = 7200;
    const count = refreshRequests;
    const reads = await Promise.all(Array.from({ length: 8 }, () => session(jar)));
    expect(refreshRequests - count).toBe(1);
    const tokens = new Set(reads.map((read) => read.body.accessToken));
    expect(tokens.size).toBe(1);
    expect(tokens.has(before.body.accessToken)).toBe(false);
    expect(reads.every((read) => read.body.error === undefined)).toBe(true);
    // The changed token reaches the browser: every answer re-issues the session cookie.
    expect(
      reads.every((read) => read.response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))),
    ).toBe(true);
  });

  it("puts RefreshTokenError on the session when the provider refuses the refresh token", async () => {
    const jar = await signIn();
    const stale = new CookieJar();
    for (const [name, value] of jar.cookies) stale.cookies.set(name, value);
    leeway = 7200;
    reuseWindow = 0;
    // The first read rotates the refresh token; the stale cookie still holds the spent one.
    expect((await session(jar)).body.error).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const refused = await session(stale);
    reuseWindow = 60;
    expect(refused.body.error).toBe("RefreshTokenError");
    expect(refused.body.accessToken).toEqual(expect.any(String));
  });
});
