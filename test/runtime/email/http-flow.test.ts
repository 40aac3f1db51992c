/**
 * A whole magic-link sign-in through `Auth` with an HTTP email provider, its vendor played by the loopback
 * stand-in (./api-stand-in.ts): the key comes from AUTH_<ID>_KEY through the env defaults, the link the
 * vendor received signs the user in, and a vendor that refuses the key ends the sign-in on the sign-in page
 * with EmailSignInError (never a 500), the key and the link in neither the answer nor the log.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import memory, { createMemoryStore } from "../../../src/runtime/adapters/memory.js";
import { setEnvDefaults } from "../../../src/runtime/index.js";
import loops from "../../../src/runtime/providers/loops.js";
import resend from "../../../src/runtime/providers/resend.js";
import { type AuthConfig, customFetch } from "../../../src/runtime/types.js";
import type { EmailConfig } from "../../../src/runtime/types-email.js";
import { baseConfig, captureLogger } from "../core/support.js";
import { type EmailApiStandIn, startEmailApiStandIn } from "./api-stand-in.js";
import { FROM, followLink, ORIGIN, requestLink, SESSION_COOKIE, sessionOf } from "./support.js";

let api: EmailApiStandIn;

beforeAll(async () => {
  api = await startEmailApiStandIn();
});

afterAll(async () => {
  await api?.close();
});

function senderConfig(provider: EmailConfig, env: Record<string, string>) {
  const store = createMemoryStore();
  const { logger, errors } = captureLogger();
  const config: AuthConfig = baseConfig({
    adapter: memory(store),
    logger,
    providers: [{ ...provider, [customFetch]: api.routeTo }],
  });
  // What every integration does with process.env on its first request.
  setEnvDefaults(env, config);
  return { config, store, errors };
}

/** The one link in what the vendor was asked to send. */
function sentLink(): string {
  const request = api.requests.at(-1)!;
  const body = JSON.parse(request.body) as { text?: string; dataVariables?: { url?: string } };
  const link = body.dataVariables?.url ?? body.text?.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error("the vendor received no link");
  return link;
}

describe("email sign-in through an HTTP sender", () => {
  it("signs a new user in with the link Resend was asked to mail, the key read from AUTH_RESEND_KEY", async () => {
    const { config, store } = senderConfig(resend({ from: FROM }), { AUTH_RESEND_KEY: api.key });
    const { response } = await requestLink(config, "Ada@Example.test", {
      providerId: "resend",
      fields: { callbackUrl: "/dashboard" },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/verify-request?provider=resend&type=email`);
    expect(api.requests.at(-1)!.headers.authorization).toBe(`Bearer ${api.key}`);

    const link = sentLink();
    expect(link.startsWith(`${ORIGIN}/auth/callback/resend?`)).toBe(true);
    const signedIn = await followLink(config, link);
    expect(signedIn.response.headers.get("location")).toBe(`${ORIGIN}/dashboard`);
    expect(signedIn.jar.get(SESSION_COOKIE)).toBeDefined();
    expect((await sessionOf(config, signedIn.jar))?.user?.email).toBe("ada@example.test");
    expect([...store.users.values()][0]!.emailVerified).toBeInstanceOf(Date);
  });

  it("signs in with the link Loops received as its template's data variable", async () => {
    const { config } = senderConfig(loops({ transactionalId: "cm0sign1n0000link" }), { AUTH_LOOPS_KEY: api.key });
    await requestLink(config, "grace@example.test", { providerId: "loops" });
    const signedIn = await followLink(config, sentLink());
    expect((await sessionOf(config, signedIn.jar))?.user?.email).toBe("grace@example.test");
  });

  it("ends the sign-in with EmailSignInError when the vendor refuses the key, leaking neither key nor link", async () => {
    const wrongKey = "re_a-key-the-vendor-revoked";
    const { config, store, errors } = senderConfig(resend({ from: FROM }), { AUTH_RESEND_KEY: wrongKey });
    const { response } = await requestLink(config, "ada@example.test", { providerId: "resend" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=EmailSignInError`);
    expect(await response.text()).toBe("");
    // The link that never left cannot be used later.
    expect(store.verificationTokens.size).toBe(0);

    const sent = JSON.parse(api.requests.at(-1)!.body) as { text: string };
    const link = sent.text.match(/https?:\/\/\S+/)![0];
    const token = new URL(link).searchParams.get("token")!;
    expect(errors).toHaveLength(1);
    expect(errors[0]!.name).toBe("EmailSignInError");
    const cause = (errors[0] as Error & { cause?: { err?: Error } }).cause?.err;
    expect(cause?.message).toMatch(/^Resend refused the sign-in email \(HTTP 403\): invalid_api_key/);
    const logged = [errors[0]!.message, errors[0]!.stack, cause?.message, cause?.stack].join("\n");
    for (const secret of [wrongKey, token, link]) expect(logged).not.toContain(secret);
  });

  it("answers a client-side sign-in whose vendor refuses with the error URL as JSON", async () => {
    const { config } = senderConfig(resend({ from: FROM }), { AUTH_RESEND_KEY: "re_wrong" });
    const { response } = await requestLink(config, "ada@example.test", {
      providerId: "resend",
      headers: { "X-Auth-Return-Redirect": "1" },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: `${ORIGIN}/auth/signin?error=EmailSignInError` });
  });
});
