/**
 * Quiet, useful logs (issue 11, point 7): an expected outcome (a refused credentials sign-in, a signed-out
 * visitor) logs at most one warning line and no stack; a real error is still logged whole; a provider
 * without a client id is said once, and its sign-in answers a page naming the env keys to fill instead of
 * sending the user to the provider with `client_id=`. Each story runs against a captured logger and against
 * the default console logger (console spied on, lines counted).
 */
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import memory, { createMemoryStore } from "../../../src/runtime/adapters/memory.js";
import { AccessDenied, JWTSessionError } from "../../../src/runtime/errors.js";
import { Auth, setEnvDefaults } from "../../../src/runtime/index.js";
import { encode } from "../../../src/runtime/jwt.js";
import credentials from "../../../src/runtime/providers/credentials.js";
import email from "../../../src/runtime/providers/email.js";
import github from "../../../src/runtime/providers/github.js";
import oidc from "../../../src/runtime/providers/oidc.js";
import type { AuthConfig } from "../../../src/runtime/types.js";
import {
  baseConfig,
  CookieJar,
  captureLogger,
  csrfToken,
  DEMO_USER,
  get,
  ORIGIN,
  postForm,
  SECRET,
  signInWithCredentials,
} from "./support.js";

/** Every line the console received, by method: a multi-line argument (a stack) counts as its lines. */
class ConsoleLines {
  private readonly spies: Record<"error" | "warn" | "log" | "info" | "debug", MockInstance>;

  constructor() {
    const silent = () => {};
    this.spies = {
      error: vi.spyOn(console, "error").mockImplementation(silent),
      warn: vi.spyOn(console, "warn").mockImplementation(silent),
      log: vi.spyOn(console, "log").mockImplementation(silent),
      info: vi.spyOn(console, "info").mockImplementation(silent),
      debug: vi.spyOn(console, "debug").mockImplementation(silent),
    };
  }

  lines(method: keyof ConsoleLines["spies"]): string[] {
    return this.spies[method].mock.calls.flatMap((call) => call.map(String).join(" ").split("\n"));
  }

  get total(): number {
    return (["error", "warn", "log", "info", "debug"] as const).reduce((sum, name) => sum + this.lines(name).length, 0);
  }
}

/** A frame of a stack trace as V8 prints it. */
const STACK_FRAME = /^\s+at /m;

