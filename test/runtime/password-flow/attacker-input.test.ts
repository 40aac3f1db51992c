/**
 * What an attacker can send to the password endpoints: fields of the wrong type, missing, oversized, odd
 * Unicode, replayed tokens, tokens for another address or another purpose, no CSRF token. Every one gets a
 * documented answer (a redirect with `?error=`, or a 4xx), never a 500, never a session, never a changed user.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Auth } from "../../../src/runtime/index.js";
import { type SmtpServer, startSmtpServer } from "../../support/smtp-server.mjs";
import { csrfToken, postJson } from "../core/support.js";
import {
  CookieJar,
  firstLink,
  forgot,
  GOOD_PASSWORD,
  get,
  mailTo,
  ORIGIN,
  OTHER_PASSWORD,
  type PasswordSetup,
  passwordSetup,
  SESSION_COOKIE,
  signIn,
  signUp,
  submit,
  verifiedAccount,
} from "./support.js";

let smtp: SmtpServer;
let setup: PasswordSetup;
const OWNER = "owner@example.test";

beforeAll(async () => {
  smtp = await startSmtpServer();
  setup = passwordSetup(smtp, { config: { rateLimit: false } });
  await verifiedAccount(setup, smtp, OWNER);
});
afterAll(async () => {
  await smtp?.close();
});

const PATHS = {
  signIn: "/auth/callback/password",
  signUp: "/auth/signup/password",
  forgot: "/auth/forgot-password/password",
  reset: "/auth/reset-password/password",
  change: "/auth/change-password/password",
};

/** Posts `body` as JSON with a valid CSRF token; answers the status, where it goes, and whether a session came. */
async function postAsJson(path: string, body: Record<string, unknown>) {
  const jar = new CookieJar();
  const token = await csrfToken(setup.config, jar);
  const response = await Auth(postJson(path, { csrfToken: token, ...body }, jar), setup.config);
  jar.apply(response);
  return { status: response.status, location: response.headers.get("location"), session: jar.get(SESSION_COOKIE) };
}

/** The page and `error` a redirect names. */
function target(location: string | null): { page: string; error: string | null } {
  const url = new URL(location ?? "about:blank");
  return { page: `${url.origin}${url.pathname}`, error: url.searchParams.get("error") };
}

const CASES: Array<{ name: string; path: string; body: Record<string, unknown>; page: string; error: string }> = [
  {
    name: "sign-in, password a number",
    path: PATHS.signIn,
    body: { email: OWNER, password: 12345 },
    page: "signin",
    error: "CredentialsSignin",
  },
  {
    name: "sign-in, password an array",
    path: PATHS.signIn,
    body: { email: OWNER, password: [GOOD_PASSWORD] },
    page: "signin",
    error: "CredentialsSignin",
  },
  {
    name: "sign-in, email an object",
    path: PATHS.signIn,
    body: { email: { $ne: "" }, password: GOOD_PASSWORD },
    page: "signin",
    error: "CredentialsSignin",
  },
  { name: "sign-in, no fields", path: PATHS.signIn, body: {}, page: "signin", error: "CredentialsSignin" },
  {
    name: "sign-in, two addresses",
    path: PATHS.signIn,
    body: { email: `${OWNER}, x@example.test`, password: GOOD_PASSWORD },
    page: "signin",
    error: "CredentialsSignin",
  },
  {
    name: "sign-in, a lone surrogate",
    path: PATHS.signIn,
    body: { email: OWNER, password: "\ud800abcdefghijklmnop" },
    page: "signin",
    error: "CredentialsSignin",
  },
  {
    name: "sign-in, 5,000-byte password",
    path: PATHS.signIn,
    body: { email: OWNER, password: "é".repeat(2_500) },
    page: "signin",
    error: "CredentialsSignin",
  },
  {
    name: "sign-up, no address",
    path: PATHS.signUp,
    body: { password: GOOD_PASSWORD },
    page: "signup",
    error: "InvalidEmail",
  },
  {
    name: "sign-up, password a number",
    path: PATHS.signUp,
    body: { email: "n1@example.test", password: 1234567890123456 },
    page: "signup",
    error: "WeakPassword",
  },
  {
    name: "sign-up, lone surrogate",
    path: PATHS.signUp,
    body: { email: "n2@example.test", password: "\udfffabcdefghijklmnopq" },
    page: "signup",
    error: "WeakPassword",
  },
  {
    name: "sign-up, 300 characters",
    path: PATHS.signUp,
    body: { email: "n3@example.test", password: "x7Kq-".repeat(60) },
    page: "signup",
    error: "WeakPassword",
  },
  {
    name: "sign-up, address with quotes",
    path: PATHS.signUp,
    body: { email: '"a b"@example.test', password: GOOD_PASSWORD },
    page: "signup",
    error: "InvalidEmail",
  },
  {
    name: "forgot, email an array",
    path: PATHS.forgot,
    body: { email: [OWNER] },
    page: "forgot-password",
    error: "InvalidEmail",
  },
  {
    name: "reset, no token",
    path: PATHS.reset,
    body: { email: OWNER, password: OTHER_PASSWORD },
    page: "error",
    error: "Verification",
  },
  {
    name: "reset, token a number",
    path: PATHS.reset,
    body: { email: OWNER, token: 42, password: OTHER_PASSWORD },
    page: "error",
    error: "Verification",
  },
  {
    name: "reset, made-up token",
    path: PATHS.reset,
    body: { email: OWNER, token: "a".repeat(64), password: OTHER_PASSWORD },
    page: "error",
    error: "Verification",
  },
  {
    name: "reset, token not hex",
    path: PATHS.reset,
    body: { email: OWNER, token: "' OR 1=1 --", password: OTHER_PASSWORD },
    page: "error",
    error: "Verification",
  },
  {
    name: "change, no session",
    path: PATHS.change,
    body: { currentPassword: GOOD_PASSWORD, newPassword: OTHER_PASSWORD },
    page: "signin",
    error: "SessionRequired",
  },
];

