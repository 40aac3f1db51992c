/**
 * What the core checks before any password request runs: an adapter, and every adapter method the flows call
 * (the password contract's three included), named in the log when one is missing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Auth } from "../../../src/runtime/index.js";
import type { Adapter } from "../../../src/runtime/types.js";
import { type SmtpServer, startSmtpServer } from "../../support/smtp-server.mjs";
import { get, passwordSetup } from "./support.js";

let smtp: SmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

describe("password provider configuration", () => {
  it("refuses to run without an adapter", async () => {
    const setup = passwordSetup(smtp, { config: { adapter: undefined } });
    const response = await Auth(get("/auth/signup"), setup.config);
    // A page: the Configuration error page itself (core/errors.ts), its cause in the log.
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("Server error");
    expect(setup.errors.map((error) => error.name)).toEqual(["MissingAdapter"]);
  });

  it("names the password methods an adapter lacks", async () => {
    const setup = passwordSetup(smtp);
    const { getPasswordHash: _get, deleteUserSessions: _delete, ...rest } = setup.adapter;
    const withoutThem: Adapter = rest;
    const broken = passwordSetup(smtp, { config: { adapter: withoutThem } });
    await Auth(get("/auth/signup"), broken.config);
    expect(broken.errors).toHaveLength(1);
    expect(broken.errors[0]!.name).toBe("MissingAdapterMethods");
    expect(broken.errors[0]!.message).toContain("`getPasswordHash`, `deleteUserSessions`");
  });
});
