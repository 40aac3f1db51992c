/**
 * Cross-site scripting on the built-in pages (sign-in, sign-out, error, check-your-email, the passkey form)
 * and in the sign-in email. Everything a request carries (callbackUrl, `?error=`, provider segment, the
 * address typed into the email form) and everything a deployment may fill from data it does not fully
 * control (provider names, credential labels and placeholders, passkey field labels, the theme's colours
 * and logo) is put on the pages as text or as a quoted attribute value, escaped; the only script is the
 * constant passkey script, so a `script-src 'sha256-…'` policy holds (docs/passkeys.md).
 * Sources: OWASP XSS Prevention cheat sheet (rules 1 and 2: HTML body and quoted attribute contexts; rule 4:
 * CSS values), OWASP XSS Filter Evasion cheat sheet (the payloads), CVE-2021-32702 / GHSA-954c-jjx6-cxv7
 * (reflected XSS through `?error=` on a Next.js auth library's page), GHSA-9x4v-xfq5-m8x5 (the same on
 * another auth library's error page), CVE-2022-31127 / GHSA-pgjx-7f9g-9463 (next-auth put the typed address
 * into the sign-in email's HTML). next-auth has no advisory for XSS on its own pages.
 * The runtime's only policy on these pages is against framing (`frame-ancestors 'none'`, X-Frame-Options DENY:
 * the clickjacking cases at the end); the browser cases below serve them under a strict policy of the app's own
 * (docs/passkeys.md) and check nothing breaks it.
 */
import { createHash } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { escapeHtml } from "../../src/runtime/core/pages/html.js";
import { PASSKEY_SCRIPT } from "../../src/runtime/core/pages/passkey.js";
import { Auth } from "../../src/runtime/index.js";
import credentials from "../../src/runtime/providers/credentials.js";
import passkey from "../../src/runtime/providers/passkey.js";
import type { AuthConfig, OAuthConfig, Theme } from "../../src/runtime/types.js";
import { launchChromium } from "../support/chromium.mjs";
import { type SmtpServer, startSmtpServer } from "../support/smtp-server.mjs";
import { acme, attackedApp, BASE, ORIGIN } from "./fuzz/app.js";

/** Each calls `__pwned(<where>)` if it ever runs; the browser cases record every call. */
const PAYLOADS = [
  `"><script>__pwned("double-quote")</script>`,
  `'><img src=x onerror=__pwned('single-quote')>`,
  `</style><script>__pwned("style")</script>`,
  `</textarea></title><svg onload=__pwned("svg")>`,
  `--><script>__pwned("comment")</script><!--`,
  `javascript:__pwned("scheme")`,
  `&lt;script&gt;__pwned("entity")&lt;/script&gt;`,
  `<iframe srcdoc="<script>parent.__pwned('srcdoc')</script>">`,
  `\u2028\u2029<script>__pwned("separators")</script>`,
];

/** The `?error=` types a page may be asked to show: attacker-chosen, never echoed (GHSA-954c-jjx6-cxv7). */
const ERROR_PAYLOADS = [...PAYLOADS, "Configuration<script>__pwned()</script>", "__proto__", "constructor"];

const PASSKEY_HASH = `'sha256-${createHash("sha256").update(PASSKEY_SCRIPT).digest("base64")}'`;

