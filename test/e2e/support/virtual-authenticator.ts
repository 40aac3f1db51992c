/**
 * WebAuthn in headless Chromium: a DevTools virtual authenticator stands in for the platform authenticator a
 * person's device would have, so passkey registration and sign-in run for real in the browser.
 */
import type { BrowserContext, Page } from "playwright-core";

/** A platform authenticator in DevTools: CTAP2, built in, resident keys, user verification that succeeds. */
export async function addPlatformAuthenticator(context: BrowserContext, page: Page) {
  const devtools = await context.newCDPSession(page);
  await devtools.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await devtools.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { devtools, authenticatorId };
}
