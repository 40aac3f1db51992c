// The password provider's stories every framework's database fixture runs after `init --providers password
// --strategy database --db sqlite`, in headless Chromium on the built-in pages (the app's base path): sign up,
// the verification mail through the real smtp-server on loopback, the link and the password together sign in,
// and the app's protected page shows the session; forgot → reset mail → new password, where the old one is
// refused, the new one accepted and every session the user had before (another browser) ended; too many
// wrong passwords at one account → the error page with 429 and Retry-After, then a sign-in once the window
// has passed. The SQLite file the generated client module opened shows the rows. On JWT sessions the same
// stories hold, with no session rows: the reset ends older cookies through the hash fingerprint they carry.
import fs from "node:fs/promises";
import type { Page, Response } from "playwright-core";
import { expect, test } from "vitest";
import { sessionCookie, sqliteRows } from "./database-stories.js";
import type { App } from "./setup-app.js";

/**
 * The sign-in limit per account the stories run under: the default (15 minutes, a progressive delay after 5
 * failures) would make "recovery after the window" a 15-minute wait. The stories set this short rule in the
 * generated auth module (`shortSignInWindow`), as an app's own `rateLimit.rules` would. 20 s: the three
 * failures (each a page load and an Argon2id hash, about a second apiece on the loaded 2-core machines) must
 * all fall in one window, with room to spare, for the fourth attempt to be refused.
 */
export const SIGN_IN_LIMIT = { window: 20, max: 3 } as const;

/**
 * Adds `rateLimit.rules.signInPerAccount` with SIGN_IN_LIMIT to the generated auth module, after its
 * `session` line. Only that rule changes: every other path keeps its default limit.
 */
export async function shortSignInWindow(authModule: string): Promise<void> {
  const source = await fs.readFile(authModule, "utf8");
  const session = /^( +)session: \{ strategy: "(?:database|jwt)" \},$/m;
  const indent = session.exec(source)?.[1];
  if (indent === undefined) throw new Error(`${authModule} has no \`session: { strategy: … },\` line`);
  const rule = `{ name: "signin-account", window: ${SIGN_IN_LIMIT.window}, max: ${SIGN_IN_LIMIT.max}, whenStoreDown: "closed" }`;
  const lines = [
    `// e2e: a ${SIGN_IN_LIMIT.window}-second window, so that the test sees the limit lifted without waiting 15 minutes.`,
    `rateLimit: { rules: { signInPerAccount: ${rule} } },`,
  ];
  await fs.writeFile(
    authModule,
    source.replace(session, (line) => `${line}\n${lines.map((text) => `${indent}${text}`).join("\n")}`),
  );
}

/**
 * Switches the generated auth module from database to JWT sessions, as a person would in its `session`
 * line: the adapter stays, since the password provider keeps users, hashes and tokens there on both.
 */
export async function useJwtSessions(authModule: string): Promise<void> {
  const source = await fs.readFile(authModule, "utf8");
  const line = 'session: { strategy: "database" },';
  if (!source.includes(line)) throw new Error(`${authModule} has no \`${line}\` line`);
  await fs.writeFile(authModule, source.replace(line, 'session: { strategy: "jwt" },'));
}

/** Passwords the policy accepts (15 characters or more, not common, not a sequence, no part of the address). */
const PASSWORDS = {
  first: "copper kettle under the stairs",
  second: "violet tramline at midnight",
} as const;

/** Waits for the first mail to `address` with `subject` that arrived after the `after`-th message. */
async function mailAfter(app: App, after: number, address: string, subject: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mail = app.smtp.messages
      .slice(after)
      .find((message) => message.envelope.to.includes(address) && message.subject === subject);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" reached ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The link of `action` (`verify-email`, `reset-password`) in a mail's text, checked to point at this app. */
function linkIn(app: App, text: string | undefined, action: string): string {
  const link = new RegExp(`https?://\\S+/${action}\\?\\S+`).exec(text ?? "")?.[0];
  expect(link?.startsWith(`${app.url}${app.base}/${action}?`), `no ${action} link in: ${text}`).toBe(true);
  return link as string;
}

/** The sign-in page's password form (the button names the provider as the app reports it). */
function signInForm(app: App, page: Page) {
  const button = page.getByRole("button", { name: `Sign in with ${app.providerNames.password}` });
  return page.locator("form", { has: button });
}

/** The POST the next form submission makes to `path` under the base path, with its answer. */
function answerTo(app: App, page: Page, action: string): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && new URL(response.url()).pathname === `${app.base}/${action}`,
  );
}