let consoleLines: ConsoleLines;
beforeEach(() => {
  consoleLines = new ConsoleLines();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The default console logger: no `logger` in the config. */
function consoleConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  const { logger: _captured, ...config } = baseConfig(overrides);
  return { ...config, ...overrides };
}

async function refusedSignIn(config: AuthConfig): Promise<Response> {
  const jar = new CookieJar();
  const csrf = await csrfToken(config, jar);
  return Auth(
    postForm("/auth/callback/credentials", { csrfToken: csrf, email: DEMO_USER.email!, password: "wrong" }, jar),
    config,
  );
}

describe("a refused credentials sign-in is an expected outcome", () => {
  it("reaches a captured logger as one warning (credentials-signin), not as an error", async () => {
    const { logger, errors, warnings } = captureLogger();
    const response = await refusedSignIn(baseConfig({ logger }));
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=CredentialsSignin&code=credentials`);
    expect(errors).toEqual([]);
    expect(warnings).toEqual(["credentials-signin"]);
  });

  it("prints one console line without a stack with the default logger, and nothing on console.error", async () => {
    await refusedSignIn(consoleConfig());
    expect(consoleLines.lines("error")).toEqual([]);
    const warned = consoleLines.lines("warn");
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatch(/^\[auth\]\[warn\]\[credentials-signin\] .*authorize returned null.*code "credentials"/);
    expect(consoleLines.total).toBe(1);
  });

  it("keeps the app's own code of a thrown CredentialsSignin in that one line", async () => {
    const { CredentialsSignin } = await import("../../../src/runtime/errors.js");
    class RateLimited extends CredentialsSignin {
      override code = "rate_limited";
    }
    const config = consoleConfig({
      providers: [
        credentials({
          authorize: async () => {
            throw new RateLimited("Too many attempts for this address.");
          },
        }),
      ],
    });
    await refusedSignIn(config);
    expect(consoleLines.lines("warn")).toEqual([
      '[auth][warn][credentials-signin] Too many attempts for this address. (code "rate_limited")',
    ]);
    expect(consoleLines.total).toBe(1);
  });
});

describe("a signed-out visitor logs nothing", () => {
  it("reading the session, the sign-in page and the provider list without a cookie prints no line", async () => {
    const config = consoleConfig();
    for (const path of ["/auth/session", "/auth/signin", "/auth/providers", "/auth/csrf"]) {
      expect((await Auth(get(path), config)).status, path).toBe(200);
    }
    expect(await (await Auth(get("/auth/session"), config)).json()).toBeNull();
    expect(consoleLines.total).toBe(0);
  });

  it("a signed-in visitor's requests print no line either (the control: the sign-in did happen)", async () => {
    const config = consoleConfig();
    const jar = await signInWithCredentials(config);
    const session = (await (await Auth(get("/auth/session", jar), config)).json()) as { user: { email: string } };
    expect(session.user.email).toBe(DEMO_USER.email);
    expect(consoleLines.total).toBe(0);
  });
});

describe("a real error is still logged whole", () => {
  it("an authorize that throws logs the error and the cause's stack (captured: as an error)", async () => {
    const { logger, errors, warnings } = captureLogger();
    const config = baseConfig({
      logger,
      providers: [
        credentials({
          authorize: async () => {
            throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
          },
        }),
      ],
    });
    const response = await refusedSignIn(config);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
    expect(warnings).toEqual([]);
    expect(errors.map((error) => (error as { type?: string }).type)).toEqual(["CallbackRouteError"]);
  });

  it("with the default logger, console.error carries the type, the message and the cause's stack", async () => {
    const config = consoleConfig({
      providers: [
        credentials({
          authorize: async () => {
            throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
          },
        }),
      ],
    });
    await refusedSignIn(config);
    const printed = consoleLines.lines("error").join("\n");
    expect(printed).toMatch(/^\[auth\]\[error\] CallbackRouteError: /);
    expect(printed).toContain("ECONNREFUSED");
    expect(printed).toMatch(STACK_FRAME);
    expect(consoleLines.lines("warn")).toEqual([]);
  });

  it("a configuration error found by the runtime's own check is one error line: its message says what to do", async () => {
    await Auth(get("/auth/session"), consoleConfig({ secret: [] }));
    const printed = consoleLines.lines("error");
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(/^\[auth\]\[error\] MissingSecret: .*AUTH_SECRET/);
    expect(printed[0]).not.toMatch(STACK_FRAME);
  });

  it("with debug on, that check's stack is printed too", async () => {
    await Auth(get("/auth/session"), consoleConfig({ secret: [], debug: true }));
    expect(consoleLines.lines("error").join("\n")).toMatch(STACK_FRAME);
  });
});

describe("MissingSecret names a command that works everywhere", () => {
  it("the log says `openssl rand -base64 32` and `npx create-auth secret`", async () => {
    const { logger, errors } = captureLogger();
    await Auth(get("/auth/session"), baseConfig({ secret: [], logger }));
    expect(errors[0]!.message).toContain("`openssl rand -base64 32`");
    expect(errors[0]!.message).toContain("`npx create-auth secret`");
  });

  it("the sign-in page's configuration error says to set AUTH_SECRET, and how to make one", async () => {
    const { logger } = captureLogger();
    const response = await Auth(get("/auth/signin"), baseConfig({ secret: [], logger }));
    expect(response.status).toBe(500);
    const page = await response.text();
    expect(page).toContain("AUTH_SECRET");
    expect(page).toContain("openssl rand -base64 32");
    expect(page).not.toMatch(STACK_FRAME);
  });
});

describe("a provider whose AUTH_<ID>_ID is blank", () => {
  /** What `.env` with `AUTH_GITHUB_ID=` and `AUTH_GITHUB_SECRET=` gives, through the env defaults. */
  function blankGitHub(logger?: AuthConfig["logger"]): AuthConfig {
    const config: AuthConfig = {
      basePath: "/auth",
      trustHost: true,
      providers: [github, credentials({ authorize: async () => null })],
    };
    if (logger) config.logger = logger;
    setEnvDefaults(
      { NODE_ENV: "development", AUTH_SECRET: SECRET, AUTH_GITHUB_ID: "", AUTH_GITHUB_SECRET: "" },
      config,
    );
    return config;
  }

  it("is reported once, naming the keys to fill, however many requests follow", async () => {
    const { logger } = captureLogger();
    const warnings: unknown[][] = [];
    const config = blankGitHub({ ...logger, warn: (...args: unknown[]) => void warnings.push(args) });
    for (let index = 0; index < 3; index++) await Auth(get("/auth/session"), config);
    await Auth(get("/auth/signin"), config);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]![0]).toBe("provider-missing-client-id");
    expect(String(warnings[0]![1])).toMatch(/GitHub.*AUTH_GITHUB_ID and AUTH_GITHUB_SECRET/);
  });

  it("is one console line with the default logger (once per provider)", async () => {
    const config: AuthConfig = {
      basePath: "/auth",
      trustHost: true,
      providers: [oidc({ id: "acme-sso", name: "Acme SSO", issuer: "https://sso.acme.example.test" })],
    };
    setEnvDefaults({ NODE_ENV: "development", AUTH_SECRET: SECRET, AUTH_ACME_SSO_ID: "" }, config);
    await Auth(get("/auth/csrf"), config);
    await Auth(get("/auth/csrf"), config);
    const warned = consoleLines.lines("warn");
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatch(
      /^\[auth\]\[warn\]\[provider-missing-client-id\] .*AUTH_ACME_SSO_ID and AUTH_ACME_SSO_SECRET/,
    );
    expect(consoleLines.total).toBe(1);
  });

  it("clicking it lands on the configuration error page naming AUTH_GITHUB_ID, never on GitHub with client_id=", async () => {
    const { logger, errors } = captureLogger();
    const config = blankGitHub(logger);
    const jar = new CookieJar();
    const csrf = await csrfToken(config, jar);
    const click = await Auth(postForm("/auth/signin/github", { csrfToken: csrf, callbackUrl: "/" }, jar), config);
    expect(click.status).toBe(302);
    const location = new URL(click.headers.get("location")!);
    expect(location.origin).toBe(ORIGIN);
    expect(`${location.pathname}${location.search}`).toBe("/auth/error?error=Configuration&provider=github");
    expect(errors.map((error) => (error as { type?: string }).type)).toEqual(["InvalidProvider"]);

    const page = await Auth(get(`${location.pathname}${location.search}`, jar), config);
    expect(page.status).toBe(500);
    const text = await page.text();
    expect(text).toContain("Sign-in with GitHub is not set up yet");
    expect(text).toContain("AUTH_GITHUB_ID and AUTH_GITHUB_SECRET");
  });

  it("a client-side sign-in (X-Auth-Return-Redirect) is sent to the same page", async () => {
    const config = blankGitHub(captureLogger().logger);
    const jar = new CookieJar();
    const csrf = await csrfToken(config, jar);
    const response = await Auth(
      postForm("/auth/signin/github", { csrfToken: csrf }, jar, { "x-auth-return-redirect": "1" }),
      config,
    );
    expect(await response.json()).toEqual({ url: `${ORIGIN}/auth/error?error=Configuration&provider=github` });
  });

  it("the page names keys only for a provider that really lacks them: ?provider= of a configured or unknown one shows the generic page", async () => {
    const config = baseConfig({
      providers: [
        github({ clientId: "Iv1.configured", clientSecret: "configured-secret" }),
        credentials({ authorize: async () => null }),
      ],
    });
    for (const provider of ["github", "credentials", "nope", "<script>"]) {
      const response = await Auth(
        get(`/auth/error?error=Configuration&provider=${encodeURIComponent(provider)}`),
        config,
      );
      const text = await response.text();
      expect(text, provider).toContain("There is a problem with the server configuration");
      expect(text, provider).not.toContain("AUTH_");
      expect(text, provider).not.toContain("<script>");
    }
  });

  it("a configured provider still goes to the provider (the control)", async () => {
    const config = baseConfig({ providers: [github({ clientId: "Iv1.configured", clientSecret: "s" })] });
    const jar = new CookieJar();
    const csrf = await csrfToken(config, jar);
    const click = await Auth(postForm("/auth/signin/github", { csrfToken: csrf }, jar), config);
    const location = new URL(click.headers.get("location")!);
    expect(location.origin).toBe("https://github.com");
    expect(location.searchParams.get("client_id")).toBe("Iv1.configured");
  });
});

/** A session cookie sealed by a deployment whose AUTH_SECRET this one does not hold (a secret rotated out). */
async function foreignSessionCookie(): Promise<CookieJar> {
  const jar = new CookieJar();
  const token = await encode({
    token: { name: "Ada", sub: "user-1" },
    secret: "the-secret-this-deployment-rotated-out-long-ago",
    salt: SESSION_COOKIE,
  });
  jar.cookies.set(SESSION_COOKIE, token);
  return jar;
}

const SESSION_COOKIE = "authjs.session-token";

describe("a session cookie this deployment cannot read is an expected outcome", () => {
  it("sealed under another secret: one console warning line without a stack, read as signed out and cleared", async () => {
    const response = await Auth(get("/auth/session", await foreignSessionCookie()), consoleConfig());
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
    expect(consoleLines.lines("error")).toEqual([]);
    const warned = consoleLines.lines("warn");
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatch(/^\[auth\]\[warn\]\[session-cookie-unreadable\] The session cookie could not be read/);
    expect(warned[0]).not.toMatch(STACK_FRAME);
    expect(consoleLines.total).toBe(1);
  });

  it("reaches an app's own logger.error whole: JWTSessionError, the codec's refusal as its cause", async () => {
    const { logger, errors, warnings } = captureLogger();
    await Auth(get("/auth/session", await foreignSessionCookie()), baseConfig({ logger }));
    expect(errors).toHaveLength(1);
    const error = errors[0] as JWTSessionError;
    expect(error).toBeInstanceOf(JWTSessionError);
    expect(error.cause?.cookie).toBe("unreadable");
    expect(error.cause?.err).toBeInstanceOf(JWTSessionError);
    expect(warnings).toEqual([]);
    expect(consoleLines.total).toBe(0);
  });

  it("a jwt callback that throws on a cookie that opens is a fault: an error with the callback's stack", async () => {
    let failing = false;
    const config = consoleConfig({
      callbacks: {
        jwt: ({ token }) => {
          if (failing) throw new Error("the role lookup failed");
          return token;
        },
      },
    });
    const jar = await signInWithCredentials(config);
    failing = true;
    await Auth(get("/auth/session", jar), config);
    const printed = consoleLines.lines("error").join("\n");
    expect(printed).toMatch(/^\[auth\]\[error\] JWTSessionError: /);
    expect(printed).toContain("the role lookup failed");
    expect(printed).toMatch(STACK_FRAME);
    expect(consoleLines.lines("warn")).toEqual([]);
  });
});

describe("a sign-in the signIn callback refuses", () => {
  const refusing = (signIn: () => boolean) => ({ callbacks: { signIn } });

  it("answering false: one console warning line without a stack (access-denied)", async () => {
    const config = consoleConfig(refusing(() => false));
    const jar = await signInWithCredentials(config);
    expect(jar.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(consoleLines.lines("error")).toEqual([]);
    expect(consoleLines.lines("warn")).toEqual([
      "[auth][warn][access-denied] The signIn callback refused this sign-in.",
    ]);
    expect(consoleLines.total).toBe(1);
  });

  it("answering false reaches an app's own logger.error as AccessDenied", async () => {
    const { logger, errors, warnings } = captureLogger();
    const config = baseConfig({ logger, ...refusing(() => false) });
    const jar = await signInWithCredentials(config);
    expect(jar.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(AccessDenied);
    expect(warnings).toEqual([]);
  });

  it("throwing is a fault of the app's: console.error carries the thrown error's stack", async () => {
    const config = consoleConfig(
      refusing(() => {
        throw new Error("the ban list is unreachable");
      }),
    );
    await signInWithCredentials(config);
    const printed = consoleLines.lines("error").join("\n");
    expect(printed).toMatch(/^\[auth\]\[error\] AccessDenied: the ban list is unreachable/);
    expect(printed).toMatch(STACK_FRAME);
    expect(consoleLines.lines("warn")).toEqual([]);
  });
});

describe("a sign-in link followed a second time", () => {
  /** An email provider whose links land in `links`, over a memory adapter. */
  function linkConfig(overrides: Partial<AuthConfig> = {}) {
    const links: string[] = [];
    const config = consoleConfig({
      adapter: memory(createMemoryStore()),
      providers: [email({ sendVerificationRequest: ({ url }) => void links.push(url) })],
      ...overrides,
    });
    return { config, links };
  }

  async function followLinkTwice(config: AuthConfig, links: string[]): Promise<Response> {
    const jar = new CookieJar();
    const csrf = await csrfToken(config, jar);
    await Auth(postForm("/auth/signin/email", { csrfToken: csrf, email: "ada@example.test" }, jar), config);
    const first = await Auth(new Request(links[0]!), config);
    expect(first.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
    return Auth(new Request(links[0]!), config);
  }

  it("is one console warning line without a stack (verification), and the error page says Verification", async () => {
    const { config, links } = linkConfig();
    const second = await followLinkTwice(config, links);
    expect(second.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Verification`);
    expect(consoleLines.lines("error")).toEqual([]);
    expect(consoleLines.lines("warn")).toEqual([
      "[auth][warn][verification] The sign-in link is unknown or was already used.",
    ]);
    expect(consoleLines.total).toBe(1);
  });

  it("reaches an app's own logger.error as Verification", async () => {
    const { logger, errors, warnings } = captureLogger();
    const { config, links } = linkConfig({ logger });
    await followLinkTwice(config, links);
    expect(errors.map((error) => (error as { type?: string }).type)).toEqual(["Verification"]);
    expect(warnings).toEqual([]);
  });
});
