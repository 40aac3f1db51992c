/**
 * The HTTP email providers against one loopback stand-in of their vendors' APIs (./api-stand-in.ts): each
 * sends one request of its vendor's documented shape (method, path, authentication, content type, the mail's
 * fields with the link in them), and each of the vendor's refusals (a bad key, a validation error, a rate
 * limit) becomes an error naming the vendor and the status, never holding the API key or the link. One row
 * per provider; the last test fails when a provider module sends email without a row here.
 */
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmailApiError } from "../../../src/runtime/core/email/http-send.js";
import forwardemail from "../../../src/runtime/providers/forwardemail.js";
import loops from "../../../src/runtime/providers/loops.js";
import mailgun from "../../../src/runtime/providers/mailgun.js";
import postmark from "../../../src/runtime/providers/postmark.js";
import resend from "../../../src/runtime/providers/resend.js";
import sendgrid from "../../../src/runtime/providers/sendgrid.js";
import { customFetch } from "../../../src/runtime/types.js";
import type { EmailConfig, EmailUserConfig, SendVerificationRequestParams } from "../../../src/runtime/types-email.js";
import { type EmailApiStandIn, type RecordedRequest, startEmailApiStandIn } from "./api-stand-in.js";

const FROM = "Example App <no-reply@example.test>";
const TO = "ada@example.test";
const TOKEN = "4f1c9a7e0b2d4c6e8f0a1b3c5d7e9f1a2b4c6d8e0f1a3b5c7d9e1f3a5b7c9d1e";
const LINK = `http://localhost:3000/auth/callback/x?callbackUrl=%2F&token=${TOKEN}&email=ada%40example.test`;

/** What a vendor's request carried of the mail, read the vendor's way. */
interface Carried {
  to: string;
  from?: unknown;
  subject?: string;
  text?: string;
  html?: string;
  /** A template vendor's link, handed over as a data variable. */
  url?: string;
}

