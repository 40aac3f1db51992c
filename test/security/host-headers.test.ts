/**
 * Host header attacks (OWASP WSTG-INPV-17 "Testing for Host Header Injection"; PortSwigger "HTTP Host header
 * attacks": password-reset poisoning, web cache poisoning through unkeyed `X-Forwarded-Host`). Every URL the
 * runtime builds (redirects, the OAuth `redirect_uri`, the provider list, page links, the email link) and every
 * cookie comes from one origin: `AUTH_URL` when it is set, whatever `Host` / `X-Forwarded-*` / `Forwarded`
 * say; the request's own URL when the host is not trusted (and then the request is refused as UntrustedHost);
 * a single well-formed `X-Forwarded-Host` only when `trustHost` says a proxy sets it. Header injection through
 * CR/LF (CWE-113, RFC 9110 §5.5: field values carry no CR/LF) never reaches a response header.
 * next-auth's advisories hold no host-header case (CVE-2023-27490 / GHSA-7r7x-4c4q-c4qf is about stripped
 * OAuth checks, covered by the OAuth suites); its answer to this class is `trustHost` / `AUTH_URL`, which
 * these cases hold the runtime to.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionRequest, type IncomingRequest } from "../../src/runtime/core/server/action-request.js";
import { helperSignIn } from "../../src/runtime/core/server/sign-in-sign-out.js";
import type { AuthConfig } from "../../src/runtime/types.js";
import { CookieJar, setCookies } from "../runtime/core/support.js";
import { type SmtpServer, startSmtpServer } from "../support/smtp-server.mjs";
import { attack } from "./fuzz/answer.js";
import { ACME_AUTHORIZE, attackedApp, BASE, DEMO_USER, ORIGIN, PASSWORD } from "./fuzz/app.js";

const PUBLIC = "https://app.example.test";
/** Where the app server listens behind its proxy: what `request.url` says without any header. */
const INTERNAL = "http://10.0.0.7:3000";
const EVIL = "evil.test";

let smtp: SmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp?.close();
});

/** The spoofing attempts of WSTG-INPV-17, each as the request URL's host and the headers sent with it. */
const SPOOFS: Array<{ label: string; host?: string; headers: Record<string, string> }> = [
  { label: "a spoofed Host", host: EVIL, headers: {} },
  { label: "X-Forwarded-Host", headers: { "x-forwarded-host": EVIL } },
  { label: "X-Forwarded-Host and -Proto http", headers: { "x-forwarded-host": EVIL, "x-forwarded-proto": "http" } },
  { label: "a Host and an X-Forwarded-Host", host: EVIL, headers: { "x-forwarded-host": `www.${EVIL}` } },
  { label: "two X-Forwarded-Host values", headers: { "x-forwarded-host": `${EVIL}, app.example.test` } },
  { label: "Forwarded (RFC 7239)", headers: { forwarded: `host=${EVIL};proto=http` } },
  {
    label: "X-Host, X-Forwarded-Server, X-Original-Host",
    headers: { "x-host": EVIL, "x-forwarded-server": EVIL, "x-original-host": EVIL },
  },
  { label: "an X-Forwarded-Port", headers: { "x-forwarded-port": "8443", "x-forwarded-proto": "http" } },
];

/**
 * Values a trusted proxy never writes: a list (a hop appended to what the client sent, so the first entry
 * is the client's: the web cache and reset poisoning vector), userinfo, a path, a backslash, a space, an
 * encoded CR/LF, markup, an invalid port. Each is ignored: the request's own host is used instead.
 */
const MALFORMED_FORWARDED_HOSTS = [
  `${EVIL}, 10.0.0.7:3000`,
  `${EVIL},10.0.0.7:3000`,
  `${EVIL}@10.0.0.7:3000`,
  `10.0.0.7:3000@${EVIL}`,
  `${EVIL}/path`,
  `${EVIL}\\path`,
  `${EVIL} 10.0.0.7`,
  `${EVIL}%0d%0aSet-Cookie:%20planted=1`,
  `<script>alert(1)</script>.${EVIL}`,
  `${EVIL}:99999`,
  `${EVIL}:`,
  `[::1`,
  `${EVIL}?x=`,
  `${EVIL}#x`,
];

function requestFor(spoof: (typeof SPOOFS)[number], path: string, init: RequestInit = {}): Request {
  const origin = spoof.host ? `http://${spoof.host}` : INTERNAL;
  return new Request(`${origin}${BASE}${path}`, {
    ...init,
    headers: { ...spoof.headers, ...(init.headers as Record<string, string> | undefined) },
  });
}

