/**
 * Where a sign-in is posted (core/sign-in-request.ts), the one rule of the browser's `signIn` and the server's
 * helpers: credentials and a WebAuthn credential at `/callback`, every other provider (and a passkey sign-in
 * without a credential) at `/signin`. The passkey cases are proven end to end through the server helper: a
 * passkey registered through the core signs its user in with the credential posted (which a post to
 * `/signin` would drop), and without one the browser lands on the sign-in page, where the ceremony runs.
 */
import { describe, expect, it } from "vitest";
import { signInAction as browserAction } from "../../../src/runtime/client/outcome.js";
import { signInAction as helperAction, helperSignIn } from "../../../src/runtime/core/server/sign-in-sign-out.js";
import { signInAction } from "../../../src/runtime/core/sign-in-request.js";
import { SoftwareAuthenticator } from "../webauthn/software-authenticator.js";
import { CookieJar, fetchOptions, passkeyConfig, register, sessionOf } from "../webauthn/support.js";
import { ORIGIN } from "./support.js";

describe("signInAction", () => {
  it("posts credentials and a WebAuthn credential to the callback action, which verifies them", () => {
    expect(signInAction("credentials", [])).toBe("callback");
    expect(signInAction("credentials", ["username", "password"])).toBe("callback");
    expect(signInAction("webauthn", ["callbackUrl", "action", "data"])).toBe("callback");
  });

  it("sends a passkey sign-in without a credential to signin, whose page runs the ceremony", () => {
    expect(signInAction("webauthn", ["callbackUrl"])).toBe("signin");
  });

  it("starts every other provider, and an unknown one, at signin", () => {
    for (const type of ["oauth", "oidc", "email", undefined])
      expect(signInAction(type, ["callbackUrl"])).toBe("signin");
  });

  it("is the rule of the browser's signIn and of the server helpers alike", () => {
    const { config } = passkeyConfig();
    expect(browserAction).toBe(signInAction);
    expect(helperAction(config, "passkey", ["action", "data"])).toBe("callback");
    expect(helperAction(config, "passkey", [])).toBe("signin");
  });
});

describe("a passkey sign-in through the server helper", () => {
  it("signs the passkey's user in with the signed credential the page posted", async () => {
    const { config } = passkeyConfig();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await register(config, authenticator, "grace@example.test");

    // The page asks the core for a challenge, the browser signs it, and a server action posts the answer.
    const browser = new CookieJar();
    const answer = await fetchOptions(config, browser);
    expect(answer.action).toBe("authenticate");
    const result = await helperSignIn(
      config,
      { headers: { host: "localhost:3000", cookie: browser.header() }, url: new URL(`${ORIGIN}/journal/`), env: {} },
      {
        providerId: "passkey",
        callbackUrl: "/journal/",
        fields: [
          ["action", "authenticate"],
          ["data", JSON.stringify(authenticator.get(answer.options))],
        ],
      },
    );

    expect(result.redirect).toBe(`${ORIGIN}/journal/`);
    for (const cookie of result.cookies) {
      if (cookie.options?.maxAge === 0) browser.cookies.delete(cookie.name);
      else browser.cookies.set(cookie.name, cookie.value);
    }
    expect((await sessionOf(config, browser))?.user?.email).toBe("grace@example.test");
  });

  it("without a credential, lands on the sign-in page with the passkey form", async () => {
    const { config } = passkeyConfig();
    const result = await helperSignIn(
      config,
      { headers: { host: "localhost:3000" }, url: new URL(`${ORIGIN}/journal/`), env: {} },
      { providerId: "passkey", callbackUrl: "/journal/" },
    );
    expect(new URL(result.redirect).pathname).toBe("/auth/signin");
  });
});
