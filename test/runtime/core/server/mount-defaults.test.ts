/**
 * The environment defaults of an integration that mounts the auth routes itself: AUTH_URL's path, the
 * base path chosen from the config, AUTH_URL and the framework's mount path, and the prepared copy an
 * integration serves with where the framework names the mount (Express, SolidStart).
 */
import { describe, expect, it } from "vitest";
import type { IntegrationConfig } from "../../../../src/runtime/core/server/config.js";
import { applyMountDefaults, envUrlPath, mountedConfig } from "../../../../src/runtime/core/server/mount-defaults.js";
import { baseConfig, captureLogger, SECRET } from "../support.js";

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

describe("the config served at a mount the framework names", () => {
  const env = { AUTH_SECRET: SECRET, AUTH_URL: "https://app.example/account" };

  it("is a copy at the mount, AUTH_URL's path notwithstanding and unwarned; the app's object is left alone", () => {
    const { logger, warnings } = captureLogger();
    const { secret: _secret, ...app } = config({ logger, basePath: "/custom" });
    const prepared = mountedConfig(app, "/auth", env);
    expect(prepared.basePath).toBe("/auth");
    expect(prepared.secret).toEqual([SECRET]);
    expect(app.basePath).toBe("/custom");
    expect(warnings).toEqual([]);
  });

  it("is made once per config object and mount, so the core's per-object caches hold", () => {
    const app = config();
    expect(mountedConfig(app, "/auth", env)).toBe(mountedConfig(app, "/auth", env));
    expect(mountedConfig(app, "/other", env)).not.toBe(mountedConfig(app, "/auth", env));
    const owner = {};
    expect(mountedConfig({ ...app }, "/auth", env, owner)).toBe(mountedConfig({ ...app }, "/auth", env, owner));
  });

  it("keeps a root mount apart from a read outside the routes (no mount): each has its own base path", () => {
    const { basePath: _basePath, ...rest } = config();
    const app: IntegrationConfig = rest;
    const local = { AUTH_SECRET: SECRET };
    expect(mountedConfig(app, "", local).basePath).toBe("");
    expect(mountedConfig(app, undefined, local).basePath).toBe("/auth");
    expect(mountedConfig(app, "", local).basePath).toBe("");
  });
});
