/**
 * The generic `oauth` provider pointed at a real authorization server by `issuer` alone: endpoints come from
 * discovery, the `iss` response parameter is required and compared (RFC 9207 §2.4), no ID token or nonce is
 * demanded, and the profile is read from the userinfo endpoint as plain JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InternalOptions } from "../../../src/runtime/core/internal.js";
import { getAuthorizationUrl } from "../../../src/runtime/core/oauth/authorization-url.js";
import { handleOAuth } from "../../../src/runtime/core/oauth/callback.js";
import { InvalidCheck } from "../../../src/runtime/errors.js";
import OAuth from "../../../src/runtime/providers/oauth.js";
import { loginThroughInteraction, type OidcServer, startOidcServer } from "../../support/oidc-server.mjs";
import { callbackRequest, internalOptions, oauthProvider } from "./internal-options.js";

const appOrigin = "http://localhost:3000";
let server: OidcServer;
let options: InternalOptions;

beforeAll(async () => {
  server = await startOidcServer({
    clients: [{ client_id: "app", client_secret: "app-secret", redirect_uris: [`${appOrigin}/auth/callback/oauth`] }],
  });
  options = internalOptions(
    {
      providers: [
        OAuth({
          issuer: server.issuer,
          clientId: "app",
          clientSecret: "app-secret",
          // oidc-provider serves userinfo only to access tokens with the openid scope.
          authorization: { params: { scope: "openid email profile" } },
        }),
      ],
    },
    appOrigin,
  );
});

afterAll(async () => {
  await server?.close();
});

async function signIn() {
  const provider = oauthProvider(options, "oauth");
  const { redirect, cookies } = await getAuthorizationUrl(options, provider, {});
  return {
    redirect: new URL(redirect),
    back: new URL(await loginThroughInteraction(redirect, { login: "grace" })),
    cookies,
  };
}

describe("generic oauth provider with an issuer", () => {
  it("discovers the endpoints, sends PKCE and state but no nonce, and maps the userinfo JSON", async () => {
    const { redirect, back, cookies } = await signIn();
    expect(redirect.origin).toBe(server.issuer);
    expect(redirect.searchParams.get("code_challenge_method")).toBe("S256");
    expect(redirect.searchParams.has("state")).toBe(true);
    expect(redirect.searchParams.has("nonce")).toBe(false);
    expect(back.searchParams.get("iss")).toBe(server.issuer);
    const result = await handleOAuth(callbackRequest(back.href, cookies), options, oauthProvider(options, "oauth"));
    expect(result.user).toEqual({ id: "grace", name: "grace", email: "grace@example.test", image: null });
    expect(result.account).toMatchObject({ type: "oauth", provider: "oauth", token_type: "bearer" });
  });

  it("rejects a response without iss from a server that advertises it (RFC 9207 §2.4)", async () => {
    const { back, cookies } = await signIn();
    back.searchParams.delete("iss");
    const error = await handleOAuth(
      callbackRequest(back.href, cookies),
      options,
      oauthProvider(options, "oauth"),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidCheck);
  });

  it("rejects a response whose iss names another server", async () => {
    const { back, cookies } = await signIn();
    back.searchParams.set("iss", "https://attacker.example");
    const error = await handleOAuth(
      callbackRequest(back.href, cookies),
      options,
      oauthProvider(options, "oauth"),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidCheck);
  });
});
