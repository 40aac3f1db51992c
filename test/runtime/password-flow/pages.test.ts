/**
 * The password provider's built-in pages under the base path, and their replacement through `pages`: the
 * forms post where the endpoints are, every field is labelled, errors are announced and explained, nothing
 * from the query is reflected unescaped, and a configured page receives the browser with the query intact.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Auth } from "../../../src/runtime/index.js";
import { type SmtpServer, startSmtpServer } from "../../support/smtp-server.mjs";
import { get, ORIGIN, passwordSetup } from "./support.js";

let smtp: SmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

async function page(path: string, config = passwordSetup(smtp).config) {
  const response = await Auth(get(path), config);
  return { response, body: await response.text() };
}

/** Every input but hidden ones has a label whose `for` names its id. */
function unlabelled(body: string): string[] {
  const ids = [...body.matchAll(/<input id="([^"]+)"/g)].map((match) => match[1]!);
  return ids.filter((id) => !body.includes(`<label for="${id}">`));
}

describe("built-in password pages", () => {
  it.each([
    ["/auth/signup", `${ORIGIN}/auth/signup/password`, ["email", "password"]],
    ["/auth/forgot-password", `${ORIGIN}/auth/forgot-password/password`, ["email"]],
    [
      "/auth/reset-password?token=abc&email=a%40example.test",
      `${ORIGIN}/auth/reset-password/password`,
      ["token", "email", "password"],
    ],
    [
      "/auth/verify-email?token=abc&email=a%40example.test",
      `${ORIGIN}/auth/callback/password`,
      ["token", "email", "password"],
    ],
    ["/auth/change-password", `${ORIGIN}/auth/change-password/password`, ["currentPassword", "newPassword"]],
  ])("GET %s renders a labelled form posting to %s", async (path, action, fields) => {
    const { response, body } = await page(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(body).toContain(`<form action="${action}" method="POST">`);
    expect(body).toContain('name="csrfToken"');
    for (const field of fields) expect(body).toContain(`name="${field}"`);
    expect(unlabelled(body)).toEqual([]);
  });

  it("asks for new passwords with autocomplete=new-password and says the minimum", async () => {
    const { body } = await page("/auth/signup");
    expect(body).toContain('autocomplete="new-password"');
    expect(body).toContain("At least 15 characters.");
  });

  it("explains a refused password reason by reason, announced to screen readers", async () => {
    const { body } = await page("/auth/signup?error=WeakPassword&reasons=too-short,common,unknown-code");
    expect(body).toContain('role="alert"');
    expect(body).toContain("Use at least 15 characters.");
    expect(body).toContain("This password is too common.");
    expect(body).not.toContain("unknown-code");
  });

  it("reflects nothing from the query unescaped", async () => {
    const { body } = await page(
      `/auth/reset-password?token=${encodeURIComponent('"><script>alert(1)</script>')}&email=a%40b.c&error=<img>`,
    );
    expect(body).not.toContain("<script>alert(1)");
    expect(body).not.toContain("<img>");
    expect(body).toContain("&quot;&gt;&lt;script&gt;");
  });

  it("asks for the mail's link when the reset page is opened without one", async () => {
    const { body } = await page("/auth/reset-password");
    expect(body).toContain("Open the link from the email we sent you.");
    expect(body).not.toContain("<form");
  });

  it("shows the password form on the sign-in page with the sign-up and forgot links", async () => {
    const { body } = await page("/auth/signin");
    expect(body).toContain(`<form action="${ORIGIN}/auth/callback/password" method="POST">`);
    expect(body).toContain('autocomplete="current-password"');
    expect(body).toContain(`href="${ORIGIN}/auth/signup"`);
    expect(body).toContain(`href="${ORIGIN}/auth/forgot-password"`);
  });

  it("says check-your-email in words that fit both a new and an existing address", async () => {
    const { body } = await page("/auth/verify-request?provider=password&type=password");
    expect(body).toContain("If this address can be used, we have sent it an email.");
  });

  it("sends the browser to the app's own pages, query intact", async () => {
    const { config } = passwordSetup(smtp, {
      config: {
        pages: { signUp: "/join", resetPassword: "/account/reset", verifyEmail: "https://app.example.test/confirm" },
      },
    });
    const join = await Auth(get("/auth/signup?error=InvalidEmail"), config);
    expect(join.headers.get("location")).toBe(`${ORIGIN}/join?error=InvalidEmail`);
    const reset = await Auth(get("/auth/reset-password?token=t1&email=a%40example.test"), config);
    expect(reset.headers.get("location")).toBe(`${ORIGIN}/account/reset?token=t1&email=a%40example.test`);
    const confirm = await Auth(get("/auth/verify-email?token=t2&email=b%40example.test"), config);
    expect(confirm.headers.get("location")).toBe("https://app.example.test/confirm?token=t2&email=b%40example.test");
  });

  it("answers the pages with the Configuration error when no password provider is configured", async () => {
    const { config } = passwordSetup(smtp, { config: { providers: [] } });
    const { response } = await page("/auth/signup", config);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
  });
});
