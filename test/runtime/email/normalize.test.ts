/**
 * Address normalisation (AUTHJS-FACTS §6): NFKC, trim, lower-case, then validation of the result. The
 * recipient reaches the mail transport, so anything that could name a second mailbox is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeEmailAddress } from "../../../src/runtime/core/email/normalize.js";
import { type SmtpServer, startSmtpServer } from "../../support/smtp-server.mjs";
import { emailConfig, followLink, linkIn, ORIGIN, requestLink, sessionOf } from "./support.js";

let smtp: SmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp?.close();
});

const accepted: Array<[input: string, address: string]> = [
  ["ada@example.test", "ada@example.test"],
  ["  Ada@Example.TEST \n", "ada@example.test"],
  ["ada+news@example.test", "ada+news@example.test"],
  ["o'brien.x@sub.example.test", "o'brien.x@sub.example.test"],
  // NFKC folds compatibility forms: fullwidth letters and the fullwidth at sign become ASCII.
  ["ａｄａ＠ｅｘａｍｐｌｅ.test", "ada@example.test"],
  ["ÉLODIE@example.test", "élodie@example.test"],
];

const rejected: Array<[input: string, why: string]> = [
  ["", "empty"],
  ["   ", "blank"],
  ["ada", "no @"],
  ["@example.test", "empty local part"],
  ["ada@", "empty domain"],
  ["ada@evil.test@example.test", "two @"],
  ["ada@example.test,eve@evil.test", "a comma list"],
  ["ada@example.test;eve@evil.test", "a semicolon list"],
  ["ada@example.test eve@evil.test", "a whitespace list"],
  ['"eve@evil.test"@example.test', "a quoted local part"],
  ["Eve <eve@evil.test>", "a display name"],
  ["ada@example.test(eve@evil.test)", "a comment"],
  ["group:eve@evil.test", "a group"],
  // NFKC turns the fullwidth comma into "," — validated after normalising, so it is refused.
  ["ada@example.test，eve@evil.test", "a fullwidth comma list"],
];

describe("normalizeEmailAddress", () => {
  it.each(accepted)("accepts %j as %s", (input, address) => {
    expect(normalizeEmailAddress(input)).toBe(address);
  });

  it.each(rejected)("rejects %j (%s)", (input) => {
    expect(() => normalizeEmailAddress(input)).toThrow();
  });
});

describe("email sign-in with a messy address", () => {
  it("mails the normalised address and signs in as it", async () => {
    const { config } = emailConfig(smtp);
    await requestLink(config, "  ＡＤＡ@Example.TEST ");
    const message = smtp.messages.at(-1)!;
    expect(message.envelope.to).toEqual(["ada@example.test"]);
    const { jar } = await followLink(config, linkIn(message));
    expect((await sessionOf(config, jar))?.user?.email).toBe("ada@example.test");
  });

  it("sends a rejected address back to the sign-in page with EmailSignInError, mailing nothing", async () => {
    const { config, store, errors } = emailConfig(smtp);
    const before = smtp.messages.length;
    const { response } = await requestLink(config, "ada@example.test, eve@evil.test");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=EmailSignInError`);
    expect(smtp.messages).toHaveLength(before);
    expect(store.verificationTokens.size).toBe(0);
    expect(errors.map((error) => error.name)).toEqual(["EmailSignInError"]);
  });

  it("uses a provider's normalizeIdentifier instead of the default", async () => {
    const { config } = emailConfig(smtp, {
      provider: { normalizeIdentifier: (input) => `${input.trim().split("+")[0]}@corp.example.test` },
    });
    await requestLink(config, "ada+anything");
    expect(smtp.messages.at(-1)!.envelope.to).toEqual(["ada@corp.example.test"]);
  });

  it("treats a throwing normalizeIdentifier as a rejected address", async () => {
    const { config } = emailConfig(smtp, {
      provider: {
        normalizeIdentifier: () => {
          throw new Error("only corporate addresses");
        },
      },
    });
    const { response } = await requestLink(config, "ada@example.test");
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=EmailSignInError`);
  });
});
