/**
 * The whole magic-link sign-in through `Auth` and a real SMTP server: the form post mails a link, the
 * link signs the user in once, and the user's address is marked verified.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Auth } from "../../../src/runtime/index.js";
import { type SmtpServer, startSmtpServer } from "../../support/smtp-server.mjs";
import { get } from "../core/support.js";
import { emailConfig, FROM, followLink, linkIn, ORIGIN, requestLink, SESSION_COOKIE, sessionOf } from "./support.js";

let smtp: SmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp?.close();
});

describe("email sign-in", () => {
  it("mails a link that signs a new user in, creating the user with emailVerified", async () => {
    const { config, store } = emailConfig(smtp);
    const before = smtp.messages.length;
    const { response } = await requestLink(config, "ada@example.test", { fields: { callbackUrl: "/dashboard" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/verify-request?provider=nodemailer&type=email`);

    expect(smtp.messages).toHaveLength(before + 1);
    const message = smtp.messages.at(-1)!;
    expect(message.envelope.to).toEqual(["ada@example.test"]);
    expect(message.from).toBe(FROM);
    const link = linkIn(message);
    expect(link.startsWith(`${ORIGIN}/auth/callback/nodemailer?`)).toBe(true);

    const signedIn = await followLink(config, link);
    expect(signedIn.response.status).toBe(302);
    expect(signedIn.response.headers.get("location")).toBe(`${ORIGIN}/dashboard`);
    expect(signedIn.jar.get(SESSION_COOKIE)).toBeDefined();
    expect((await sessionOf(config, signedIn.jar))?.user?.email).toBe("ada@example.test");

    const users = [...store.users.values()];
    expect(users).toHaveLength(1);
    expect(users[0]!.email).toBe("ada@example.test");
    expect(users[0]!.emailVerified).toBeInstanceOf(Date);
  });

  it("refuses a link the second time with Verification", async () => {
    const { config } = emailConfig(smtp);
    await requestLink(config, "grace@example.test");
    const link = linkIn(smtp.messages.at(-1)!);
    expect((await followLink(config, link)).response.status).toBe(302);

    const again = await followLink(config, link);
    expect(again.response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Verification`);
    expect(again.jar.get(SESSION_COOKIE)).toBeUndefined();
  });

  it("signs in the existing owner of a proved address instead of creating another user", async () => {
    const { config, store } = emailConfig(smtp);
    const provedBefore = new Date(Date.now() - 86_400_000);
    store.users.set("user-7", {
      id: "user-7",
      name: "Existing",
      email: "known@example.test",
      emailVerified: provedBefore,
    });
    await requestLink(config, "known@example.test");
    const { jar } = await followLink(config, linkIn(smtp.messages.at(-1)!));

    expect(store.users.size).toBe(1);
    expect(store.users.get("user-7")!.emailVerified!.getTime()).toBeGreaterThan(provedBefore.getTime());
    expect(store.users.get("user-7")!.name).toBe("Existing");
    expect((await sessionOf(config, jar))?.user?.email).toBe("known@example.test");
  });

  it("signs in with a JWT session when the strategy is jwt, the user still stored", async () => {
    const { config, store } = emailConfig(smtp, { config: { session: { strategy: "jwt" } } });
    await requestLink(config, "lin@example.test");
    const { jar } = await followLink(config, linkIn(smtp.messages.at(-1)!));
    expect(jar.get(SESSION_COOKIE)!.split(".")).toHaveLength(5);
    expect(store.sessions.size).toBe(0);
    expect((await sessionOf(config, jar))?.user?.email).toBe("lin@example.test");
    expect([...store.users.values()].map((user) => user.email)).toEqual(["lin@example.test"]);
  });

  it("emits createUser and signIn (isNewUser) for a first sign-in, updateUser and signIn for the next", async () => {
    const seen: string[] = [];
    const { config } = emailConfig(smtp, {
      config: {
        events: {
          createUser: ({ user }) => void seen.push(`createUser ${user.email}`),
          updateUser: ({ user }) => void seen.push(`updateUser ${user.email}`),
          signIn: ({ account, isNewUser }) => void seen.push(`signIn ${account?.type} new=${isNewUser}`),
        },
      },
    });
    for (let round = 0; round < 2; round++) {
      await requestLink(config, "mo@example.test");
      await followLink(config, linkIn(smtp.messages.at(-1)!));
    }
    expect(seen).toEqual([
      "createUser mo@example.test",
      "signIn email new=true",
      "updateUser mo@example.test",
      "signIn email new=false",
    ]);
  });

  it("redirects to pages.verifyRequest, carrying the provider", async () => {
    const { config } = emailConfig(smtp, { config: { pages: { verifyRequest: "/check-your-inbox" } } });
    const { response } = await requestLink(config, "ada@example.test");
    expect(response.headers.get("location")).toBe(`${ORIGIN}/check-your-inbox?provider=nodemailer&type=email`);
  });

  it("shows the built-in check-your-email page", async () => {
    const { config } = emailConfig(smtp);
    const response = await Auth(get("/auth/verify-request?provider=nodemailer&type=email"), config);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Check your email");
  });

  it("sends nothing without the CSRF token", async () => {
    const { config, store } = emailConfig(smtp);
    const before = smtp.messages.length;
    const { response } = await requestLink(config, "ada@example.test", { fields: { csrfToken: "forged" } });
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`);
    expect(smtp.messages).toHaveLength(before);
    expect(store.verificationTokens.size).toBe(0);
  });
});
