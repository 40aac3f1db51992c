import { describe, expect, it, vi } from "vitest";
import {
  DuplicateConditionalUI,
  ExperimentalFeatureNotEnabled,
  MissingAdapter,
  MissingAdapterMethods,
  MissingWebAuthnAutocomplete,
} from "../../../src/runtime/errors.js";
import { Auth } from "../../../src/runtime/index.js";
import passkey from "../../../src/runtime/providers/passkey.js";
import { get } from "../core/support.js";
import { memoryWithout } from "./adapters.js";
import { passkeyConfig } from "./support.js";

async function configurationError(config: Parameters<typeof Auth>[1], errors: Error[]) {
  const response = await Auth(get("/auth/providers"), config);
  expect(response.status).toBe(500);
  return errors.at(-1);
}

describe("passkey configuration", () => {
  it("warns once that WebAuthn is experimental", async () => {
    const { config, warnings } = passkeyConfig();
    await Auth(get("/auth/providers"), config);
    await Auth(get("/auth/providers"), config);
    expect(warnings.filter((code) => code === "experimental-webauthn")).toHaveLength(1);
  });

  it("warns once per logger even when the config object is rebuilt for every request (as Qwik does)", async () => {
    const { config, warnings } = passkeyConfig();
    await Auth(get("/auth/providers"), { ...config });
    await Auth(get("/auth/providers"), { ...config });
    expect(warnings.filter((code) => code === "experimental-webauthn")).toHaveLength(1);
  });

  it("prints the experimental warning on the console when no logger is configured", async () => {
    const { config } = passkeyConfig();
    delete config.logger;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      await Auth(get("/auth/providers"), config);
      expect(warn).toHaveBeenCalledWith("[auth][warn][experimental-webauthn]", expect.stringContaining("experimental"));
    } finally {
      warn.mockRestore();
    }
  });

  it("is refused until experimental.enableWebAuthn is set", async () => {
    const { config, errors } = passkeyConfig({ experimental: {} });
    expect(await configurationError(config, errors)).toBeInstanceOf(ExperimentalFeatureNotEnabled);
  });

  it("needs an adapter", async () => {
    const { config, errors } = passkeyConfig();
    delete config.adapter;
    expect(await configurationError(config, errors)).toBeInstanceOf(MissingAdapter);
  });

  it("names the authenticator methods an adapter lacks before any sign-in", async () => {
    const { config, errors } = passkeyConfig({
      adapter: memoryWithout("createAuthenticator", "updateAuthenticatorCounter"),
    });
    const error = await configurationError(config, errors);
    expect(error).toBeInstanceOf(MissingAdapterMethods);
    expect(error?.message).toContain("`createAuthenticator`, `updateAuthenticatorCounter`");
  });
});

describe("passkey conditional UI configuration", () => {
  it("allows conditional UI on one WebAuthn provider only", async () => {
    const { config, errors } = passkeyConfig({
      providers: [passkey(), passkey({ id: "security-key", name: "Security key" })],
    });
    expect(await configurationError(config, errors)).toBeInstanceOf(DuplicateConditionalUI);
  });

  it("accepts a second WebAuthn provider without conditional UI", async () => {
    const { config } = passkeyConfig({
      providers: [passkey(), passkey({ id: "security-key", name: "Security key", enableConditionalUI: false })],
    });
    expect((await Auth(get("/auth/providers"), config)).status).toBe(200);
  });

  it("needs a form field with webauthn autocomplete for conditional UI", async () => {
    const { config, errors } = passkeyConfig({
      providers: [passkey({ formFields: { email: { label: "Email", autocomplete: "email" } } })],
    });
    expect(await configurationError(config, errors)).toBeInstanceOf(MissingWebAuthnAutocomplete);
  });
});
