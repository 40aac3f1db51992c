/**
 * The one restatement of a provider's non-standard token answer (core/oauth/token-answer.ts), which ClickUp's,
 * Foursquare's and Mailchimp's `token.request` return: what RFC 6749 §5.1 needs is added, what means "not
 * said" is dropped, and a failure becomes a §5.2 error that names the provider and what it said. VK's and
 * PayPal's leave out an `id_token` that is not OpenID Connect's.
 */
import { describe, expect, it } from "vitest";
import { noRefresh, standardTokenAnswer, withoutIdToken } from "../../../src/runtime/core/oauth/token-answer.js";

async function restated(body: unknown, status = 200) {
  const response = await standardTokenAnswer(Response.json(body, { status }), "Acme");
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("standardTokenAnswer", () => {
  it("adds the bearer token_type a bare { access_token } answer lacks, and keeps the provider's own fields", async () => {
    expect(await restated({ access_token: "t", api_domain: "https://x.example" })).toEqual({
      status: 200,
      body: { access_token: "t", api_domain: "https://x.example", token_type: "bearer" },
    });
  });

  it("drops an expires_in of 0 (a token that never expires) and a null scope, keeping real ones", async () => {
    expect((await restated({ access_token: "t", expires_in: 0, scope: null })).body).toEqual({
      access_token: "t",
      token_type: "bearer",
    });
    expect((await restated({ access_token: "t", token_type: "Bearer", expires_in: 60, scope: "a b" })).body).toEqual({
      access_token: "t",
      token_type: "Bearer",
      expires_in: 60,
      scope: "a b",
    });
  });

  it("turns an HTTP error into a 400 naming the provider, its status and what it said", async () => {
    expect(await restated({ err: "Oauth token not found", ECODE: "OAUTH_014" }, 401)).toEqual({
      status: 400,
      body: { error: "invalid_grant", error_description: "Acme's token endpoint answered 401: Oauth token not found" },
    });
    expect((await restated({ error: "invalid_client" }, 400)).body.error).toBe("invalid_client");
  });

  it("refuses a 200 answer without an access token", async () => {
    expect(await restated({ meta: { code: 200 } })).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("answers a refresh asked of a provider without refresh tokens with unsupported_grant_type", async () => {
    const response = noRefresh("Acme");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "unsupported_grant_type" });
  });
});

describe("withoutIdToken", () => {
  it("leaves a non-OIDC id_token out of the answer and keeps every other field and the status", async () => {
    const answer = { access_token: "t", token_type: "Bearer", expires_in: 28800, id_token: "a.b.c", nonce: "n" };
    const response = await withoutIdToken(Response.json(answer));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ access_token: "t", token_type: "Bearer", expires_in: 28800, nonce: "n" });
  });

  it("returns an answer without an id_token, an error or a body that is not JSON as it came", async () => {
    for (const original of [
      Response.json({ access_token: "t", token_type: "Bearer" }),
      Response.json({ error: "invalid_grant" }, { status: 400 }),
      new Response("<html>bad gateway</html>", { status: 502 }),
    ]) {
      expect(await withoutIdToken(original)).toBe(original);
    }
  });
});
