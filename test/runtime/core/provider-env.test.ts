import { describe, expect, it } from "vitest";
import { providerEnvKey, providerEnvSettings } from "../../../src/runtime/core/provider-env.js";

describe("AUTH_<ID>_* (core/provider-env.ts): the one spelling the runtime reads and the CLI writes", () => {
  it("upper-snake-cases the provider id", () => {
    expect(providerEnvKey("microsoft-entra-id", "ID")).toBe("AUTH_MICROSOFT_ENTRA_ID_ID");
    expect(providerEnvKey("github", "SECRET")).toBe("AUTH_GITHUB_SECRET");
  });

  it("reads each setting from its key and treats an empty value as unset", () => {
    const env = {
      AUTH_OKTA_ID: "client",
      AUTH_OKTA_SECRET: "",
      AUTH_OKTA_ISSUER: "https://okta.test",
      AUTH_OKTA_KEY: "k",
    };
    expect(providerEnvSettings("okta", env)).toEqual({ clientId: "client", issuer: "https://okta.test", apiKey: "k" });
    expect(providerEnvSettings("github", env)).toEqual({});
  });
});
