import { describe, expect, it } from "vitest";
import { escapeHtml } from "../../../src/runtime/core/pages/html.js";
import { Auth } from "../../../src/runtime/index.js";
import credentials from "../../../src/runtime/providers/credentials.js";
import github from "../../../src/runtime/providers/github.js";
import microsoft from "../../../src/runtime/providers/microsoft-entra-id.js";
import slack from "../../../src/runtime/providers/slack.js";
import { baseConfig, get } from "./support.js";

describe("error page", () => {
  const statuses: Array<[string, number]> = [
    ["Configuration", 500],
    ["AccessDenied", 403],
    ["Verification", 403],
    ["InputTooLarge", 400],
    ["OAuthCallbackError", 200],
    ["Anything", 200],
  ];
  for (const [type, status] of statuses) {
    it(`answers ?error=${type} with ${status}`, async () => {
      const response = await Auth(get(`/auth/error?error=${type}`), baseConfig());
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    });
  }

  it("redirects to pages.error with the error type", async () => {
    const response = await Auth(get("/auth/error?error=AccessDenied"), baseConfig({ pages: { error: "/oops" } }));
    expect(response.headers.get("location")).toBe("http://localhost:3000/oops?error=AccessDenied");
  });
});

describe("sign-in page", () => {
  it("renders a labelled field per credential, posting to /callback/<id> with csrf and callback URL", async () => {
    const html = await (await Auth(get("/auth/signin?callbackUrl=/dashboard"), baseConfig())).text();
    expect(html).toContain('<form action="http://localhost:3000/auth/callback/credentials" method="POST">');
    expect(html).toMatch(/<input type="hidden" name="csrfToken" value="[0-9a-f]{64}">/);
    expect(html).toContain('<input type="hidden" name="callbackUrl" value="http://localhost:3000/dashboard">');
    expect(html).toContain('<label for="input-email-for-credentials-provider">Email</label>');
    expect(html).toMatch(/<input id="input-email-for-credentials-provider" name="email" type="email"/);
    expect(html).toMatch(/<input id="input-password-for-credentials-provider" name="password" type="password"/);
    expect(html).toContain('<button type="submit">Sign in with Credentials</button>');
  });

  it("renders a POST button to /signin/<id> for an OIDC provider", async () => {
    const config = baseConfig({
      providers: [{ id: "oidc", name: "Acme SSO", type: "oidc", issuer: "https://sso.example.test", clientId: "c" }],
    });
    const html = await (await Auth(get("/auth/signin"), config)).text();
    expect(html).toContain('<form action="http://localhost:3000/auth/signin/oidc" method="POST">');
    expect(html).toContain('<button type="submit">Sign in with Acme SSO</button>');
  });

  it("explains ?error= without echoing it", async () => {
    const html = await (await Auth(get("/auth/signin?error=CredentialsSignin"), baseConfig())).text();
    expect(html).toContain('role="alert"');
    expect(html).toContain("Check that the details you entered are correct");
    const unknown = await (await Auth(get("/auth/signin?error=%3Cscript%3E"), baseConfig())).text();
    expect(unknown).not.toContain("<script>");
    expect(unknown).toContain("Unable to sign in");
  });

  it("escapes every interpolated value", async () => {
    const config = baseConfig({
      theme: { logo: '"><script>alert(1)</script>', brandColor: "red;}</style><script>x()</script>" },
      providers: [
        credentials({
          name: "<img src=x onerror=alert(1)>",
          credentials: { 'user"name': { label: "<b>User</b>", placeholder: '"><svg onload=alert(1)>' } },
        }),
      ],
    });
    const html = await (await Auth(get("/auth/signin"), config)).text();
    expect(html).not.toMatch(/<script>|<img src=x|<svg|<b>/);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("&lt;b&gt;User&lt;/b&gt;");
    expect(html).toContain("--brand:#346df1");
  });

  it("applies the theme's brand colour, button text colour, logo and colour scheme", async () => {
    const config = baseConfig({
      theme: { brandColor: "#ff0066", buttonText: "#000", logo: "https://example.test/logo.svg", colorScheme: "dark" },
    });
    const html = await (await Auth(get("/auth/signin"), config)).text();
    expect(html).toContain("--brand:#ff0066");
    expect(html).toContain("--button-text:#000");
    expect(html).toContain("color-scheme:dark");
    expect(html).toContain('<img class="logo" src="https://example.test/logo.svg" alt="">');
  });
});

