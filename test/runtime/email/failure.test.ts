/**
 * A link that cannot be sent ends the sign-in on the sign-in page with `EmailSignInError`: the cause is
 * logged whole, the browser sees no stack or SMTP detail, and the token that never left is consumed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import nodemailer from "../../../src/runtime/providers/nodemailer.js";
import { type SmtpServer, startSmtpServer } from "../../support/smtp-server.mjs";
import { emailConfig, ORIGIN, requestLink } from "./support.js";

let refusing: SmtpServer;

beforeAll(async () => {
  refusing = await startSmtpServer({ refuseRecipients: true });
});

afterAll(async () => {
  await refusing?.close();
});

describe("email sign-in when the mail cannot be sent", () => {
  it("redirects to the sign-in page with EmailSignInError and nothing else", async () => {
    const { config } = emailConfig(refusing);
    const { response } = await requestLink(config, "ada@example.test");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=EmailSignInError`);
    expect(await response.text()).toBe("");
  });

  it("answers a client-side sign-in with the same URL as JSON, no stack or SMTP reply in it", async () => {
    const { config } = emailConfig(refusing);
    const { response } = await requestLink(config, "ada@example.test", { headers: { "X-Auth-Return-Redirect": "1" } });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ url: `${ORIGIN}/auth/signin?error=EmailSignInError` });
    expect(body).not.toMatch(/550|Mailbox|stack/i);
  });

  it("logs the SMTP refusal as the cause of EmailSignInError", async () => {
    const { config, errors } = emailConfig(refusing);
    await requestLink(config, "ada@example.test");
    expect(errors).toHaveLength(1);
    expect(errors[0]!.name).toBe("EmailSignInError");
    const cause = (errors[0] as Error & { cause?: { err?: Error } }).cause?.err;
    expect(cause?.message).toMatch(/550|Mailbox unavailable|rejected/i);
  });

  it("consumes the token of the link that was never sent", async () => {
    const { config, store } = emailConfig(refusing);
    await requestLink(config, "ada@example.test");
    expect(store.verificationTokens.size).toBe(0);
  });

  it("logs a nodemailer provider without `from` as the cause", async () => {
    const { config, errors } = emailConfig(refusing);
    config.providers = [nodemailer({ server: refusing.url })];
    const { response } = await requestLink(config, "ada@example.test");
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=EmailSignInError`);
    expect((errors[0] as Error & { cause?: { err?: Error } }).cause?.err?.message).toContain("`from`");
  });
});
