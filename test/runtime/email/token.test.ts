/**
 * Verification tokens: only a hash reaches the adapter, a link lives `maxAge` seconds, and a link whose
 * token or address was changed signs nobody in.
 */
import { createHash } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type SmtpServer, startSmtpServer } from "../../support/smtp-server.mjs";
import { SECRET } from "../core/support.js";
import { emailConfig, followLink, linkIn, ORIGIN, requestLink, SESSION_COOKIE } from "./support.js";

let smtp: SmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp?.close();
});

afterEach(() => {
  vi.useRealTimers();
});

const VERIFICATION_ERROR = `${ORIGIN}/auth/error?error=Verification`;

function mailedLink() {
  return new URL(linkIn(smtp.messages.at(-1)!));
}

describe("verification tokens", () => {
  it("stores sha256(token + secret), never the mailed token", async () => {
    const { config, store } = emailConfig(smtp);
    await requestLink(config, "ada@example.test");
    const mailed = mailedLink().searchParams.get("token")!;
    expect(mailed).toMatch(/^[0-9a-f]{64}$/);

    const [stored] = [...store.verificationTokens.values()];
    expect(stored!.identifier).toBe("ada@example.test");
    expect(stored!.token).not.toBe(mailed);
    expect(stored!.token).toBe(createHash("sha256").update(`${mailed}${SECRET}`).digest("hex"));
  });

  it("hashes with the provider's own secret when it has one", async () => {
    const { config, store } = emailConfig(smtp, { provider: { secret: "provider-secret" } });
    await requestLink(config, "ada@example.test");
    const mailed = mailedLink().searchParams.get("token")!;
    const [stored] = [...store.verificationTokens.values()];
    expect(stored!.token).toBe(createHash("sha256").update(`${mailed}provider-secret`).digest("hex"));
    expect((await followLink(config, mailedLink().href)).jar.get(SESSION_COOKIE)).toBeDefined();
  });

  it("mails the provider's generateVerificationToken", async () => {
    const { config } = emailConfig(smtp, { provider: { generateVerificationToken: () => "custom-token-123" } });
    await requestLink(config, "ada@example.test");
    expect(mailedLink().searchParams.get("token")).toBe("custom-token-123");
  });

  it("expires the link after maxAge and deletes the expired token", async () => {
    const { config, store } = emailConfig(smtp, { provider: { maxAge: 60 } });
    const requestedAt = Date.now();
    await requestLink(config, "ada@example.test");
    const [stored] = [...store.verificationTokens.values()];
    expect(stored!.expires.getTime() - requestedAt).toBeGreaterThanOrEqual(60_000);
    expect(stored!.expires.getTime() - requestedAt).toBeLessThan(70_000);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(stored!.expires.getTime() + 1000);
    const { response, jar } = await followLink(config, mailedLink().href);
    expect(response.headers.get("location")).toBe(VERIFICATION_ERROR);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(store.verificationTokens.size).toBe(0);
  });

  it("lasts 24 hours by default", async () => {
    const { config, store } = emailConfig(smtp);
    const requestedAt = Date.now();
    await requestLink(config, "ada@example.test");
    const [stored] = [...store.verificationTokens.values()];
    expect(stored!.expires.getTime() - requestedAt).toBeGreaterThanOrEqual(86_400_000);
    expect(stored!.expires.getTime() - requestedAt).toBeLessThan(86_410_000);
  });

  it("signs in exactly once when the link is opened twice at the same time", async () => {
    const { config, store } = emailConfig(smtp);
    await requestLink(config, "ada@example.test");
    const link = mailedLink().href;
    const results = await Promise.all([followLink(config, link), followLink(config, link)]);
    const locations = results.map(({ response }) => response.headers.get("location")).sort();
    expect(locations).toEqual([VERIFICATION_ERROR, `${ORIGIN}/`].sort());
    expect(results.filter(({ jar }) => jar.get(SESSION_COOKIE)).length).toBe(1);
    expect(store.users.size).toBe(1);
  });

  it("refuses a link whose token was changed", async () => {
    const { config, store } = emailConfig(smtp);
    await requestLink(config, "ada@example.test");
    const link = mailedLink();
    link.searchParams.set("token", "0".repeat(64));
    const { response } = await followLink(config, link.href);
    expect(response.headers.get("location")).toBe(VERIFICATION_ERROR);
    expect(store.users.size).toBe(0);
  });

  it("refuses a valid token presented for another address", async () => {
    const { config, store } = emailConfig(smtp);
    await requestLink(config, "eve@example.test");
    const link = mailedLink();
    link.searchParams.set("email", "ada@example.test");
    const { response } = await followLink(config, link.href);
    expect(response.headers.get("location")).toBe(VERIFICATION_ERROR);
    expect(store.users.size).toBe(0);
  });

  it("refuses a link without a token", async () => {
    const { config } = emailConfig(smtp);
    await requestLink(config, "ada@example.test");
    const link = mailedLink();
    link.searchParams.delete("token");
    expect((await followLink(config, link.href)).response.headers.get("location")).toBe(VERIFICATION_ERROR);
  });

  it("still accepts a link mailed before the secret was rotated", async () => {
    const { config } = emailConfig(smtp);
    await requestLink(config, "ada@example.test");
    const rotated = { ...config, secret: ["a-new-secret-of-at-least-thirty-two-characters", SECRET] };
    expect((await followLink(rotated, mailedLink().href)).jar.get(SESSION_COOKIE)).toBeDefined();
  });
});
