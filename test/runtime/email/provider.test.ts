/**
 * The generic `email` provider (delivery is the app's `sendVerificationRequest`) and how email providers
 * appear on the providers endpoint and the built-in sign-in page.
 */
import { describe, expect, it } from "vitest";
import memory, { createMemoryStore } from "../../../src/runtime/adapters/memory.js";
import { Auth } from "../../../src/runtime/index.js";
import email from "../../../src/runtime/providers/email.js";
import nodemailer from "../../../src/runtime/providers/nodemailer.js";
import type { EmailConfig, SendVerificationRequestParams } from "../../../src/runtime/types-email.js";
import { baseConfig, captureLogger, get } from "../core/support.js";
import { followLink, ORIGIN, requestLink, SESSION_COOKIE } from "./support.js";

function genericConfig(options: Partial<Parameters<typeof email>[0]> = {}) {
  const sent: SendVerificationRequestParams[] = [];
  const { logger, errors } = captureLogger();
  const config = baseConfig({
    adapter: memory(createMemoryStore()),
    logger,
    theme: { brandColor: "#123456" },
    providers: [
      email({
        sendVerificationRequest: (params) => {
          sent.push(params);
        },
        ...options,
      }),
    ],
  });
  return { config, sent, errors };
}

describe("the generic email provider", () => {
  it("hands sendVerificationRequest the address, link, token, expiry, provider, theme and request", async () => {
    const { config, sent } = genericConfig({ maxAge: 600 });
    await requestLink(config, "Ada@Example.test", { providerId: "email", fields: { callbackUrl: "/home" } });
    expect(sent).toHaveLength(1);
    const params = sent[0]!;
    expect(params.identifier).toBe("ada@example.test");
    const link = new URL(params.url);
    expect(`${link.origin}${link.pathname}`).toBe(`${ORIGIN}/auth/callback/email`);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      callbackUrl: `${ORIGIN}/home`,
      token: params.token,
      email: "ada@example.test",
    });
    expect(params.expires.getTime() - Date.now()).toBeGreaterThan(590_000);
    expect(params.provider).toMatchObject({ id: "email", type: "email", maxAge: 600 });
    expect(params.theme).toMatchObject({ brandColor: "#123456" });
    expect(params.request).toBeInstanceOf(Request);
    expect(params.request.method).toBe("POST");
  });

  it("signs in with the link it was handed", async () => {
    const { config, sent } = genericConfig();
    await requestLink(config, "ada@example.test", { providerId: "email" });
    const { jar } = await followLink(config, sent[0]!.url);
    expect(jar.get(SESSION_COOKIE)).toBeDefined();
  });

  it("is a configuration error without sendVerificationRequest", async () => {
    const { logger, errors } = captureLogger();
    const broken = { id: "email", name: "Email", type: "email" } as EmailConfig;
    const config = baseConfig({ adapter: memory(), logger, providers: [broken] });
    const response = await Auth(get("/auth/providers"), config);
    expect(response.status).toBe(500);
    expect(errors[0]!.message).toContain("sendVerificationRequest");
  });

  it("is a configuration error with a maxAge that is not a positive number", async () => {
    const { config, errors } = genericConfig({ maxAge: -5 });
    const response = await Auth(get("/auth/providers"), config);
    expect(response.status).toBe(500);
    expect(errors[0]!.message).toContain("maxAge");
  });
});

describe("email providers on the providers endpoint and sign-in page", () => {
  const config = () =>
    baseConfig({
      adapter: memory(),
      providers: [nodemailer({ server: "smtp://127.0.0.1:1", from: "a@example.test", name: "Magic link" })],
    });

  it("lists the nodemailer provider with its sign-in and callback URLs", async () => {
    const providers = await (await Auth(get("/auth/providers"), config())).json();
    expect(providers).toEqual({
      nodemailer: {
        id: "nodemailer",
        name: "Magic link",
        type: "email",
        signinUrl: `${ORIGIN}/auth/signin/nodemailer`,
        callbackUrl: `${ORIGIN}/auth/callback/nodemailer`,
      },
    });
  });

  it("renders an email form posting to /signin/<id> with the CSRF token", async () => {
    const html = await (await Auth(get("/auth/signin"), config())).text();
    const form = /<form action="([^"]+)" method="POST">([\s\S]*?)<\/form>/.exec(html);
    expect(form?.[1]).toBe(`${ORIGIN}/auth/signin/nodemailer`);
    expect(form?.[2]).toMatch(/<input type="hidden" name="csrfToken" value="[0-9a-f]{64}">/);
    expect(form?.[2]).toMatch(/<input [^>]*name="email" type="email" autocomplete="email"[^>]*required>/);
    expect(form?.[2]).toContain("Sign in with Magic link");
  });
});
