// The passwordless stories every framework's database fixture runs after `init --providers nodemailer,passkey
// --strategy database --db sqlite`: a person signs in by a mailed link (a real smtp-server on loopback holds
// the mail) and by a passkey (Chromium's DevTools virtual authenticator), from the built-in sign-in page,
// reaching the app's protected page; the SQLite file the generated client module opened shows the rows.
// The app is browsed as http://localhost:<port>: WebAuthn needs a secure context, and 127.0.0.1 is none.
import type { BrowserContext, Page } from "playwright-core";
import { expect, test } from "vitest";
import type { SmtpServer } from "../support/smtp-server.mjs";
import { type DatabaseApp, rows, sessionCookie, sessionOf, signOut } from "./database-stories.js";

export interface PasswordlessApp extends DatabaseApp {
  /** A page the app protects: signed out, it sends the visitor to the sign-in page and back. */
  protectedPath: string;
  smtp: SmtpServer;
}

/** The form of the sign-in page whose button says `button` (email and passkey forms both have an Email field). */
function formWith(page: Page, button: string) {
  return page.locator("form", { has: page.getByRole("button", { name: button }) });
}

/** Polls the SMTP server's inbox (mail is sent before the verify-request page, but asserted on arrival). */
async function mailTo(app: PasswordlessApp, address: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mail = app.smtp.messages.find((message) => message.envelope?.to.includes(address));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail reached ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A platform authenticator in DevTools: CTAP2, built in, resident keys, user verification that succeeds. */
async function addPlatformAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const devtools = await context.newCDPSession(page);
  await devtools.send("WebAuthn.enable", { enableUI: false });
  await devtools.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** Registers both stories; `app()` is read when a test runs (after beforeAll started everything). */
export function passwordlessStories(app: () => PasswordlessApp): void {
  test("email: the built-in page mails a link; following it reaches the protected page with a session row; sign-out ends it", async () => {
    const { appUrl, base, protectedPath, browser } = app();
    const email = "ada@example.test";
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${appUrl}${protectedPath}`);
      await page.waitForURL((url) => url.pathname === `${base}/signin`);
      await formWith(page, "Sign in with Email").getByLabel("Email").fill(email);
      await formWith(page, "Sign in with Email").getByRole("button").click();
      await page.waitForURL((url) => url.pathname === `${base}/verify-request`);
      await expect(page.getByRole("heading", { name: "Check your email" }).isVisible()).resolves.toBe(true);

      const mail = await mailTo(app(), email);
      const link = /https?:\/\/\S+\/callback\/nodemailer\?\S+/.exec(mail.text ?? "")?.[0];
      expect(link?.startsWith(`${appUrl}${base}/callback/nodemailer?`)).toBe(true);
      await page.goto(link!);
      await page.waitForURL(`${appUrl}${protectedPath}`);
      await expect(page.getByTestId("user-email").textContent()).resolves.toBe(email);

      const [user] = rows<{ id: string; email_verified: unknown }>(
        app(),
        "SELECT id, email_verified FROM users WHERE email = ?",
        email,
      );
      expect(user?.email_verified).not.toBeNull();
      const token = await sessionCookie(app(), page);
      expect(rows(app(), "SELECT session_token FROM sessions WHERE user_id = ?", user?.id)).toEqual([
        { session_token: token },
      ]);
      // The link was single-use: its token is gone.
      expect(rows(app(), "SELECT 1 FROM verification_tokens WHERE identifier = ?", email)).toEqual([]);

      await signOut(app(), page);
      expect(rows(app(), "SELECT 1 FROM sessions WHERE session_token = ?", token)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("passkey: registers on the built-in page with an email, signs out, signs in again with it as the same user", async () => {
    const { appUrl, base, protectedPath, browser } = app();
    const email = "grace@example.test";
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await addPlatformAuthenticator(context, page);
      await page.goto(`${appUrl}${protectedPath}`);
      await page.waitForURL((url) => url.pathname === `${base}/signin`);
      await formWith(page, "Sign in with Passkey").getByLabel("Email").fill(email);
      await formWith(page, "Sign in with Passkey").getByRole("button").click();
      await page.waitForURL(`${appUrl}${protectedPath}`);
      await expect(page.getByTestId("user-email").textContent()).resolves.toBe(email);

      const [user] = rows<{ id: string }>(app(), "SELECT id FROM users WHERE email = ?", email);
      const [registered] = rows<{ credential_id: string; counter: number }>(
        app(),
        "SELECT credential_id, counter FROM authenticators WHERE user_id = ?",
        user?.id,
      );
      expect(registered).toBeDefined();
      expect(rows(app(), "SELECT 1 FROM sessions WHERE user_id = ?", user?.id)).toHaveLength(1);

      await signOut(app(), page);
      expect(rows(app(), "SELECT 1 FROM sessions WHERE user_id = ?", user?.id)).toEqual([]);

      // Back on the sign-in page the email field's passkey autofill (conditional UI) is answered by the
      // authenticator: no typing, no button.
      await page.goto(`${appUrl}${protectedPath}`);
      await page.waitForURL(`${appUrl}${protectedPath}`);
      await expect(page.getByTestId("user-email").textContent()).resolves.toBe(email);
      expect((await sessionOf(app(), page))?.user?.email).toBe(email);
      const [after] = rows<{ credential_id: string; counter: number }>(
        app(),
        "SELECT credential_id, counter FROM authenticators WHERE user_id = ?",
        user?.id,
      );
      expect(after?.credential_id).toBe(registered?.credential_id);
      expect(after?.counter).toBeGreaterThan(registered?.counter ?? 0);
      expect(rows(app(), "SELECT 1 FROM users WHERE email = ?", email)).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
}
