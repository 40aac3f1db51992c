/**
 * A provider whose settings from the environment are blank is one rule (issue 11, point 7): after
 * `init --providers oidc` the env file holds `AUTH_OIDC_ISSUER=` (and `AUTH_OIDC_ID=`, `AUTH_OIDC_SECRET=`)
 * until the user fills them. Such a provider is reported once naming the keys, listed on the sign-in page like
 * the others, and its sign-in answers the configuration error page naming them; no route answers 500 for it.
 * An OIDC provider misconfigured in code (no issuer, no env key to blame) stays a Configuration error, and
 * what the visitor sees of it is the documented page, never a stack. (The blank client id alone is covered in
 * quiet-logs.test.ts.) Everything goes through `Auth(request, config)`, as an integration calls it.
 */
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { Auth, setEnvDefaults } from "../../../src/runtime/index.js";
import credentials from "../../../src/runtime/providers/credentials.js";
import oidc from "../../../src/runtime/providers/oidc.js";
import type { AuthConfig } from "../../../src/runtime/types.js";
import { CookieJar, captureLogger, csrfToken, get, ORIGIN, postForm, SECRET } from "./support.js";

/** A frame of a stack trace as V8 prints it. */
const STACK_FRAME = /^\s+at /m;

/** What `init --providers oidc,credentials` leaves in `.env.local` before the user fills it in. */
const FRESH_ENV = {
  NODE_ENV: "development",
  AUTH_SECRET: SECRET,
  AUTH_OIDC_ID: "",
  AUTH_OIDC_SECRET: "",
  AUTH_OIDC_ISSUER: "",
};

/** The config the generated auth module makes (`oidc` given uncalled), with the env defaults applied. */
function freshOidc(env: Record<string, string> = FRESH_ENV, logger?: AuthConfig["logger"]): AuthConfig {
  const config: AuthConfig = {
    basePath: "/auth",
    trustHost: true,
    providers: [oidc, credentials({ authorize: async () => null })],
  };
  if (logger) config.logger = logger;
  setEnvDefaults(env, config);
  return config;
}

/** Only the issuer is blank: the client registration is filled in. */
const ISSUER_ONLY_BLANK = { ...FRESH_ENV, AUTH_OIDC_ID: "web-app", AUTH_OIDC_SECRET: "client-secret" };

