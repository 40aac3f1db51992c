// The email-link story over any database (SQLite, PostgreSQL, MariaDB): from the built-in sign-in page a
// person asks for a link, the mail reaches the loopback smtp-server, following the link signs them in; the
// rows show a verified user, a session whose token is the cookie and no verification token left; sign-out
// deletes the session. The app needs the nodemailer provider and EMAIL_SERVER pointed at the relay
// (passwordless-stories.ts: pointAtMailRelay).
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { type RowReader, sessionCookie, signOutOnBuiltInPage } from "./database-stories.js";
import type { App } from "./setup-app.js";

/** Polls the relay's inbox for the first mail to `address`: mail is sent before the verify-request page shows. */
async function mailTo(app: App, address: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mail = app.smtp.messages.find((message) => message.envelope?.to.includes(address));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail reached ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The sign-in page's email form (the page also has a form per other provider). */
function emailForm(page: Page) {
  return page.locator("form", { has: page.getByRole("button", { name: "Sign in with Email" }) });
}

/** Registers the email-link story over the app's database, read through `rows`. */
export function emailLinkSessionStory(app: App, rows: RowReader): void {
  test("email: a mailed link signs in with a verified user and a session row whose token is the cookie; sign-out deletes it", async () => {
    const email = "grace@example.test";
    const page = await app.freshPage();
    try {
      await page.goto(`${app.url}${app.base}/signin?callbackUrl=${encodeURIComponent("/")}`);
      await emailForm(page).getByLabel("Email").fill(email);
      await emailForm(page).getByRole("button").click();
      await page.waitForURL((url) => url.pathname === `${app.base}/verify-request`);
      expect(await rows("SELECT 1 FROM verification_tokens WHERE identifier = ?", email)).toHaveLength(1);

      const mail = await mailTo(app, email);
      const link = /https?:\/\/\S+\/callback\/nodemailer\?\S+/.exec(mail.text ?? "")?.[0];
      expect(link?.startsWith(`${app.url}${app.base}/callback/nodemailer?`)).toBe(true);
      await page.goto(link as string);
      await page.waitForURL(`${app.url}/`);
      expect(await app.sessionOf(page)).toMatchObject({ user: { email } });

      const [user] = await rows<{ id: string; email_verified: unknown }>(
        "SELECT id, email_verified FROM users WHERE email = ?",
        email,
      );
      expect(user?.email_verified).toBeTruthy();
      const token = await sessionCookie(app, page);
      expect(token).toBeDefined();
      expect(await rows("SELECT session_token FROM sessions WHERE user_id = ?", user?.id)).toEqual([
        { session_token: token },
      ]);
      // The link was single-use: its token is gone.
      expect(await rows("SELECT 1 FROM verification_tokens WHERE identifier = ?", email)).toEqual([]);

      await signOutOnBuiltInPage(app, page);
      expect(await rows("SELECT 1 FROM sessions WHERE session_token = ?", token)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
}