describe("branded provider buttons", () => {
  const client = { clientId: "id", clientSecret: "secret" };

  it("draws each catalog provider's mark inline, hidden from the accessible name, in its colours per theme", async () => {
    const config = baseConfig({
      providers: [github(client), microsoft({ ...client, issuer: "https://login.example.test" }), slack(client)],
    });
    const html = await (await Auth(get("/auth/signin"), config)).text();
    expect(html).toMatch(
      /<button type="submit" class="provider" data-provider="github"><svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M12 \.297c[^"]+"\/><\/svg><span>Sign in with GitHub<\/span><\/button>/,
    );
    expect(html).toContain('<path fill="#f25022" d="M1 1h10v10H1z"/>');
    expect(html).toContain('<span class="monogram" aria-hidden="true">S</span><span>Sign in with Slack</span>');
    // No network: nothing on the page is loaded from elsewhere.
    expect(html).not.toMatch(/<img|url\(|https:\/\/[^"]*\.svg/);
    // Light rules first; the dark ones under prefers-color-scheme (colorScheme "auto", the default).
    expect(html).toContain('.provider[data-provider="github"]{--provider-bg:#181717;--provider-text:#ffffff}');
    expect(html).toMatch(
      /@media \(prefers-color-scheme:dark\)\{.*\.provider\[data-provider="github"\]\{--provider-bg:#ffffff;--provider-text:#181717\}/,
    );
  });

  it("keeps the plain button for a style it cannot use safely, and escapes a monogram", async () => {
    const hostile = (style: object) => ({ ...github(client), id: `gh${Object.keys(style).length}`, style });
    const config = baseConfig({
      providers: [
        hostile({ bg: "red;}</style><script>x()</script>", text: "#fff" }),
        hostile({
          bg: "#000",
          text: "#fff",
          mark: { viewBox: "0 0 24 24", paths: [{ d: '"/><script>x()</script>' }] },
        }),
        hostile({ bg: "#000", text: "#fff", monogram: "<b>", x: 1, y: 2 }),
        { ...github(client), id: 'git"hub' },
      ],
    });
    const html = await (await Auth(get("/auth/signin"), config)).text();
    expect(html).not.toMatch(/<script>|<b>|<svg/);
    expect(html).toContain('<button type="submit">Sign in with GitHub</button>');
    expect(html).toContain('data-provider="gh3"><span>Sign in with GitHub</span>');
    expect(html).toContain('<span class="monogram" aria-hidden="true">&lt;b&gt;</span>');
  });

  it("leaves the app's own forms and a provider without a style in the theme's colours", async () => {
    const config = baseConfig({
      providers: [{ id: "oidc", name: "Acme SSO", type: "oidc", issuer: "https://sso.example.test", clientId: "c" }],
    });
    const html = await (await Auth(get("/auth/signin"), config)).text();
    expect(html).toContain('<button type="submit">Sign in with Acme SSO</button>');
    expect(html).not.toContain("data-provider");
  });
});

describe("escapeHtml", () => {
  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });
});

describe("verify-request page", () => {
  it("renders a check-your-email page, or redirects to pages.verifyRequest", async () => {
    const page = await Auth(get("/auth/verify-request"), baseConfig());
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Check your email");
    const redirect = await Auth(get("/auth/verify-request"), baseConfig({ pages: { verifyRequest: "/check" } }));
    expect(redirect.headers.get("location")).toBe("http://localhost:3000/check");
  });
});
