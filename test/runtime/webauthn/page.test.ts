import { describe, expect, it } from "vitest";
import { PASSKEY_SCRIPT } from "../../../src/runtime/core/pages/passkey.js";
import { Auth } from "../../../src/runtime/index.js";
import passkey from "../../../src/runtime/providers/passkey.js";
import { get } from "../core/support.js";
import { passkeyConfig } from "./support.js";

async function signInPage(config: Parameters<typeof Auth>[1], path = "/auth/signin"): Promise<string> {
  const response = await Auth(get(path), config);
  expect(response.status).toBe(200);
  return response.text();
}

describe("the passkey form on the built-in sign-in page", () => {
  it("points at the provider's options and callback endpoints", async () => {
    const html = await signInPage(passkeyConfig().config);
    expect(html).toContain('action="http://localhost:3000/auth/callback/passkey" method="POST"');
    expect(html).toContain('data-options-url="http://localhost:3000/auth/webauthn-options/passkey"');
    expect(html).toContain("Sign in with Passkey</button>");
  });

  it("offers passkeys in the email field's autofill when conditional UI is on", async () => {
    const html = await signInPage(passkeyConfig().config);
    expect(html).toMatch(/<input [^>]*name="email" type="email" data-passkey-field autocomplete="username webauthn">/);
    expect(html).toContain('data-conditional-ui="true"');
  });

  it("turns the autofill request off with enableConditionalUI: false", async () => {
    const { config } = passkeyConfig({ providers: [passkey({ enableConditionalUI: false })] });
    expect(await signInPage(config)).toContain('data-conditional-ui="false"');
  });

  it("carries the script unchanged, whatever the request says", async () => {
    const html = await signInPage(
      passkeyConfig().config,
      "/auth/signin?callbackUrl=%2F%22%3E%3C%2Fscript%3E%3Cscript%3Ealert(1)",
    );
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    expect(scripts).toEqual([PASSKEY_SCRIPT]);
  });
});
