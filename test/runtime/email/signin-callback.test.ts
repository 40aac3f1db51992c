/**
 * The `signIn` callback runs twice in an email sign-in: before the mail is sent (with
 * `email.verificationRequest: true`, so an app can refuse to mail some addresses) and when the link is
 * followed (without it).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallbacksOptions } from "../../../src/runtime/types.js";
import { type SmtpServer, startSmtpServer } from "../../support/smtp-server.mjs";
import { emailConfig, followLink, linkIn, ORIGIN, requestLink } from "./support.js";

let smtp: SmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp?.close();
});

type SignInParams = Parameters<NonNullable<CallbacksOptions["signIn"]>>[0];

describe("signIn callback in email sign-in", () => {
  it("refusing the verification request sends no mail and stores no token", async () => {
    const { config, store } = emailConfig(smtp, {
      config: { callbacks: { signIn: ({ email }) => !email?.verificationRequest } },
    });
    const before = smtp.messages.length;
    const { response } = await requestLink(config, "ada@example.test");
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=AccessDenied`);
    expect(smtp.messages).toHaveLength(before);
    expect(store.verificationTokens.size).toBe(0);
  });

  it("is asked first with verificationRequest and the address, then without it when the link is followed", async () => {
    const seen: SignInParams[] = [];
    const { config } = emailConfig(smtp, {
      config: {
        callbacks: {
          signIn: (params) => {
            seen.push(params);
            return true;
          },
        },
      },
    });
    await requestLink(config, "ada@example.test");
    await followLink(config, linkIn(smtp.messages.at(-1)!));

    expect(seen).toHaveLength(2);
    expect(seen[0]!.email).toEqual({ verificationRequest: true });
    expect(seen[0]!.user.email).toBe("ada@example.test");
    expect(seen[0]!.account).toMatchObject({
      type: "email",
      provider: "nodemailer",
      providerAccountId: "ada@example.test",
    });
    expect(seen[1]!.email).toBeUndefined();
    expect(seen[1]!.account).toMatchObject({ type: "email", providerAccountId: "ada@example.test" });
  });

  it("sees the stored user when the address belongs to one", async () => {
    const users: SignInParams["user"][] = [];
    const { config, store } = emailConfig(smtp, {
      config: {
        callbacks: {
          signIn: ({ user }) => {
            users.push(user);
            return true;
          },
        },
      },
    });
    store.users.set("user-9", { id: "user-9", name: "Known", email: "known@example.test", emailVerified: null });
    await requestLink(config, "known@example.test");
    expect(users[0]).toMatchObject({ id: "user-9", name: "Known" });
  });

  it("redirects where a string verdict says, without mailing", async () => {
    const { config } = emailConfig(smtp, { config: { callbacks: { signIn: () => "/waitlist" } } });
    const before = smtp.messages.length;
    const { response } = await requestLink(config, "ada@example.test");
    expect(response.headers.get("location")).toBe(`${ORIGIN}/waitlist`);
    expect(smtp.messages).toHaveLength(before);
  });
});
