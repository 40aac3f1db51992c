/**
 * The browser side of the loopback identity provider (test/support/oidc-server.mjs): oidc-provider's
 * devInteractions show a login form (any login and password work), then a consent form. Every e2e test that
 * signs in with OIDC goes through here, so a change of those pages is mended in one place.
 */
import type { Page } from "playwright-core";

export async function loginAtIdentityProvider(page: Page, issuer: string | undefined, login = "ada"): Promise<void> {
  await page.waitForURL((url) => url.origin === issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}
