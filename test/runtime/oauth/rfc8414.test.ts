/**
 * A plain OAuth 2.0 authorization server known only by its issuer: the generic `oauth` provider reads its
 * RFC 8414 metadata (`/.well-known/oauth-authorization-server` + the issuer's path, §3.1) and signs in
 * with the endpoints found there. OpenID servers (no RFC 8414 document) are covered by generic-oauth.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearDiscoveryCache } from "../../../src/runtime/core/oauth/authorization-server.js";
import { getAuthorizationUrl } from "../../../src/runtime/core/oauth/authorization-url.js";
import { handleOAuth } from "../../../src/runtime/core/oauth/callback.js";
import OAuth from "../../../src/runtime/providers/oauth.js";
import { customFetch } from "../../../src/runtime/types.js";
import { type StandIn, startStandIn } from "../providers/stand-in.js";
import { callbackRequest, internalOptions, oauthProvider } from "./internal-options.js";

const issuer = "https://as.example.test/tenant-a";
let standIn: StandIn;

beforeAll(async () => {
  standIn = await startStandIn();
  standIn.register({
    clientId: "app",
    clientSecret: "app-secret",
    auth: "basic",
    issuer,
    discovery: "oauth",
    resources: { [`${issuer}/userinfo`]: { id: 42, name: "Edsger", email: "edsger@example.test" } },
  });
  clearDiscoveryCache();
});

afterAll(async () => {
  await standIn?.close();
});

describe("RFC 8414 discovery for the generic oauth provider", () => {
  it("discovers the endpoints from the oauth-authorization-server document and signs in", async () => {
    const options = internalOptions(
      {
        providers: [OAuth({ issuer, clientId: "app", clientSecret: "app-secret", [customFetch]: standIn.fetch })],
      },
      "http://localhost:3000",
    );
    const provider = oauthProvider(options, "oauth");
    const { redirect, cookies } = await getAuthorizationUrl(options, provider, {});
    expect(redirect.startsWith(`${issuer}/authorize?`)).toBe(true);
    const answer = await standIn.fetch(redirect, { redirect: "manual" });
    const result = await handleOAuth(callbackRequest(answer.headers.get("location") ?? "", cookies), options, provider);

    expect(result.user).toEqual({ id: "42", name: "Edsger", email: "edsger@example.test", image: null });
    const urls = standIn.requests.map((request) => request.url);
    expect(urls).toContain("https://as.example.test/.well-known/oauth-authorization-server/tenant-a");
    expect(urls.some((url) => url.includes("openid-configuration"))).toBe(false);
  });
});