let consoleWarn: MockInstance;
let consoleError: MockInstance;
beforeEach(() => {
  consoleWarn = vi.spyOn(console, "warn").mockImplementation(() => {});
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

function consoleLines(spy: MockInstance): string[] {
  return spy.mock.calls.flatMap((call) => call.map(String).join(" ").split("\n"));
}

async function clickSignIn(config: AuthConfig, headers: Record<string, string> = {}): Promise<Response> {
  const jar = new CookieJar();
  const csrf = await csrfToken(config, jar);
  return Auth(postForm("/auth/signin/oidc", { csrfToken: csrf, callbackUrl: "/" }, jar, headers), config);
}

describe("an OIDC provider whose AUTH_<ID>_ISSUER is blank", () => {
  it("does not take the sign-in page down: 200, listing it beside the others", async () => {
    const config = freshOidc(FRESH_ENV, captureLogger().logger);
    const page = await Auth(get("/auth/signin"), config);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`action="${ORIGIN}/auth/signin/oidc"`);
    expect(html).toContain("Sign in with OIDC");
    expect(html).toContain(`action="${ORIGIN}/auth/callback/credentials"`);
  });

  it("leaves the other routes working: the session, the CSRF token and the provider list answer 200", async () => {
    const config = freshOidc(FRESH_ENV, captureLogger().logger);
    for (const path of ["/auth/session", "/auth/csrf", "/auth/providers"]) {
      const response = await Auth(get(path), config);
      expect(response.status, path).toBe(200);
    }
    const providers = await (await Auth(get("/auth/providers"), config)).json();
    expect(Object.keys(providers)).toEqual(["oidc", "credentials"]);
  });

  it("is reported once, naming AUTH_OIDC_ISSUER with the other blank keys, however many requests follow", async () => {
    const warnings: unknown[][] = [];
    const config = freshOidc(FRESH_ENV, {
      ...captureLogger().logger,
      warn: (...args: unknown[]) => void warnings.push(args),
    });
    for (const path of ["/auth/session", "/auth/signin", "/auth/csrf", "/auth/signin"]) {
      await Auth(get(path), config);
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]![0]).toBe("provider-missing-client-id");
    expect(String(warnings[0]![1])).toBe(
      `The OIDC provider ("oidc") has no client id and no issuer: set AUTH_OIDC_ID, AUTH_OIDC_SECRET and AUTH_OIDC_ISSUER in the server's environment (from the provider's OAuth app settings), then restart the server. Until then its sign-in answers a configuration error page.`,
    );
  });

  it("with only the issuer blank, is one console warning line (provider-missing-issuer) naming AUTH_OIDC_ISSUER alone", async () => {
    const config = freshOidc(ISSUER_ONLY_BLANK);
    await Auth(get("/auth/signin"), config);
    await Auth(get("/auth/signin"), config);
    const warned = consoleLines(consoleWarn);
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatch(
      /^\[auth\]\[warn\]\[provider-missing-issuer\] The OIDC provider \("oidc"\) has no issuer: set AUTH_OIDC_ISSUER in/,
    );
    expect(consoleLines(consoleError)).toEqual([]);
  });

  it("clicking it lands on the configuration error page naming AUTH_OIDC_ISSUER, never a 500 with a stack", async () => {
    const { logger, errors } = captureLogger();
    const config = freshOidc(ISSUER_ONLY_BLANK, logger);
    const click = await clickSignIn(config);
    expect(click.status).toBe(302);
    const location = new URL(click.headers.get("location")!);
    expect(location.origin).toBe(ORIGIN);
    expect(`${location.pathname}${location.search}`).toBe("/auth/error?error=Configuration&provider=oidc");
    expect(errors.map((error) => (error as { type?: string }).type)).toEqual(["InvalidProvider"]);

    const page = await Auth(get(`${location.pathname}${location.search}`), config);
    expect(page.status).toBe(500);
    const text = await page.text();
    expect(text).toContain("Sign-in with OIDC is not set up yet: set AUTH_OIDC_ISSUER in the server");
    expect(text).not.toContain("AUTH_OIDC_ID");
    expect(text).not.toMatch(STACK_FRAME);
  });

  it("a client-side sign-in (X-Auth-Return-Redirect) is sent to the same page", async () => {
    const config = freshOidc(ISSUER_ONLY_BLANK, captureLogger().logger);
    const response = await clickSignIn(config, { "x-auth-return-redirect": "1" });
    expect(await response.json()).toEqual({ url: `${ORIGIN}/auth/error?error=Configuration&provider=oidc` });
  });

  it("a forged callback for it is refused as for a configured one (state cookie missing), not as a server fault", async () => {
    const answers: string[] = [];
    for (const env of [ISSUER_ONLY_BLANK, { ...ISSUER_ONLY_BLANK, AUTH_OIDC_ISSUER: "https://sso.example.test" }]) {
      const { logger, errors } = captureLogger();
      const response = await Auth(get("/auth/callback/oidc?code=forged&state=forged"), freshOidc(env, logger));
      answers.push(`${response.status} ${response.headers.get("location")} ${errors.map((error) => error.message)}`);
    }
    expect(answers[0]).toBe(`302 ${ORIGIN}/auth/error?error=Configuration state cookie was missing.`);
    expect(answers[1]).toBe(answers[0]);
  });

  it("once the issuer is set, the same config shape resolves it and the page no longer names a key (the control)", async () => {
    const config = freshOidc(
      { ...ISSUER_ONLY_BLANK, AUTH_OIDC_ISSUER: "https://sso.example.test" },
      captureLogger().logger,
    );
    const page = await Auth(get("/auth/error?error=Configuration&provider=oidc"), config);
    const text = await page.text();
    expect(text).toContain("There is a problem with the server configuration");
    expect(text).not.toContain("AUTH_OIDC");
    expect(consoleLines(consoleWarn)).toEqual([]);
  });
});

describe("an OIDC provider misconfigured in code (no issuer, no env key to blame)", () => {
  /** `Auth` called without the env defaults: the provider's settings are the code's alone. */
  function codeOnly(logger?: AuthConfig["logger"]): AuthConfig {
    const config: AuthConfig = {
      secret: SECRET,
      basePath: "/auth",
      trustHost: true,
      providers: [oidc({ id: "acme", name: "Acme", clientId: "web-app", clientSecret: "client-secret" })],
    };
    if (logger) config.logger = logger;
    return config;
  }

  it("stays a Configuration error, logged as InvalidEndpoints naming issuer and AUTH_ACME_ISSUER", async () => {
    const { logger, errors } = captureLogger();
    await Auth(get("/auth/signin"), codeOnly(logger));
    expect(errors).toHaveLength(1);
    expect((errors[0] as { type?: string }).type).toBe("InvalidEndpoints");
    expect(errors[0]!.message).toContain("set `issuer` (or AUTH_ACME_ISSUER)");
  });

  it("the visitor sees the documented Configuration page, no stack and no message; a fetch gets the JSON one", async () => {
    const config = codeOnly();
    const page = await Auth(get("/auth/signin"), config);
    expect(page.status).toBe(500);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain("There is a problem with the server configuration");
    expect(html).not.toMatch(STACK_FRAME);
    expect(html).not.toContain("InvalidEndpoints");
    expect(html).not.toContain("AUTH_ACME_ISSUER");

    const session = await Auth(get("/auth/session"), config);
    expect(session.status).toBe(500);
    const body = await session.text();
    expect(JSON.parse(body)).toEqual({ message: expect.stringMatching(/server configuration/) });
    expect(body).not.toMatch(STACK_FRAME);
  });
});
