/**
 * The configuration an integration serves each request with (core/server/config-source.ts): a config object is
 * prepared once, when first used; a config function is called per request, and each answer prepared.
 */
import { describe, expect, it } from "vitest";
import { configSource } from "../../../../src/runtime/core/server/config-source.js";

interface Config {
  basePath?: string;
  name: string;
}

describe("the configuration of a request", () => {
  it("prepares a config object once, on first use, not when the integration is made", async () => {
    const prepared: string[] = [];
    const app: Config = { name: "app" };
    const resolve = configSource(app, (config, request: string) => {
      prepared.push(request);
      config.basePath = "/auth";
      return config;
    });
    expect(prepared).toEqual([]);
    expect(app.basePath).toBeUndefined();
    expect(await resolve("/a")).toBe(app);
    expect(await resolve("/b")).toBe(app);
    expect(prepared).toEqual(["/a"]);
    expect(app.basePath).toBe("/auth");
  });

  it("calls a config function per request, with that request, and prepares each answer", async () => {
    const resolve = configSource(
      async (request: string) => ({ name: request }),
      (config, request) => ({ ...config, basePath: `${request}/auth` }),
    );
    expect(await resolve("/a")).toEqual({ name: "/a", basePath: "/a/auth" });
    expect(await resolve("/b")).toEqual({ name: "/b", basePath: "/b/auth" });
  });
});
