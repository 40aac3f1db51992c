import type { TokenEndpointResponse } from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { tokenSetFrom } from "../../../src/runtime/core/oauth/token-set.js";

describe("a token endpoint response as kept (core/oauth/token-set.ts), for the code exchange and refresh", () => {
  it("lower-cases token_type (RFC 6749 §5.1: case-insensitive) and makes expires_in an absolute expires_at", () => {
    const response = { access_token: "at", token_type: "Bearer", expires_in: 3600, scope: "openid" };
    expect(tokenSetFrom(response as unknown as TokenEndpointResponse, 1_000)).toEqual({
      access_token: "at",
      token_type: "bearer",
      expires_in: 3600,
      expires_at: 4_600,
      scope: "openid",
    });
  });

  it("sets no expiry when the server gives no lifetime", () => {
    const response = { access_token: "at", token_type: "dpop" };
    expect(tokenSetFrom(response as unknown as TokenEndpointResponse).expires_at).toBeUndefined();
  });
});
