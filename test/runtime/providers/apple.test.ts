/**
 * Sign in with Apple's one-time name: on the user's first authorization Apple form_posts a `user` field
 * (JSON) beside the code; the sign-in takes the name from it, never the email, and shrugs off a field that
 * is not JSON. Driven through the loopback stand-in playing appleid.apple.com (and Google, for the
 * provider that must ignore such a field).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appleUser } from "../../../src/runtime/core/oauth/apple-user.js";
import { getAuthorizationUrl } from "../../../src/runtime/core/oauth/authorization-url.js";
import { handleOAuth, type OAuthCallbackResult } from "../../../src/runtime/core/oauth/callback.js";
import Apple from "../../../src/runtime/providers/apple.js";
import Google from "../../../src/runtime/providers/google.js";
import { customFetch, type OAuthConfig } from "../../../src/runtime/types.js";
import { callbackRequest, internalOptions, oauthProvider } from "../oauth/internal-options.js";
import { type StandIn, startStandIn } from "./stand-in.js";

const appOrigin = "http://localhost:3000";
const idTokenEmail = "x7k2@privaterelay.appleid.com";
const appleClaims = {
  sub: "001234.abcdef0123456789.1234",
  email: idTokenEmail,
  email_verified: "true",
  is_private_email: "true",
  real_user_status: 2,
};
/** The `user` field as Apple sends it on a first sign-in (its email may differ from the ID token's). */
const firstSignInUser = JSON.stringify({
  name: { firstName: "Ada", lastName: "Lovelace" },
  email: "ada.lovelace@example.com",
});

let standIn: StandIn;

beforeAll(async () => {
  standIn = await startStandIn();
  const apple = { clientSecret: "apple-secret", auth: "post", issuer: "https://appleid.apple.com" } as const;
  standIn.register({
    ...apple,
    clientId: "apple-first",
    claims: appleClaims,
    authorizationExtra: { user: firstSignInUser },
  });
  standIn.register({ ...apple, clientId: "apple-returning", claims: appleClaims });
  standIn.register({
    ...apple,
    clientId: "apple-garbled",
    claims: appleClaims,
    authorizationExtra: { user: "{name:" },
  });
  standIn.register({
    clientId: "google-with-user",
    clientSecret: "google-secret",
    auth: "basic",
    issuer: "https://accounts.google.com",
    claims: { sub: "1101", email: "ada@gmail.com", email_verified: true, name: "Ada From Google" },
    authorizationExtra: { user: JSON.stringify({ name: { firstName: "Mallory", lastName: "Injected" } }) },
  });
});

afterAll(async () => {
  await standIn?.close();
});

/** Authorization URL → the stand-in's answer → POSTed back (form_post) or followed → the callback's result. */
async function signIn(provider: OAuthConfig, clientId: string, formPost: boolean): Promise<OAuthCallbackResult> {
  const configured = {
    ...provider,
    clientId,
    clientSecret: clientId.startsWith("apple") ? "apple-secret" : "google-secret",
  };
  const options = internalOptions({ providers: [{ ...configured, [customFetch]: standIn.fetch }] }, appOrigin);
  const internal = oauthProvider(options, provider.id);
  const { redirect, cookies } = await getAuthorizationUrl(options, internal, {});
  const answer = await standIn.fetch(redirect, { redirect: "manual" });
  const back = answer.headers.get("location") ?? "";
  const request = formPost
    ? callbackRequest(`${appOrigin}/auth/callback/${provider.id}`, cookies, {
        method: "POST",
        body: Object.fromEntries(new URL(back).searchParams),
      })
    : callbackRequest(back, cookies);
  return handleOAuth(request, options, internal);
}

describe("Sign in with Apple: the name sent once", () => {
  it("takes the user's name from the first sign-in's user field", async () => {
    const { user, profile } = await signIn(Apple(), "apple-first", true);
    expect(user.name).toBe("Ada Lovelace");
    expect(profile.user).toEqual({ name: { firstName: "Ada", lastName: "Lovelace" } });
  });

  it("keeps the ID token's email, not the one in the user field", async () => {
    const { user, profile } = await signIn(Apple(), "apple-first", true);
    expect(user.email).toBe(idTokenEmail);
    expect(JSON.stringify(profile.user ?? null)).not.toContain("ada.lovelace@example.com");
  });

  it("has no name on a later sign-in, when Apple sends no user field", async () => {
    const { user } = await signIn(Apple(), "apple-returning", true);
    expect(user).toEqual({ id: appleClaims.sub, name: null, email: idTokenEmail, image: null });
  });

  it("ignores a user field that is not JSON, and the sign-in still succeeds", async () => {
    const { user, profile } = await signIn(Apple(), "apple-garbled", true);
    expect(user).toMatchObject({ id: appleClaims.sub, name: null, email: idTokenEmail });
    expect(profile.user).toBeUndefined();
  });

  it("ignores a user field in another provider's response", async () => {
    const { user, profile } = await signIn(Google(), "google-with-user", false);
    expect(user.name).toBe("Ada From Google");
    expect(profile.user).toBeUndefined();
  });
});

describe("reading Apple's user field", () => {
  it.each([
    ["an array", "[]"],
    ["a name that is a string", '{"name":"Ada Lovelace"}'],
    ["name parts that are not strings", '{"name":{"firstName":1,"lastName":["x"]}}'],
    ["blank name parts", '{"name":{"firstName":"  ","lastName":""}}'],
    ["only an email", '{"email":"ada@example.com"}'],
    ["JSON null", "null"],
  ])("finds no name in %s", (_, field) => {
    expect(appleUser(new URLSearchParams({ user: field }))).toBeUndefined();
  });

  it("trims the name parts and keeps one when the other is missing or too long", () => {
    const field = JSON.stringify({ name: { firstName: " Ada ", lastName: "x".repeat(300) } });
    expect(appleUser(new URLSearchParams({ user: field }))).toEqual({ name: { firstName: "Ada" } });
  });
});
