// The passwordless stories every framework's database fixture runs after `init --providers nodemailer,passkey
// --strategy database --db sqlite`: a person signs in by a mailed link (a real smtp-server on loopback holds
// the mail) and by a passkey (Chromium's DevTools virtual authenticator), from the built-in sign-in page,
// reaching the app's protected page; the SQLite file the generated client module opened shows the rows.
// The app is browsed as http://localhost:<port>: WebAuthn needs a secure context, and 127.0.0.1 is none.
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { fillEnvFile } from "../../support/fixture-app.mjs";
import { sessionCookie, signOutOnBuiltInPage, sqliteRows } from "./database-stories.js";
import type { App, EditContext } from "./setup-app.js";
import { addPlatformAuthenticator } from "./virtual-authenticator.js";

/** What the next steps ask of a person in the env file: the mail relay and sender, and the public URL. */
export async function pointAtMailRelay(envFile: string, { appUrl, smtp }: EditContext): Promise<void> {
  if (!smtp)
    throw new Error(
      "the mail relay did not start (is a provider that mails, nodemailer or password, among the providers?)",
    );
  await fillEnvFile(envFile, {
    AUTH_URL: appUrl,
    EMAIL_SERVER: smtp.url,
    EMAIL_FROM: "Acme Notes <no-reply@acme.test>",
  });
}

/** The form of the sign-in page whose button says `button` (email and passkey forms both have an Email field). */
function formWith(page: Page, button: string) {
  return page.locator("form", { has: page.getByRole("button", { name: button }) });
}

/** Polls the SMTP server's inbox (mail is sent before the verify-request page, but asserted on arrival). */
async function mailTo(app: App, address: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mail = app.smtp.messages.find((message) => message.envelope?.to.includes(address));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail reached ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Registers both stories; `protectedPath` is a page the app protects (signed out: to sign in and back). */
export function passwordlessStories(app: App, { protectedPath }: { protectedPath: string }): void {
  const rows = sqliteRows(app);

  test("email: the built-in page mails a link; following it reaches the protected page with a session row; sign-out ends it", async () => {
    const email = "ada@example.test";
    const page = await app.freshPage();
    try {
      await page.goto(`${app.url}${protectedPath}`);
      await page.waitForURL((url) => url.pathname === `${app.base}/signin`);
      await formWith(page, "Sign in with Email").getByLabel("Email").fill(email);
      await formWith(page, "Sign in with Email").getByRole("button").click();
      await page.waitForURL((url) => url.pathname === `${app.base}/verify-request`);
      await expect(page.getByRole("heading", { name: "Check your email" }).isVisible()).resolves.toBe(true);

      const mail = await mailTo(app, email);
      const link = /https?:\/\/\S+\/callback\/nodemailer\?\S+/.exec(mail.text ?? "")?.[0];
      expect(link?.startsWith(`${app.url}${app.base}/callback/nodemailer?`)).toBe(true);
      await page.goto(link!);
      await page.waitForURL(`${app.url}${protectedPath}`);
      await expect(page.getByTestId("user-email").textContent()).resolves.toBe(email);

      const [user] = await rows<{ id: string; email_verified: unknown }>(
        "SELECT id, email_verified FROM users WHERE email = ?",
        email,
      );
      expect(user?.email_verified).not.toBeNull();
      const token = await sessionCookie(app, page);
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

  test("passkey: registers on the built-in page with an email, signs out, signs in again with it as the same user", async () => {
    const email = "grace@example.test";
    const page = await app.freshPage();
    try {
      await addPlatformAuthenticator(page.context(), page);
      await page.goto(`${app.url}${protectedPath}`);
      await page.waitForURL((url) => url.pathname === `${app.base}/signin`);
      await formWith(page, "Sign in with Passkey").getByLabel("Email").fill(email);
      await formWith(page, "Sign in with Passkey").getByRole("button").click();
      await page.waitForURL(`${app.url}${protectedPath}`);
      await expect(page.getByTestId("user-email").textContent()).resolves.toBe(email);

      const [user] = await rows<{ id: string }>("SELECT id FROM users WHERE email = ?", email);
      const authenticatorRow = async () =>
        (
          await rows<{ credential_id: string; counter: number }>(
            "SELECT credential_id, counter FROM authenticators WHERE user_id = ?",
            user?.id,
          )
        )[0];
      const registered = await authenticatorRow();
      expect(registered).toBeDefined();
      expect(await rows("SELECT 1 FROM sessions WHERE user_id = ?", user?.id)).toHaveLength(1);

      await signOutOnBuiltInPage(app, page);
      expect(await rows("SELECT 1 FROM sessions WHERE user_id = ?", user?.id)).toEqual([]);

      // Back on the sign-in page the email field's passkey autofill (conditional UI) is answered by the
      // authenticator: no typing, no button.
      await page.goto(`${app.url}${protectedPath}`);
      await page.waitForURL(`${app.url}${protectedPath}`);
      await expect(page.getByTestId("user-email").textContent()).resolves.toBe(email);
      expect((await app.sessionOf(page))?.user?.email).toBe(email);
      const after = await authenticatorRow();
      expect(after?.credential_id).toBe(registered?.credential_id);
      expect(after?.counter).toBeGreaterThan(registered?.counter ?? 0);
      expect(await rows("SELECT 1 FROM users WHERE email = ?", email)).toHaveLength(1);
    } finally {
      await page.context().close();
    }
  });
}