/** Every absolute URL in a text (a body, a mail): none may name the attacker's host. */
function hostsIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s"'<>&]+/g)].map((match) => new URL(match[0]).host);
}

describe("with AUTH_URL set, no spoofed host header changes any URL or cookie (WSTG-INPV-17)", () => {
  let config: AuthConfig;
  let allowedOrigins: string[];

  beforeAll(() => {
    const app = attackedApp({ smtpUrl: smtp.url, authUrl: PUBLIC });
    config = app.config;
    allowedOrigins = app.allowedOrigins;
  });

  /** A browser that loaded a page through the same spoofing client. */
  async function browser(spoof: (typeof SPOOFS)[number]) {
    const jar = new CookieJar();
    const response = await attack(requestFor(spoof, "/csrf"), config, { allowedOrigins });
    jar.apply(response.response!);
    return { jar, csrf: (JSON.parse(response.body) as { csrfToken: string }).csrfToken };
  }

  function post(spoof: (typeof SPOOFS)[number], path: string, fields: Record<string, string>, jar: CookieJar) {
    return requestFor(spoof, path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
      body: new URLSearchParams(fields),
    });
  }

  for (const spoof of SPOOFS) {
    describe(spoof.label, () => {
      it("the provider list names only AUTH_URL", async () => {
        const result = await attack(requestFor(spoof, "/providers"), config, { allowedOrigins });
        expect(result.faults).toEqual([]);
        expect(new Set(hostsIn(result.body))).toEqual(new Set(["app.example.test"]));
      });

      it("the sign-in, sign-out, error and check-your-email pages link only to AUTH_URL", async () => {
        for (const path of ["/signin", "/signout", "/error?error=AccessDenied", "/verify-request"]) {
          const result = await attack(requestFor(spoof, path), config, { allowedOrigins });
          expect(result.faults, path).toEqual([]);
          expect(result.body, path).not.toContain(EVIL);
          expect(result.body, path).not.toContain("10.0.0.7");
          for (const host of hostsIn(result.body)) expect(host, path).toBe("app.example.test");
        }
      });

      it("the OAuth authorization request's redirect_uri is AUTH_URL's callback (RFC 6749 §3.1.2)", async () => {
        const { jar, csrf } = await browser(spoof);
        const result = await attack(post(spoof, "/signin/acme", { csrfToken: csrf }, jar), config, { allowedOrigins });
        expect(result.faults).toEqual([]);
        const location = new URL(result.response!.headers.get("location")!);
        expect(location.origin + location.pathname).toBe(ACME_AUTHORIZE);
        expect(location.searchParams.get("redirect_uri")).toBe(`${PUBLIC}${BASE}/callback/acme`);
      });

      it("the emailed sign-in link points at AUTH_URL (password-reset poisoning)", async () => {
        const { jar, csrf } = await browser(spoof);
        const before = smtp.messages.length;
        const result = await attack(
          post(spoof, "/signin/nodemailer", { csrfToken: csrf, email: "reader@example.test" }, jar),
          config,
          { allowedOrigins },
        );
        expect(result.faults).toEqual([]);
        expect(smtp.messages.length).toBe(before + 1);
        const mail = smtp.messages.at(-1)!;
        expect(new Set(hostsIn(`${mail.text} ${mail.html}`))).toEqual(new Set(["app.example.test"]));
        expect(new URL(result.response!.headers.get("location")!).origin).toBe(PUBLIC);
      });

      it("a credentials sign-in lands on AUTH_URL with host-only __Host- cookies (RFC 6265bis §4.1.3.2)", async () => {
        const { jar, csrf } = await browser(spoof);
        const result = await attack(
          post(spoof, "/callback/credentials", { csrfToken: csrf, email: DEMO_USER.email!, password: PASSWORD }, jar),
          config,
          { allowedOrigins },
        );
        expect(result.faults).toEqual([]);
        expect(new URL(result.response!.headers.get("location")!).origin).toBe(PUBLIC);
        const cookies = setCookies(result.response!);
        expect(cookies.map((cookie) => cookie.name)).toContain("__Host-authjs.session-token");
        for (const cookie of cookies) {
          expect(
            cookie.attributes.some((attribute) => /^domain=/i.test(attribute)),
            cookie.name,
          ).toBe(false);
          expect(cookie.attributes, cookie.name).toContain("Secure");
        }
      });

      it("sign-out sends the browser to AUTH_URL", async () => {
        const { jar, csrf } = await browser(spoof);
        const result = await attack(post(spoof, "/signout", { csrfToken: csrf }, jar), config, { allowedOrigins });
        expect(result.faults).toEqual([]);
        expect(new URL(result.response!.headers.get("location")!).origin).toBe(PUBLIC);
      });

      it("passkey options bind to AUTH_URL's host as the relying party (WebAuthn L3 §5.4.2, rp.id)", async () => {
        const result = await attack(
          requestFor(spoof, "/webauthn-options/passkey?action=register&email=reader%40example.test"),
          config,
          { allowedOrigins },
        );
        expect(result.faults).toEqual([]);
        const body = JSON.parse(result.body) as { options: { rp: { id: string } } };
        expect(body.options.rp.id).toBe("app.example.test");
      });
    });
  }
});

