/** The configuration of a server-side call (core/server/config.ts): the raw result, no CSRF token. */
import { describe, expect, it } from "vitest";
import { serverConfig } from "../../../../src/runtime/core/server/config.js";
import { raw, skipCSRFCheck } from "../../../../src/runtime/types.js";
import { config } from "./support.js";

describe("the server-side configuration", () => {
  it("asks for the raw result and skips the CSRF token, made once per config object, the app's left alone", () => {
    const app = config();
    const server = serverConfig(app);
    expect(server.raw).toBe(raw);
    expect(server.skipCSRFCheck).toBe(skipCSRFCheck);
    expect(serverConfig(app)).toBe(server);
    expect(serverConfig(config())).not.toBe(server);
    expect("skipCSRFCheck" in app).toBe(false);
  });
});
