/**
 * A password sign-in from a framework's server helper (a form action calling `signIn("password", formData)`)
 * and from the browser helpers: both post to `/callback/<id>`, where the password is verified, not to
 * `/signin/<id>`, which would only show the sign-in page again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { helperSignIn } from "../../../src/runtime/core/server/sign-in-sign-out.js";
import { signInAction } from "../../../src/runtime/core/sign-in-request.js";
import { type SmtpServer, startSmtpServer } from "../../support/smtp-server.mjs";
import {
  CookieJar,
  GOOD_PASSWORD,
  ORIGIN,
  passwordSetup,
  SESSION_COOKIE,
  sessionOf,
  verifiedAccount,
} from "./support.js";

let smtp: SmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

describe("password sign-in through the helpers", () => {
  it("posts a password provider's sign-in to the callback action", () => {
    expect(signInAction("password", ["email", "password"])).toBe("callback");
  });

  it("signs in from a server helper with the form's address and password", async () => {
    const setup = passwordSetup(smtp);
    const email = "helper@example.test";
    await verifiedAccount(setup, smtp, email);
    const result = await helperSignIn(
      setup.config,
      { headers: { host: "localhost:3000" }, url: new URL(`${ORIGIN}/journal/`), env: {} },
      {
        providerId: "password",
        callbackUrl: "/journal/",
        fields: [
          ["email", email],
          ["password", GOOD_PASSWORD],
        ],
      },
    );
    expect(result.redirect).toBe(`${ORIGIN}/journal/`);
    const jar = new CookieJar();
    for (const cookie of result.cookies) jar.cookies.set(cookie.name, cookie.value);
    expect(jar.get(SESSION_COOKIE)).toBeDefined();
    expect((await sessionOf(setup.config, jar))?.user?.email).toBe(email);
  });
});