/** What the markup holds that would run: every script body, and every tag with an event handler or a script URL. */
function executable(html: string): { scripts: string[]; handlers: string[]; scriptUrls: string[] } {
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script\s*>/gi)].map((match) => match[1]!);
  const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
  // An attribute name is only what stands outside quotes: an escaped value may spell `onerror=` harmlessly.
  const handlers = tags.filter((tag) => /\son[a-z]+\s*=/i.test(tag.replace(/"[^"]*"|'[^']*'/g, '""')));
  const scriptUrls = tags.filter((tag) =>
    /\s(?:href|src|action|formaction|srcdoc)\s*=\s*["']?\s*(?:javascript|data|vbscript):/i.test(tag),
  );
  return { scripts, handlers, scriptUrls };
}

function expectInert(html: string) {
  const { scripts, handlers, scriptUrls } = executable(html);
  for (const script of scripts) expect(script).toBe(PASSKEY_SCRIPT);
  expect(handlers).toEqual([]);
  expect(scriptUrls).toEqual([]);
  expect(html).not.toMatch(/<(?:iframe|svg|img\s+src=x)\b/i);
  // The <style> block holds only the stylesheet: nothing closed it early.
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
  expect(style).not.toMatch(/[<>]|__pwned|expression\(|url\(/i);
}

async function page(path: string, config: AuthConfig): Promise<{ status: number; html: string; response: Response }> {
  const response = await Auth(new Request(`${ORIGIN}${BASE}${path}`), config);
  return { status: response.status, html: await response.clone().text(), response };
}

/** A deployment whose provider names, labels and theme came from data it does not fully control. */
function hostileConfig(payload: string, theme: Theme = {}): AuthConfig {
  const named: OAuthConfig = { ...acme(), name: payload };
  const app = attackedApp({
    smtpUrl: "smtp://127.0.0.1:9",
    overrides: { theme },
  });
  const email = app.config.providers.find((provider) => typeof provider === "object" && provider.type === "email")!;
  app.config.providers = [
    credentials({
      name: payload,
      credentials: {
        [`field${payload.length}`]: {
          label: payload,
          type: `text" autofocus onfocus="__pwned('type')`,
          placeholder: payload,
          value: payload,
        },
      },
      authorize: async () => null,
    }),
    named,
    { ...email, name: payload } as AuthConfig["providers"][number],
    passkey({
      name: payload,
      formFields: {
        email: { label: payload, required: true, autocomplete: `username webauthn x" onfocus="__pwned('ac')` },
      },
    }),
  ];
  return app.config;
}

describe("request values on the pages are escaped text (OWASP XSS Prevention rules 1 and 2)", () => {
  const config = attackedApp({ smtpUrl: "smtp://127.0.0.1:9" }).config;

  it.each(PAYLOADS)("GET /signin?callbackUrl=/%s: the hidden fields hold it escaped, nothing runs", async (payload) => {
    const { status, html } = await page(`/signin?${new URLSearchParams({ callbackUrl: `/${payload}` })}`, config);
    expect(status).toBe(200);
    expectInert(html);
    expect(html).not.toContain(payload);
  });

  it.each(PAYLOADS)("GET /signin?callbackUrl=<this origin>/?q=%s: escaped, nothing runs", async (payload) => {
    const { html } = await page(`/signin?${new URLSearchParams({ callbackUrl: `${ORIGIN}/?q=${payload}` })}`, config);
    expectInert(html);
  });

  it.each(ERROR_PAYLOADS)(
    "GET /signin?error=%s shows a fixed message, never the value (GHSA-954c-jjx6-cxv7)",
    async (payload) => {
      const { html } = await page(`/signin?${new URLSearchParams({ error: payload })}`, config);
      expectInert(html);
      expect(html).not.toContain("__pwned");
      expect(html).toContain('<p class="error" role="alert">Unable to sign in. Please try again.</p>');
    },
  );

  it.each(ERROR_PAYLOADS)(
    "GET /error?error=%s shows a fixed page, never the value (GHSA-9x4v-xfq5-m8x5)",
    async (payload) => {
      const { html } = await page(`/error?${new URLSearchParams({ error: payload })}`, config);
      expectInert(html);
      expect(html).not.toContain("__pwned");
    },
  );

  it.each(["constructor", "__proto__", "toString", "hasOwnProperty"])(
    "GET /error?error=%s is the plain error page (200, heading Error), not a lookup on Object.prototype",
    async (type) => {
      const { status, html } = await page(`/error?error=${type}`, config);
      expect(status).toBe(200);
      expect(html).toContain("<h1>Error</h1><p>Something went wrong while signing in. Please try again.</p>");
      expect(html).not.toMatch(/native code|\[object Object\]/);
    },
  );

  it.each(PAYLOADS)("GET /signout?callbackUrl=/%s: escaped, nothing runs", async (payload) => {
    const { html } = await page(`/signout?${new URLSearchParams({ callbackUrl: `/${payload}` })}`, config);
    expectInert(html);
    expect(html).not.toContain(payload);
  });

  it.each(PAYLOADS)("GET /verify-request?provider=%s: the page echoes nothing of the request", async (payload) => {
    const { html } = await page(`/verify-request?${new URLSearchParams({ provider: payload, type: payload })}`, config);
    expectInert(html);
    expect(html).not.toContain("__pwned");
  });

  it.each(PAYLOADS)("GET /signin/<%s> (an unknown provider segment) echoes nothing", async (payload) => {
    const { response, html } = await page(`/signin/${encodeURIComponent(payload)}`, config);
    expect(`${response.headers.get("location") ?? ""}${html}`).not.toContain("__pwned");
  });
});

describe("deployment data on the pages is escaped too (provider names, labels, theme)", () => {
  it.each(PAYLOADS)("a provider named %s: the sign-in page renders it as text in every form", async (payload) => {
    const { status, html } = await page("/signin", hostileConfig(payload));
    expect(status).toBe(200);
    expectInert(html);
    expect(html).not.toContain(payload);
    expect(html.match(/<script>/g)?.length).toBe(1);
  });

  const THEMES: Array<[string, Theme]> = [
    ["a brandColor closing the style block", { brandColor: `red}</style><script>__pwned("brand")</script>` }],
    ["a brandColor with a CSS expression", { brandColor: "expression(__pwned())" }],
    ["a brandColor loading a URL", { brandColor: "url(https://evil.test/x)" }],
    ["a brandColor adding a rule", { brandColor: "red;background:url(//evil.test)" }],
    ["a buttonText closing the style block", { buttonText: `#fff}</style><img src=x onerror=__pwned("button")>` }],
    ["a logo breaking out of its attribute", { logo: `x" onerror="__pwned('logo')` }],
    ["a logo with a script scheme", { logo: `javascript:__pwned('logo')` }],
    [
      "a colorScheme closing the style block",
      { colorScheme: `dark}</style><script>__pwned()</script>` as Theme["colorScheme"] },
    ],
  ];

  it.each(THEMES)("%s: every page stays inert (OWASP XSS Prevention rule 4)", async (_label, theme) => {
    const config = hostileConfig("Acme", theme);
    for (const path of ["/signin", "/signout", "/error?error=AccessDenied", "/verify-request"]) {
      const { html } = await page(path, config);
      const { handlers, scripts } = executable(html);
      expect(handlers, path).toEqual([]);
      for (const script of scripts) expect(script, path).toBe(PASSKEY_SCRIPT);
      expect(/<style>([\s\S]*?)<\/style>/.exec(html)?.[1], path).not.toMatch(/[<>]|__pwned|url\(|expression\(/);
      if (theme.logo) {
        // The logo is the deployment's own URL: kept as given, but inside a quoted, escaped attribute.
        expect(html, path).toContain(`<img class="logo" src="${escapeHtml(theme.logo)}" alt="">`);
      }
    }
  });
});

describe("the sign-in email carries no typed address (CVE-2022-31127 / GHSA-pgjx-7f9g-9463)", () => {
  let smtp: SmtpServer;
  let config: AuthConfig;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    config = attackedApp({ smtpUrl: smtp.url }).config;
  });

  afterAll(async () => {
    await smtp?.close();
  });

  const ADDRESSES = [
    `reader+<img src=x onerror=__pwned()>@example.test`,
    `reader+"><script>__pwned()</script>@example.test`,
    `reader@example.test, Before signing in, claim your money at https://evil.test!`,
    `reader+--><script>__pwned()</script>@example.test`,
    "reader+%3Cscript%3E@example.test",
  ];

  it.each(ADDRESSES)("an email sign-in for %j mails no markup of it, or is refused", async (address) => {
    const csrfResponse = await Auth(new Request(`${ORIGIN}${BASE}/csrf`), config);
    const cookie = csrfResponse.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; ");
    const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
    const before = smtp.messages.length;
    const response = await Auth(
      new Request(`${ORIGIN}${BASE}/signin/nodemailer`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie },
        body: new URLSearchParams({ csrfToken, email: address }),
      }),
      config,
    );
    expect(response.status).toBe(302);
    for (const mail of smtp.messages.slice(before)) {
      expect(mail.html ?? "").not.toMatch(/<script|<img|onerror|evil\.test|claim your money/i);
      expect(mail.text ?? "").not.toMatch(/evil\.test|claim your money/);
      expect(executable(mail.html ?? "").handlers).toEqual([]);
    }
  });
});

/** One Chromium for both browser blocks, each in a context of its own (launching one costs about a second). */
let launched: Promise<Browser> | undefined;
function sharedBrowser(): Promise<Browser> {
  launched ??= launchChromium();
  return launched;
}
afterAll(async () => {
  await (await launched)?.close();
});

describe("in a real browser: nothing runs, the fields read back what the server meant, and a strict CSP holds", () => {
  const STRICT_CSP = [
    "default-src 'none'",
    `script-src ${PASSKEY_HASH}`,
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");

  /** One page for every visit: what it served, what ran, and which config answers its requests. */
  let context: BrowserContext;
  let page: Page;
  let served: AuthConfig;
  const pwned: string[] = [];
  const dialogs: string[] = [];

  beforeAll(async () => {
    context = await (await sharedBrowser()).newContext();
    page = await context.newPage();
    await page.exposeFunction("__pwned", (where?: string) => {
      pwned.push(String(where));
    });
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __violations: string[] }).__violations = seen;
      document.addEventListener("securitypolicyviolation", (event) => {
        seen.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    // Every request of the page is answered by Auth itself; HTML gets the strict policy on top.
    await page.route(`${ORIGIN}/**`, async (route) => {
      const request = route.request();
      const response = await Auth(
        new Request(request.url(), { method: request.method(), headers: await request.allHeaders() }),
        served,
      );
      const headers = Object.fromEntries(response.headers);
      if (response.headers.get("content-type")?.startsWith("text/html")) {
        headers["content-security-policy"] = STRICT_CSP;
      }
      await route.fulfill({ status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) });
    });
  }, 60_000);

  afterAll(async () => {
    await context?.close();
  });

  /** Opens `path` with the pages served by `Auth` under `config`; returns what ran and what the CSP refused. */
  async function visit(path: string, config: AuthConfig) {
    served = config;
    pwned.length = 0;
    dialogs.length = 0;
    await page.goto(`${ORIGIN}${BASE}${path}`);
    await page.waitForLoadState("load");
    const callbackUrls = await page.$$eval("input[name=callbackUrl]", (inputs) =>
      inputs.map((input) => (input as HTMLInputElement).value),
    );
    const violations = await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
    return { pwned: [...pwned], dialogs: [...dialogs], callbackUrls, violations };
  }

  it("the sign-in page with every payload in its callbackUrl: nothing runs, each form carries the accepted URL", async () => {
    const config = attackedApp({ smtpUrl: "smtp://127.0.0.1:9" }).config;
    for (const payload of PAYLOADS) {
      const callbackUrl = `/${payload}`;
      const visited = await visit(`/signin?${new URLSearchParams({ callbackUrl })}`, config);
      expect(visited.pwned, payload).toEqual([]);
      expect(visited.dialogs, payload).toEqual([]);
      const expected = new URL(callbackUrl, ORIGIN).href;
      expect(visited.callbackUrls.length, payload).toBeGreaterThan(0);
      for (const value of visited.callbackUrls) expect(value, payload).toBe(expected);
      expect(visited.violations, payload).toEqual([]);
    }
  }, 60_000);

  it("the sign-in page of a deployment with hostile names, labels and theme: nothing runs, the CSP holds", async () => {
    for (const payload of PAYLOADS) {
      const visited = await visit("/signin", hostileConfig(payload, { brandColor: payload, logo: `/${payload}` }));
      expect(visited.pwned, payload).toEqual([]);
      expect(visited.dialogs, payload).toEqual([]);
      // The logo loads from this origin (img-src 'self'); nothing else is fetched or run.
      expect(visited.violations, payload).toEqual([]);
    }
  }, 60_000);

  it("the error, sign-out and check-your-email pages with payloads in the query: nothing runs", async () => {
    const config = attackedApp({ smtpUrl: "smtp://127.0.0.1:9" }).config;
    for (const payload of PAYLOADS) {
      for (const path of [
        `/error?${new URLSearchParams({ error: payload })}`,
        `/signout?${new URLSearchParams({ callbackUrl: `/${payload}` })}`,
        `/verify-request?${new URLSearchParams({ provider: payload })}`,
        `/signin?${new URLSearchParams({ error: payload })}`,
      ]) {
        const visited = await visit(path, config);
        expect(visited.pwned, path).toEqual([]);
        expect(visited.dialogs, path).toEqual([]);
        expect(visited.violations, path).toEqual([]);
      }
    }
  }, 120_000);
});

describe("clickjacking: no built-in page can be framed, by another site or this one (OWASP Clickjacking Defense cheat sheet)", () => {
  const ATTACKER = "http://attacker.test";
  const PATHS = ["/signin", "/signout", "/error?error=AccessDenied", "/verify-request"];
  let context: BrowserContext;
  /** What the next visit frames, and whether the app's pages lose their framing headers (the control). */
  const visit = { path: "/signin", strip: false };

  /** A page that frames `path` nearly transparently, as a clickjacking page does. */
  function frameHost(path: string): string {
    return `<!doctype html><title>Win a prize</title><iframe src="${ORIGIN}${BASE}${path}" style="opacity:0.01"></iframe>`;
  }

  beforeAll(async () => {
    context = await (await sharedBrowser()).newContext();
    const config = attackedApp({ smtpUrl: "smtp://127.0.0.1:9" }).config;
    // The app's auth routes are answered by Auth with its headers as they are; its other paths and the
    // attacker's site serve the framing page.
    await context.route(`${ORIGIN}/**`, async (route) => {
      const request = route.request();
      if (!request.url().startsWith(`${ORIGIN}${BASE}`)) {
        return route.fulfill({ status: 200, contentType: "text/html", body: frameHost(visit.path) });
      }
      const response = await Auth(
        new Request(request.url(), { method: request.method(), headers: await request.allHeaders() }),
        config,
      );
      const headers = Object.fromEntries(response.headers);
      if (visit.strip) {
        delete headers["content-security-policy"];
        delete headers["x-frame-options"];
      }
      return route.fulfill({ status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) });
    });
    await context.route(`${ATTACKER}/**`, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: frameHost(visit.path) }),
    );
  }, 60_000);

  afterAll(async () => {
    await context?.close();
  });

  it("every HTML page says so in its headers: CSP frame-ancestors 'none' and X-Frame-Options DENY", async () => {
    const config = attackedApp({ smtpUrl: "smtp://127.0.0.1:9" }).config;
    for (const path of [...PATHS, "/signin?error=CredentialsSignin", "/error?error=Configuration"]) {
      const { response } = await page(path, config);
      expect(response.headers.get("content-type"), path).toBe("text/html; charset=utf-8");
      expect(response.headers.get("content-security-policy"), path).toBe("frame-ancestors 'none'");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  /** Whether a page of `parent` that frames `path` shows the auth page in its frame. */
  async function framed(path: string, parent: string, strip = false): Promise<boolean> {
    Object.assign(visit, { path, strip });
    const tab = await context.newPage();
    try {
      await tab.goto(`${parent}/clickjack`);
      await tab.waitForLoadState("load");
      const frame = tab.frames().find((candidate) => candidate !== tab.mainFrame());
      if (!frame) return false;
      // A refused frame holds Chromium's error document, not the page: no form, no heading of ours.
      return frame.url().startsWith(`${ORIGIN}${BASE}`) && (await frame.locator("form, h1, .card").count()) > 0;
    } finally {
      await tab.close();
    }
  }

  it.each(PATHS)(
    "%s in a cross-origin iframe is refused by Chromium",
    async (path) => {
      expect(await framed(path, ATTACKER, true), "control: without the headers the page is framed").toBe(true);
      expect(await framed(path, ATTACKER)).toBe(false);
    },
    30_000,
  );

  it("the sign-out page is refused in a frame of this same origin too (frame-ancestors 'none')", async () => {
    expect(await framed("/signout", ORIGIN)).toBe(false);
  }, 30_000);
});
