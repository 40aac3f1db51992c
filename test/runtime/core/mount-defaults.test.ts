/**
 * The environment defaults of an integration that mounts the auth routes itself: AUTH_URL's path, and the
 * base path chosen from the config, AUTH_URL and the framework's mount path.
 */
import { describe, expect, it } from "vitest";
import { applyMountDefaults, envUrlPath } from "../../../src/runtime/core/mount-defaults.js";
import type { IntegrationConfig } from "../../../src/runtime/core/server-actions.js";
import { baseConfig, captureLogger, SECRET } from "./support.js";

function config(overrides: Partial<IntegrationConfig> = {}): IntegrationConfig {
  const { raw: _raw, ...rest } = baseConfig(overrides);
  return rest;
}

describe("the base path an integration mounts", () => {
  it("reads AUTH_URL's path, or NEXTAUTH_URL's when AUTH_URL is empty; nothing from a bare or invalid URL", () => {
    expect(envUrlPath({ AUTH_URL: "https://app.example/account//" })).toBe("/account");
    expect(envUrlPath({ AUTH_URL: "", NEXTAUTH_URL: "https://app.example/api/login" })).toBe("/api/login");
    expect(envUrlPath({ AUTH_URL: "https://app.example" })).toBe("");
    expect(envUrlPath({ AUTH_URL: "not a url" })).toBe("");
    expect(envUrlPath({})).toBe("");
  });

  it("keeps the config's basePath, then takes AUTH_URL's path, then the mount path, without a warning", () => {
    const { logger, warnings } = captureLogger();
    const env = { AUTH_SECRET: SECRET, AUTH_URL: "https://app.example/account" };
    const { basePath: _basePath, ...rest } = config({ logger });
    const unset: IntegrationConfig = rest;
    expect(applyMountDefaults({ ...unset, basePath: "/custom" }, env, "/api/auth").basePath).toBe("/custom");
    expect(applyMountDefaults({ ...unset }, env, "/api/auth").basePath).toBe("/account");
    expect(applyMountDefaults({ ...unset }, { AUTH_SECRET: SECRET }, "/api/auth").basePath).toBe("/api/auth");
    expect(warnings).toEqual([]);
  });
});