/** Waits until the page is at `pathname`; a failure says where it is instead and what that page says. */
async function landsOn(page: Page, pathname: string): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname === pathname, { timeout: 20_000 });
  } catch (error) {
    const text = await page
      .locator("body")
      .textContent()
      .catch(() => "");
    throw new Error(`expected ${pathname}, the page is at ${page.url()}: ${(text ?? "").slice(0, 500)}`, {
      cause: error,
    });
  }
}

export interface PasswordStoryOptions {
  /** A page the app protects (signed out: to the sign-in page and back). */
  protectedPath: string;
  /** The app's session strategy: database sessions are rows to check; JWT sessions live in the cookie only. */
  strategy: "database" | "jwt";
}

/** Registers the stories; each uses addresses of its own strategy, so both can run on one app's database. */
export function passwordStories(app: App, { protectedPath, strategy }: PasswordStoryOptions): void {
  const rows = sqliteRows(app);
  const address = (name: string) => `${name}-${strategy}@example.test`;

  /** The user's session rows: the cookie's token on database sessions, none on JWT. */
  async function expectSessionRows(userId: string | undefined, pages: Page[]): Promise<void> {
    const cookies = await Promise.all(pages.map((page) => sessionCookie(app, page)));
    const stored = await rows<{ session_token: string }>(
      "SELECT session_token FROM sessions WHERE user_id = ?",
      userId,
    );
    expect(stored.map((row) => row.session_token).sort()).toEqual(strategy === "database" ? cookies.sort() : []);
    for (const cookie of cookies) expect(cookie).toBeDefined();
  }

  /** Opens the protected page and lands on the built-in sign-in page, as a signed-out visitor does. */
  async function toSignIn(page: Page): Promise<void> {
    await page.goto(`${app.url}${protectedPath}`);
    await landsOn(page, `${app.base}/signin`);
  }

  /** Signs in on the built-in page; resolves with the answer to the form's POST. */
  async function signIn(page: Page, email: string, password: string): Promise<Response> {
    await toSignIn(page);
    const form = signInForm(app, page);
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password").fill(password);
    const answer = answerTo(app, page, "callback/password");
    await form.getByRole("button").click();
    return answer;
  }

  async function expectOnProtectedPage(page: Page, email: string): Promise<void> {
    await landsOn(page, protectedPath);
    expect(page.url()).toBe(`${app.url}${protectedPath}`);
    await expect(page.getByTestId("user-email").textContent()).resolves.toBe(email);
    expect(await app.sessionOf(page)).toMatchObject({ user: { email } });
  }

  async function expectRefused(page: Page, answer: Response): Promise<void> {
    expect((await answer).status()).toBe(302);
    await landsOn(page, `${app.base}/signin`);
    expect(new URL(page.url()).searchParams.get("error")).toBe("CredentialsSignin");
    expect(await app.sessionOf(page)).toBeNull();
  }

  /**
   * Signs up from the sign-in page's "Create an account" link, then follows the verification link from the
   * mail and confirms with the password: signed in on the protected page. Leaves the page signed in.
   */
  async function signUpAndVerify(page: Page, email: string, password: string): Promise<void> {
    await toSignIn(page);
    await page.getByRole("link", { name: "Create an account" }).click();
    await landsOn(page, `${app.base}/signup`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    const after = app.smtp.messages.length;
    await page.getByRole("button", { name: "Create account" }).click();
    await landsOn(page, `${app.base}/verify-request`);
    await expect(page.getByRole("heading", { name: "Check your email" }).isVisible()).resolves.toBe(true);
    expect(await app.sessionOf(page)).toBeNull();

    const mail = await mailAfter(app, after, email, "Confirm your email address");
    await page.goto(linkIn(app, mail.text, "verify-email"));
    await expect(page.getByRole("heading", { name: "Confirm your email address" }).isVisible()).resolves.toBe(true);
    await expect(page.getByLabel("Email").inputValue()).resolves.toBe(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Confirm and sign in" }).click();
    await expectOnProtectedPage(page, email);
  }

  test("sign-up mails a verification link; the link and the password sign in to the protected page; the rows show a verified user, an Argon2id hash and the session", async () => {
    const email = address("ada");
    const page = await app.freshPage();
    try {
      await signUpAndVerify(page, email, PASSWORDS.first);

      const [user] = await rows<{ id: string; email_verified: unknown }>(
        "SELECT id, email_verified FROM users WHERE email = ?",
        email,
      );
      expect(user?.email_verified).toBeTruthy();
      const [stored] = await rows<{ hash: string }>("SELECT hash FROM passwords WHERE user_id = ?", user?.id);
      expect(stored?.hash).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$/);
      expect(stored?.hash).not.toContain(PASSWORDS.first);
      await expectSessionRows(user?.id, [page]);
      // The link was single-use: its token is gone.
      expect(await rows("SELECT 1 FROM verification_tokens WHERE identifier = ?", email)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  test("forgot → reset mail → new password: the old password is refused, the new one accepted, and the browser signed in before the reset is signed out", async () => {
    const email = address("grace");
    const first = await app.freshPage();
    const other = await app.freshPage();
    const resetting = await app.freshPage();
    const later = await app.freshPage();
    try {
      await signUpAndVerify(first, email, PASSWORDS.first);
      await signIn(other, email, PASSWORDS.first);
      await expectOnProtectedPage(other, email);
      const [user] = await rows<{ id: string }>("SELECT id FROM users WHERE email = ?", email);
      await expectSessionRows(user?.id, [first, other]);

      await toSignIn(resetting);
      await resetting.getByRole("link", { name: "Forgot your password?" }).click();
      await landsOn(resetting, `${app.base}/forgot-password`);
      await resetting.getByLabel("Email").fill(email);
      const after = app.smtp.messages.length;
      await resetting.getByRole("button", { name: "Email me a link" }).click();
      await landsOn(resetting, `${app.base}/verify-request`);
      const mail = await mailAfter(app, after, email, "Reset your password");
      await resetting.goto(linkIn(app, mail.text, "reset-password"));
      await resetting.getByLabel("New password").fill(PASSWORDS.second);
      const answer = answerTo(app, resetting, "reset-password/password");
      await resetting.getByRole("button", { name: "Save and sign in" }).click();
      expect((await answer).status()).toBe(302);
      await resetting.waitForURL((url) => url.pathname !== `${app.base}/reset-password`);
      expect(await app.sessionOf(resetting)).toMatchObject({ user: { email } });

      // Every session from before the reset ended (database: one row left, the resetting browser's; JWT: the
      // older cookies hold the old hash's fingerprint, which no longer matches).
      await expectSessionRows(user?.id, [resetting]);
      for (const before of [first, other]) {
        expect(await app.sessionOf(before)).toBeNull();
        await toSignIn(before);
      }

      await expectRefused(later, await signIn(later, email, PASSWORDS.first));
      expect((await signIn(later, email, PASSWORDS.second)).status()).toBe(302);
      await expectOnProtectedPage(later, email);
    } finally {
      for (const page of [first, other, resetting, later]) await page.context().close();
    }
  });

  test("too many wrong passwords at one account answer the error page with 429 and Retry-After; once the window has passed the right password signs in", async () => {
    const email = address("hedy");
    const page = await app.freshPage();
    try {
      await signUpAndVerify(page, email, PASSWORDS.first);
      await page.context().clearCookies();

      // The verification's sign-in cleared the account's count: every one of these is a fresh failure.
      for (let attempt = 0; attempt < SIGN_IN_LIMIT.max; attempt++) {
        await expectRefused(page, await signIn(page, email, `${PASSWORDS.second} ${attempt}`));
      }
      const refused = await signIn(page, email, PASSWORDS.first);
      const refusedAt = Date.now();
      expect(refused.status()).toBe(429);
      const retryAfter = Number(await refused.headerValue("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_LIMIT.window);
      await expect(page.getByRole("heading", { name: "Too many attempts" }).isVisible()).resolves.toBe(true);
      expect(await app.sessionOf(page)).toBeNull();

      // Retry-After is whole seconds, rounded up: once it has passed, the oldest failure has left the window.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, refusedAt + retryAfter * 1000 - Date.now())));
      expect((await signIn(page, email, PASSWORDS.first)).status()).toBe(302);
      await expectOnProtectedPage(page, email);
    } finally {
      await page.context().close();
    }
  });
}

/** The env values the next steps ask of a person: the mail relay and sender, and the public URL. */
export { pointAtMailRelay } from "./passwordless-stories.js";