describe("the password endpoints under attacker input", () => {
  it.each(CASES)("$name → $page?error=$error", async ({ path, body, page, error }) => {
    const answer = await postAsJson(path, body);
    expect(answer.status).toBe(302);
    expect(target(answer.location)).toEqual({ page: `${ORIGIN}/auth/${page}`, error });
    expect(answer.session).toBeUndefined();
  });

  it("signs the owner in with the address in another case and NFKC form (one account, one normalised identifier)", async () => {
    const answer = await postAsJson(PATHS.signIn, { email: "  OWNER@EXAMPLE.TEST ", password: GOOD_PASSWORD });
    expect(answer.location).toBe(ORIGIN);
    const fullWidth = await postAsJson(PATHS.signIn, { email: "ｏｗｎｅｒ@example.test", password: GOOD_PASSWORD });
    expect(fullWidth.location).toBe(ORIGIN);
  });

  it("answers a body over the core's limit with 413 before any action runs", async () => {
    const response = await Auth(
      new Request(`${ORIGIN}${PATHS.signUp}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `email=a%40example.test&password=${"a".repeat(2_000_000)}`,
      }),
      setup.config,
    );
    expect(response.status).toBe(413);
  });

  it("refuses every POST without the CSRF token, back to its form", async () => {
    for (const [path, page] of [
      [PATHS.signUp, "signup"],
      [PATHS.forgot, "forgot-password"],
      [PATHS.change, "change-password"],
      [PATHS.signIn, "signin"],
    ] as const) {
      const response = await Auth(
        new Request(`${ORIGIN}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: OWNER, password: GOOD_PASSWORD }),
        }),
        setup.config,
      );
      expect(target(response.headers.get("location"))).toEqual({
        page: `${ORIGIN}/auth/${page}`,
        error: "MissingCSRF",
      });
      expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith(SESSION_COOKIE))).toBe(false);
    }
  });

  it("refuses a reset token presented for another address, and leaves it unusable for its own", async () => {
    const other = "other-owner@example.test";
    await verifiedAccount(setup, smtp, other);
    await forgot(setup.config, OWNER);
    await setup.settle();
    const token = firstLink(mailTo(smtp, OWNER).at(-1)!).searchParams.get("token")!;
    const misused = await submit(setup.config, PATHS.reset, { token, email: other, password: OTHER_PASSWORD });
    expect(misused.location).toBe(`${ORIGIN}/auth/error?error=Verification`);
    // The other account's password is unchanged.
    expect((await signIn(setup.config, other, GOOD_PASSWORD)).location).toBe(ORIGIN);
  });

  it("refuses a verification token at reset, and a reset token as a verification", async () => {
    const email = "crossed@example.test";
    await signUp(setup.config, email);
    await setup.settle();
    const verifyToken = firstLink(mailTo(smtp, email).at(-1)!).searchParams.get("token")!;
    const asReset = await submit(setup.config, PATHS.reset, { token: verifyToken, email, password: OTHER_PASSWORD });
    expect(asReset.location).toBe(`${ORIGIN}/auth/error?error=Verification`);

    await forgot(setup.config, email);
    await setup.settle();
    const resetToken = firstLink(mailTo(smtp, email).at(-1)!).searchParams.get("token")!;
    const asVerify = await signIn(setup.config, email, GOOD_PASSWORD, undefined, { token: resetToken });
    expect(asVerify.location).toBe(`${ORIGIN}/auth/error?error=Verification`);
    expect((await setup.adapter.getUserByEmail!(email))?.emailVerified).toBeNull();
  });

  it("refuses a password token at the email provider's callback shape (purpose-bound hashes)", async () => {
    await forgot(setup.config, OWNER);
    await setup.settle();
    const token = firstLink(mailTo(smtp, OWNER).at(-1)!).searchParams.get("token")!;
    // What the email provider's callback would look up for this token under the namespaced identifier.
    const used = await setup.adapter.useVerificationToken!({ identifier: `password-reset:${OWNER}`, token });
    expect(used).toBeNull();
  });

  it("answers GET on the pages and never 500 for odd queries", async () => {
    for (const path of [
      "/auth/signup",
      "/auth/forgot-password",
      "/auth/reset-password?token=%00&email=%ff",
      "/auth/verify-email?token[]=1",
      "/auth/change-password?error=__proto__&reasons=constructor,too-short",
      "/auth/signup/not-a-provider",
    ]) {
      const response = await Auth(get(path), setup.config);
      expect(response.status, path).toBeLessThan(500);
    }
  });

  it("answers a GET to a password action that takes POST with the configuration error page, not a 500", async () => {
    const response = await Auth(get("/auth/callback/password"), setup.config);
    expect(response.status).toBe(302);
    expect(target(response.headers.get("location")).page).toBe(`${ORIGIN}/auth/error`);
  });
});