interface Row {
  id: string;
  create: (options: EmailUserConfig) => EmailConfig;
  /** The vendor's send endpoint, as the provider addresses it. */
  host: string;
  path: string;
  /** The header that carries the key, and its value for `key`. */
  auth: (key: string) => [string, string];
  contentType: RegExp;
  read: (request: RecordedRequest) => Carried;
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
const body = (request: RecordedRequest) => JSON.parse(request.body) as Record<string, unknown>;

const ROWS: Row[] = [
  {
    id: "resend",
    create: (options) => resend(options),
    host: "api.resend.com",
    path: "/emails",
    auth: (key) => ["authorization", `Bearer ${key}`],
    contentType: /^application\/json/,
    read: (request) => {
      const { to, from, subject, text, html } = body(request) as Record<string, string> & { to: string[] };
      expect(to).toEqual([TO]);
      return { to: to[0]!, from, subject, text, html };
    },
  },
  {
    id: "sendgrid",
    create: (options) => sendgrid(options),
    host: "api.sendgrid.com",
    path: "/v3/mail/send",
    auth: (key) => ["authorization", `Bearer ${key}`],
    contentType: /^application\/json/,
    read: (request) => {
      const sent = body(request) as {
        personalizations: Array<{ to: Array<{ email: string }> }>;
        from: unknown;
        subject: string;
        content: Array<{ type: string; value: string }>;
      };
      expect(sent.personalizations).toEqual([{ to: [{ email: TO }] }]);
      expect(sent.content.map((part) => part.type)).toEqual(["text/plain", "text/html"]);
      return {
        to: sent.personalizations[0]!.to[0]!.email,
        from: sent.from,
        subject: sent.subject,
        text: sent.content[0]!.value,
        html: sent.content[1]!.value,
      };
    },
  },
  {
    id: "postmark",
    create: (options) => postmark(options),
    host: "api.postmarkapp.com",
    path: "/email",
    auth: (key) => ["x-postmark-server-token", key],
    contentType: /^application\/json/,
    read: (request) => {
      const sent = body(request) as Record<string, string>;
      expect(sent.MessageStream).toBe("outbound");
      return { to: sent.To!, from: sent.From, subject: sent.Subject, text: sent.TextBody, html: sent.HtmlBody };
    },
  },
  {
    id: "mailgun",
    create: (options) => mailgun(options),
    host: "api.mailgun.net",
    // The sending domain defaults to the sender's.
    path: "/v3/example.test/messages",
    auth: (key) => ["authorization", basic("api", key)],
    contentType: /^application\/x-www-form-urlencoded/,
    read: (request) => {
      const form = new URLSearchParams(request.body);
      return {
        to: form.get("to")!,
        from: form.get("from"),
        subject: form.get("subject")!,
        text: form.get("text")!,
        html: form.get("html")!,
      };
    },
  },
  {
    id: "loops",
    create: (options) => loops({ transactionalId: "cm0sign1n0000link", ...options }),
    host: "app.loops.so",
    path: "/api/v1/transactional",
    auth: (key) => ["authorization", `Bearer ${key}`],
    contentType: /^application\/json/,
    read: (request) => {
      const sent = body(request) as { transactionalId: string; email: string; dataVariables: { url: string } };
      expect(sent.transactionalId).toBe("cm0sign1n0000link");
      expect(Object.keys(sent.dataVariables)).toEqual(["url"]);
      return { to: sent.email, url: sent.dataVariables.url };
    },
  },
  {
    id: "forwardemail",
    create: (options) => forwardemail(options),
    host: "api.forwardemail.net",
    path: "/v1/emails",
    auth: (key) => ["authorization", basic(key, "")],
    contentType: /^application\/json/,
    read: (request) => {
      const sent = body(request) as Record<string, string>;
      return { to: sent.to!, from: sent.from, subject: sent.subject, text: sent.text, html: sent.html };
    },
  },
];

let api: EmailApiStandIn;

beforeAll(async () => {
  api = await startEmailApiStandIn();
});

afterAll(async () => {
  await api?.close();
});

function provider(row: Row, options: EmailUserConfig = {}): EmailConfig {
  return { ...row.create({ apiKey: api.key, from: FROM, ...options }), [customFetch]: api.routeTo };
}

/** Sends the link for `TO` the way the core does, returning the request the stand-in received. */
async function send(sender: EmailConfig, to = TO): Promise<RecordedRequest> {
  const before = api.requests.length;
  try {
    await sender.sendVerificationRequest({ ...paramsFor(sender), identifier: to });
  } finally {
    expect(api.requests.length).toBe(before + 1);
  }
  return api.requests.at(-1)!;
}

async function refusal(sender: EmailConfig, to = TO): Promise<EmailApiError> {
  const error = await send(sender, to).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(EmailApiError);
  return error as EmailApiError;
}

function expectNoSecrets(message: string): void {
  expect(message).not.toContain(api.key);
  expect(message).not.toContain(TOKEN);
  expect(message).not.toContain(LINK);
}

describe.each(ROWS)("the $id provider", (row) => {
  it("sends one POST of the vendor's shape, authenticated, with the link in the mail", async () => {
    const request = await send(provider(row));
    expect(request.method).toBe("POST");
    expect(request.host).toBe(row.host);
    expect(request.path).toBe(row.path);
    const [header, value] = row.auth(api.key);
    expect(request.headers[header]).toBe(value);
    expect(request.headers["content-type"]).toMatch(row.contentType);

    const carried = row.read(request);
    expect(carried.to).toBe(TO);
    if (carried.url !== undefined) {
      // A template vendor gets the link alone; its template holds the words and the sender.
      expect(carried.url).toBe(LINK);
      return;
    }
    expect(
      carried.from === FROM ||
        JSON.stringify(carried.from) === JSON.stringify({ email: "no-reply@example.test", name: "Example App" }),
    ).toBe(true);
    expect(carried.subject).toBe("Your sign-in link");
    expect(carried.text).toContain(LINK);
    expect(carried.html).toContain(`href="${LINK.replaceAll("&", "&amp;")}"`);
  });

  it("answers the vendor's refusal of a wrong key with an error naming the vendor and status, not the key", async () => {
    const error = await refusal(provider(row, { apiKey: "a-revoked-key-that-is-not-right" }));
    const status = row.id === "resend" ? 403 : 401;
    expect(error.status).toBe(status);
    expect(error.message).toContain(`HTTP ${status}`);
    expect(error.message).toContain(error.vendor);
    expect(error.message).not.toContain("a-revoked-key-that-is-not-right");
    expectNoSecrets(error.message);
  });

  it("passes the vendor's validation error on, with its own words", async () => {
    // An address the core's normaliser would never pass, as a custom `normalizeIdentifier` might.
    const error = await refusal(provider(row), "not-an-address");
    expect([400, 422]).toContain(error.status);
    expect(error.message).toMatch(/required|missing|invalid/i);
    expectNoSecrets(error.message);
  });

  it("reports the vendor's rate limit as HTTP 429", async () => {
    api.rateLimitNext();
    const error = await refusal(provider(row));
    expect(error.status).toBe(429);
    expect(error.message).toContain("HTTP 429");
    expectNoSecrets(error.message);
  });

  it("refuses to send without an API key, naming the env key the CLI writes", async () => {
    const sender = { ...row.create({ from: FROM }), [customFetch]: api.routeTo };
    const before = api.requests.length;
    await expect(Promise.resolve(sender.sendVerificationRequest(paramsFor(sender)))).rejects.toThrow(
      `AUTH_${row.id.toUpperCase()}_KEY`,
    );
    expect(api.requests.length).toBe(before);
  });
});

describe("HTTP sender options", () => {
  it("mailgun sends to the EU API for region eu, to the domain it is given", async () => {
    // The EU host is not the stand-in's US one: the route is checked on what was addressed.
    const routed: string[] = [];
    const sender: EmailConfig = {
      ...mailgun({ apiKey: api.key, from: FROM, region: "eu", domain: "mg.example.test" }),
      [customFetch]: (input, init) => {
        routed.push(String(input));
        return api.routeTo(String(input).replace("api.eu.mailgun.net", "api.mailgun.net"), init);
      },
    };
    await send(sender);
    expect(routed).toEqual(["https://api.eu.mailgun.net/v3/mg.example.test/messages"]);
  });

  it("mailgun refuses a region that is neither us nor eu, before any request", async () => {
    const odd = { ...mailgun({ apiKey: api.key, from: FROM, region: "ap" as "eu" }), [customFetch]: api.routeTo };
    const before = api.requests.length;
    await expect(Promise.resolve(odd.sendVerificationRequest(paramsFor(odd)))).rejects.toThrow(
      '"ap" is neither "us" nor "eu"',
    );
    expect(api.requests.length).toBe(before);
  });

  it("mailgun takes an upper-case region and a blank one (an unset env value) as the default", async () => {
    const routed: string[] = [];
    for (const region of ["EU", ""]) {
      const sender: EmailConfig = {
        ...mailgun({ apiKey: api.key, from: FROM, region: region as "eu" }),
        [customFetch]: (input, init) => {
          routed.push(new URL(String(input)).host);
          return api.routeTo(String(input).replace("api.eu.mailgun.net", "api.mailgun.net"), init);
        },
      };
      await send(sender);
    }
    expect(routed).toEqual(["api.eu.mailgun.net", "api.mailgun.net"]);
  });

  it("loops refuses to send without a transactionalId", async () => {
    const sender = { ...loops({ apiKey: api.key }), [customFetch]: api.routeTo };
    await expect(Promise.resolve(sender.sendVerificationRequest(paramsFor(sender)))).rejects.toThrow("transactionalId");
  });

  it("a sender that takes a `from` refuses to send without one", async () => {
    const sender = { ...resend({ apiKey: api.key }), [customFetch]: api.routeTo };
    await expect(Promise.resolve(sender.sendVerificationRequest(paramsFor(sender)))).rejects.toThrow("`from`");
  });

  it("an unreachable API is an EmailApiError with status 0", async () => {
    const sender: EmailConfig = {
      ...resend({ apiKey: api.key, from: FROM }),
      [customFetch]: () => Promise.reject(new TypeError("fetch failed")),
    };
    const error = await Promise.resolve(sender.sendVerificationRequest(paramsFor(sender))).then(
      () => undefined,
      (caught: unknown) => caught as EmailApiError,
    );
    expect(error).toBeInstanceOf(EmailApiError);
    expect(error!.status).toBe(0);
    expect(error!.message).toBe("Resend could not be reached: fetch failed");
  });
});

function paramsFor(sender: EmailConfig): SendVerificationRequestParams {
  return {
    identifier: TO,
    url: LINK,
    expires: new Date(),
    provider: sender,
    token: TOKEN,
    theme: { colorScheme: "auto" },
    request: new Request("http://localhost:3000/auth/signin/x", { method: "POST" }),
  };
}

describe("the table of HTTP senders", () => {
  it("has a row for every provider module that sends email over HTTP", async () => {
    const dir = new URL("../../../src/runtime/providers/", import.meta.url);
    const senders: string[] = [];
    for (const file of readdirSync(dir).filter((name) => name.endsWith(".ts"))) {
      const module = (await import(new URL(file, dir).href)) as {
        default?: (options?: object) => { type?: string; id?: string };
      };
      if (typeof module.default !== "function") continue;
      const created = (() => {
        try {
          return module.default({ sendVerificationRequest: () => undefined });
        } catch {
          return undefined;
        }
      })();
      // The SMTP sender and the bring-your-own-delivery provider are tested with the SMTP server.
      if (created?.type === "email" && created.id !== "nodemailer" && created.id !== "email") senders.push(created.id!);
    }
    expect(senders.sort()).toEqual(ROWS.map((row) => row.id).sort());
  });
});