describe("with the host not trusted (no AUTH_URL, trustHost off), a spoofed header is refused and reflected nowhere", () => {
  let config: AuthConfig;

  beforeAll(() => {
    config = attackedApp({ authUrl: null }).config;
  });

  const forwardedOnly = SPOOFS.filter((spoof) => !spoof.host);
  for (const spoof of forwardedOnly) {
    it.each(["/signin", "/session", "/providers", "/csrf", "/signin/acme", "/error"])(
      `${spoof.label} on %s: the UntrustedHost answer sets no cookie and names no forwarded host`,
      async (path) => {
        const { response: answered, body } = await attack(requestFor(spoof, path), config, {
          allowedOrigins: [INTERNAL],
        });
        const response = answered!;
        expect(response.headers.getSetCookie()).toEqual([]);
        expect(`${response.headers.get("location") ?? ""} ${body}`).not.toContain(EVIL);
        expect(`${response.headers.get("location") ?? ""} ${body}`).not.toContain("8443");
      },
    );
  }
});

describe("with trustHost on and no AUTH_URL, only one well-formed forwarded host is believed (RFC 9110 §7.2, RFC 7239 §5.3)", () => {
  let config: AuthConfig;
  let allowedOrigins: string[];

  beforeAll(() => {
    const app = attackedApp({ smtpUrl: smtp.url, authUrl: null, overrides: { trustHost: true } });
    config = app.config;
    allowedOrigins = [INTERNAL, ...app.allowedOrigins];
  });

  it.each(MALFORMED_FORWARDED_HOSTS)(
    "X-Forwarded-Host %j: the provider list stays on the request's own origin",
    async (value) => {
      const request = new Request(`${INTERNAL}${BASE}/providers`, { headers: { "x-forwarded-host": value } });
      const result = await attack(request, config, { allowedOrigins });
      expect(result.faults).toEqual([]);
      expect(result.body).not.toContain(EVIL);
      for (const host of hostsIn(result.body)) expect(host).toBe("10.0.0.7:3000");
    },
  );

  it.each(MALFORMED_FORWARDED_HOSTS)(
    "X-Forwarded-Host %j: the emailed link stays on the request's own origin (password-reset poisoning)",
    async (value) => {
      const headers = { "x-forwarded-host": value };
      const jar = new CookieJar();
      const csrfAnswer = await attack(new Request(`${INTERNAL}${BASE}/csrf`, { headers }), config, { allowedOrigins });
      jar.apply(csrfAnswer.response!);
      const { csrfToken } = JSON.parse(csrfAnswer.body) as { csrfToken: string };
      const before = smtp.messages.length;
      const result = await attack(
        new Request(`${INTERNAL}${BASE}/signin/nodemailer`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
          body: new URLSearchParams({ csrfToken, email: "reader@example.test" }),
        }),
        config,
        { allowedOrigins },
      );
      expect(result.faults).toEqual([]);
      expect(smtp.messages.length).toBe(before + 1);
      const mail = smtp.messages.at(-1)!;
      expect(`${mail.text} ${mail.html}`).not.toContain(EVIL);
      for (const host of hostsIn(mail.text ?? "")) expect(host).toBe("10.0.0.7:3000");
    },
  );

  it.each(["javascript", "file", "ftp", "https, http", "http, https", "HTTPS:", ""])(
    "X-Forwarded-Proto %j is not a scheme the URLs take",
    async (value) => {
      const request = new Request(`${INTERNAL}${BASE}/providers`, { headers: { "x-forwarded-proto": value } });
      const result = await attack(request, config, { allowedOrigins });
      expect(result.faults).toEqual([]);
      const body = JSON.parse(result.body) as Record<string, { callbackUrl: string }>;
      expect(new URL(body.credentials!.callbackUrl).protocol).toBe("http:");
    },
  );

  it("a single well-formed forwarded host and scheme are believed (the proxy trustHost names writes them)", async () => {
    const request = new Request(`${INTERNAL}${BASE}/providers`, {
      headers: { "x-forwarded-host": "app.example.test:8443", "x-forwarded-proto": "https" },
    });
    const body = JSON.parse((await attack(request, config, { allowedOrigins })).body) as Record<
      string,
      { callbackUrl: string }
    >;
    expect(body.credentials!.callbackUrl).toBe(`https://app.example.test:8443${BASE}/callback/credentials`);
  });
});

