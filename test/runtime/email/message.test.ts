/**
 * The default email carries nothing from the request but the link: no address, no host name, no
 * callback URL text. Whatever a request can influence stays inside the (encoded, escaped) link.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpServer, startSmtpServer } from "../../support/smtp-server.mjs";
import { emailConfig, linkIn, requestLink } from "./support.js";

let smtp: SmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp?.close();
});

const WEIRD_HOST = "http://attacker-controlled-host.test";
const WEIRD_CALLBACK = `${WEIRD_HOST}/<b>Your account is locked, call +1-555-0100</b>`;

async function mailForWeirdRequest() {
  const { config } = emailConfig(smtp, { config: { theme: { brandColor: "#ff0000" } } });
  await requestLink(config, "victim@example.test", { origin: WEIRD_HOST, fields: { callbackUrl: WEIRD_CALLBACK } });
  const message = smtp.messages.at(-1)!;
  return { message, link: linkIn(message) };
}

const REQUEST_TEXT = ["attacker", "victim", "example.test", "locked", "555", "<b>"];

describe("the default sign-in email", () => {
  it("has a text part with no request-supplied text besides the link", async () => {
    const { message, link } = await mailForWeirdRequest();
    expect(link.startsWith(`${WEIRD_HOST}/auth/callback/nodemailer?`)).toBe(true);
    const withoutLink = message.text!.replace(link, "");
    for (const fragment of REQUEST_TEXT) expect(withoutLink).not.toContain(fragment);
  });

  it("has an HTML part with no request-supplied text besides the link", async () => {
    const { message, link } = await mailForWeirdRequest();
    const escapedLink = link.replaceAll("&", "&amp;");
    expect(message.html).toContain(`href="${escapedLink}"`);
    const withoutLink = message.html!.replace(escapedLink, "");
    for (const fragment of REQUEST_TEXT) expect(withoutLink).not.toContain(fragment);
  });

  it("has a subject with no request-supplied text", async () => {
    const { message } = await mailForWeirdRequest();
    expect(message.subject).toBe("Your sign-in link");
  });

  it("keeps the callback URL encoded inside the link", async () => {
    const { link } = await mailForWeirdRequest();
    expect(link).not.toMatch(/[<>\s]/);
    expect(new URL(link).searchParams.get("callbackUrl")).toBe(new URL(WEIRD_CALLBACK).href);
  });

  it("uses the theme's brand colour for the button", async () => {
    const { message } = await mailForWeirdRequest();
    expect(message.html).toContain("background:#ff0000");
  });
});