describe("the server-side helpers' action request takes its origin by the core's one rule (createActionURL, forwardedOrigin)", () => {
  // The same attack through `auth()`, `signIn()`, `signOut()` of Next, SvelteKit and Qwik City: they build the
  // action request's URL themselves (createActionURL), and the core then believes that URL. Taking the first
  // entry of an X-Forwarded-Host list put the client's host there (WSTG-INPV-17, reset-link poisoning).
  let config: AuthConfig;

  beforeAll(() => {
    config = attackedApp({ smtpUrl: smtp.url, authUrl: null, overrides: { trustHost: true } }).config;
  });

  /** A request reaching the app server from its proxy, with what the client added to the forwarded headers. */
  function incoming(forwarded: Record<string, string>): IncomingRequest {
    return { headers: { host: "10.0.0.7:3000", ...forwarded }, env: {}, url: { protocol: "http:" } };
  }

  it.each(MALFORMED_FORWARDED_HOSTS)(
    "X-Forwarded-Host %j: the action URL stays on the request's own origin",
    (value) => {
      const request = actionRequest(
        config,
        "providers",
        incoming({ "x-forwarded-host": value, "x-forwarded-proto": "https" }),
      );
      expect(new URL(request.url).origin).toBe(INTERNAL);
    },
  );

  it("a server-side email sign-in behind a poisoned X-Forwarded-Host list mails a link to the request's own origin", async () => {
    const before = smtp.messages.length;
    const outcome = await helperSignIn(
      config,
      incoming({ "x-forwarded-host": `${EVIL}, app.example.test`, "x-forwarded-proto": "https" }),
      { providerId: "nodemailer", callbackUrl: "/", fields: [["email", "reader@example.test"]] },
    );
    expect(new URL(outcome.redirect).origin).toBe(INTERNAL);
    expect(smtp.messages.length).toBe(before + 1);
    const mail = smtp.messages.at(-1)!;
    expect(`${mail.text} ${mail.html}`).not.toContain(EVIL);
    for (const host of hostsIn(mail.text ?? "")) expect(host).toBe("10.0.0.7:3000");
  });

  it("one well-formed forwarded host is believed with trustHost, and not without it", () => {
    const forwarded = incoming({ "x-forwarded-host": "app.example.test:8443", "x-forwarded-proto": "https" });
    expect(actionRequest(config, "providers", forwarded).url).toBe(`https://app.example.test:8443${BASE}/providers`);
    const untrusted = { ...config, trustHost: false };
    expect(actionRequest(untrusted, "providers", forwarded).url).toBe(`${INTERNAL}${BASE}/providers`);
  });
});

describe("CR/LF never reaches a response header (CWE-113 response splitting, RFC 9110 §5.5)", () => {
  let config: AuthConfig;
  let allowedOrigins: string[];

  beforeAll(() => {
    const app = attackedApp({
      overrides: { pages: { signIn: "/login", error: "/oops" } },
    });
    config = app.config;
    allowedOrigins = app.allowedOrigins;
  });

  const INJECTIONS = [
    "%0d%0aSet-Cookie:%20planted=1",
    "%0aX-Injected:%201",
    "%E5%98%8A%E5%98%8DSet-Cookie:%20planted=1",
  ];
  const paths = (payload: string) => [
    `/signin?callbackUrl=/${payload}`,
    `/signin?error=${payload}`,
    `/error?error=${payload}`,
    `/signin/${payload}`,
    `/callback/acme?error=${payload}&state=x`,
    `/session?callbackUrl=${payload}`,
  ];

  for (const payload of INJECTIONS) {
    it.each(paths(payload))(`GET %s adds no header`, async (path) => {
      const result = await attack(new Request(`${ORIGIN}${BASE}${path}`), config, { allowedOrigins });
      expect(result.faults).toEqual([]);
      const response = result.response!;
      expect(response.headers.has("x-injected")).toBe(false);
      expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("planted"))).toBe(false);
      for (const [, value] of response.headers) expect(value).not.toMatch(/[\r\n]/);
    });
  }
});
