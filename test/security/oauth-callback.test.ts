/**
 * The OAuth/OIDC callback under attack, through the real `Auth` against a real OpenID Provider (oidc-provider on
 * loopback, PKCE required, `iss` in every authorization response): the authorization response is the
 * attacker's input, and each way of forging, replaying or injecting it is refused at its own named check
 * (src/runtime/core/oauth/callback.ts) with no session created.
 * - Repeated parameters (issue 9 point 3): RFC 6749 §3.1, "Request and response parameters MUST NOT be included
 *   more than once"; refused as InvalidCheck before any check reads them, in the query and in a form_post body.
 * - state: RFC 6749 §10.12, RFC 9700 §2.1 and §4.7 (CSRF on the redirect URI), missing, forged, or minted for
 *   another provider.
 * - PKCE: RFC 7636 §4.6, RFC 9700 §2.1.1 and §4.5 (authorization code injection), the verifier cookie missing or
 *   swapped for another flow's.
 * - nonce: OIDC Core §3.1.3.7 (ID token validation, step 11) and §15.5.2.
 * - iss: RFC 9207 §2.4 (mix-up defence, RFC 9700 §4.4).
 * - error responses: RFC 6749 §4.1.2.1.
 * - a code replayed: RFC 6749 §4.1.2 and §10.5 (single use), RFC 9700 §4.5.
 * The InvalidCheck outcome is the error page with `?error=Configuration` (the type is not shown to clients, the
 * log names it); an error the provider answered is the sign-in page with `?error=OAuthCallbackError`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Auth } from "../../src/runtime/index.js";
import OIDC from "../../src/runtime/providers/oidc.js";
import type { AuthConfig } from "../../src/runtime/types.js";
import { baseConfig, CookieJar, captureLogger, csrfToken, ORIGIN } from "../runtime/core/support.js";
import { loginThroughInteractionDetailed, type OidcServer, startOidcServer } from "../support/oidc-server.mjs";

const SESSION_COOKIE = "authjs.session-token";
const INVALID_CHECK = `${ORIGIN}/auth/error?error=Configuration`;
const CALLBACK_ERROR = `${ORIGIN}/auth/signin?error=OAuthCallbackError`;

let server: OidcServer;
let config: AuthConfig;
const capture = captureLogger();

beforeAll(async () => {
  server = await startOidcServer({
    clients: [
      { client_id: "app", client_secret: "app-secret", redirect_uris: [`${ORIGIN}/auth/callback/oidc`] },
      { client_id: "other-app", client_secret: "other-secret", redirect_uris: [`${ORIGIN}/auth/callback/other`] },
    ],
  });
  config = baseConfig({
    logger: capture.logger,
    providers: [
      OIDC({ issuer: server.issuer, clientId: "app", clientSecret: "app-secret" }),
      OIDC({ id: "other", name: "Other", issuer: server.issuer, clientId: "other-app", clientSecret: "other-secret" }),
    ],
  });
});

afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  capture.errors.length = 0;
});

/** A sign-in in progress: the browser's cookies (the check cookies) and the provider's authorization response. */
interface Flow {
  providerId: string;
  jar: CookieJar;
  /** The authorization response parameters, in the order the provider sent them. */
  params: URLSearchParams;
  formPost: boolean;
}

/** The browser starts a sign-in (CSRF token, POST /signin) and the user logs in at the provider. */
async function startFlow(options: { providerId?: string; formPost?: boolean; jar?: CookieJar } = {}): Promise<Flow> {
  const providerId = options.providerId ?? "oidc";
  const jar = options.jar ?? new CookieJar();
  const csrf = await csrfToken(config, jar);
  const search = options.formPost ? "?response_mode=form_post" : "";
  const started = await Auth(
    new Request(`${ORIGIN}/auth/signin/${providerId}${search}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
      body: new URLSearchParams({ csrfToken: csrf, callbackUrl: "/after" }),
    }),
    config,
  );
  jar.apply(started);
  const answer = await loginThroughInteractionDetailed(started.headers.get("location")!, { login: "alice" });
  return { providerId, jar, params: new URL(answer.url).searchParams, formPost: answer.formPost };
}

/**
 * The browser comes back to `/callback/<provider>` with `params` (the flow's own unless given): as a query, or
 * for form_post as the body of a POST from the provider's page (cross-site by design).
 */
async function callback(
  flow: Flow,
  overrides: { params?: URLSearchParams | string; providerId?: string; cookies?: CookieJar } = {},
): Promise<Response> {
  const params = String(overrides.params ?? flow.params);
  const path = `${ORIGIN}/auth/callback/${overrides.providerId ?? flow.providerId}`;
  const cookie = (overrides.cookies ?? flow.jar).header();
  if (!flow.formPost) return Auth(new Request(`${path}?${params}`, { headers: { cookie } }), config);
  return Auth(
    new Request(path, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie,
        origin: server.issuer,
        "sec-fetch-site": "cross-site",
      },
      body: params,
    }),
    config,
  );
}

function sessionCookieSet(response: Response): boolean {
  return response.headers.getSetCookie().some((header) => header.startsWith(`${SESSION_COOKIE}=`));
}

function expectSignedIn(response: Response) {
  expect(response.headers.get("location")).toBe(`${ORIGIN}/after`);
  expect(sessionCookieSet(response)).toBe(true);
}

/** Refused at a named check: the error page, no session, and the log says which check and why. */
function expectInvalidCheck(response: Response, reason: RegExp, label?: string) {
  expect(response.headers.get("location"), label).toBe(INVALID_CHECK);
  expect(sessionCookieSet(response), label).toBe(false);
  const logged = capture.errors.at(-1);
  expect(logged?.name, label).toBe("InvalidCheck");
  expect(logged?.message, label).toMatch(reason);
}

function expectCallbackError(response: Response, reason: RegExp) {
  expect(response.headers.get("location")).toBe(CALLBACK_ERROR);
  expect(sessionCookieSet(response)).toBe(false);
  expect(capture.errors.at(-1)?.message).toMatch(reason);
}

/** `params` with the value of `name` replaced (or removed when `value` is undefined). */
function withParam(params: URLSearchParams, name: string, value: string | undefined): URLSearchParams {
  const changed = new URLSearchParams(params);
  if (value === undefined) changed.delete(name);
  else changed.set(name, value);
  return changed;
}

/** A copy of a cookie jar, as an attacker who saved the cookies would hold it. */
function copyOf(jar: CookieJar): CookieJar {
  const copy = new CookieJar();
  for (const [name, value] of jar.cookies) copy.cookies.set(name, value);
  return copy;
}

it("signs in through the real round trip, by query and by form_post (the control every refusal below is measured against)", async () => {
  expectSignedIn(await callback(await startFlow()));
  expectSignedIn(await callback(await startFlow({ formPost: true })));
});

describe("repeated response parameters (RFC 6749 §3.1; issue 9 point 3)", () => {
  /**
   * Every parameter of the response repeated, with the same value and with another one, before and after the
   * original: which copy a check reads and which copy is used could differ (the "last value wins" of issue 9).
   */
  function repeatedVariants(params: URLSearchParams): Array<{ label: string; params: string }> {
    const names = [...new Set([...params.keys(), "error", "scope", "session_state", "unrelated"])];
    const variants: Array<{ label: string; params: string }> = [];
    for (const name of names) {
      const original = params.get(name);
      for (const extra of [original ?? "x", "forged-value", ""]) {
        for (const position of ["after", "before"] as const) {
          const repeated = new URLSearchParams(params);
          if (original === null) repeated.append(name, "first");
          const pair = `${encodeURIComponent(name)}=${encodeURIComponent(extra)}`;
          const text = position === "after" ? `${repeated}&${pair}` : `${pair}&${repeated}`;
          variants.push({ label: `${name} repeated ${position} as "${extra}"`, params: text });
        }
      }
    }
    return variants;
  }

  for (const formPost of [false, true]) {
    const mode = formPost ? "in a form_post body" : "in the query";
    it(`refuses code, state, iss or any parameter given twice ${mode} as InvalidCheck, before a check cookie or the code is used`, async () => {
      const flow = await startFlow({ formPost });
      expect(flow.formPost).toBe(formPost);
      expect([...flow.params.keys()]).toEqual(expect.arrayContaining(["code", "state", "iss"]));
      const variants = repeatedVariants(flow.params);
      expect(variants.length).toBeGreaterThanOrEqual(42);
      for (const variant of variants) {
        const response = await callback(flow, { params: variant.params });
        expectInvalidCheck(response, /repeats .*RFC 6749 §3\.1/, variant.label);
        // Nothing was read: the check cookies stay, none is cleared.
        expect(response.headers.getSetCookie().filter((c) => /authjs\.(state|pkce|nonce)/.test(c))).toEqual([]);
      }
      // Nothing was consumed either: the untouched response still signs in (the code was never redeemed).
      expectSignedIn(await callback(flow));
    });
  }

  it("refuses a repeat spread over both a duplicated query and a form_post body", async () => {
    const flow = await startFlow({ formPost: true });
    const state = flow.params.get("state")!;
    const response = await Auth(
      new Request(`${ORIGIN}/auth/callback/oidc?state=${state}&state=${state}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: flow.jar.header() },
        body: flow.params,
      }),
      config,
    );
    expectInvalidCheck(response, /repeats state/);
    expectSignedIn(await callback(flow));
  });
  it("refuses a parameter given twice in a multipart body", async () => {
    const flow = await startFlow({ formPost: true });
    const body = new FormData();
    for (const [name, value] of flow.params) body.append(name, value);
    body.append("code", flow.params.get("code")!);
    const response = await Auth(
      new Request(`${ORIGIN}/auth/callback/oidc`, { method: "POST", headers: { cookie: flow.jar.header() }, body }),
      config,
    );
    expectInvalidCheck(response, /repeats code/);
    expectSignedIn(await callback(flow));
  });
});

describe("state (RFC 6749 §10.12, RFC 9700 §2.1 and §4.7)", () => {
  it("refuses a response without state", async () => {
    const flow = await startFlow();
    expectInvalidCheck(
      await callback(flow, { params: withParam(flow.params, "state", undefined) }),
      /state was missing/,
    );
  });

  it("refuses a forged state, and a state from another flow of the same provider", async () => {
    const flow = await startFlow();
    const forged = withParam(flow.params, "state", "forged-state");
    expectInvalidCheck(await callback(flow, { params: forged }), /state value did not match/);
    const other = await startFlow();
    const mixed = withParam(flow.params, "state", other.params.get("state")!);
    expectInvalidCheck(await callback(flow, { params: mixed }), /state value did not match/);
  });

  it("refuses a response when the state cookie is missing (another browser: the CSRF of RFC 9700 §4.7)", async () => {
    const flow = await startFlow();
    const withoutState = copyOf(flow.jar);
    withoutState.cookies.delete("authjs.state");
    expectInvalidCheck(await callback(flow, { cookies: withoutState }), /state cookie was missing/);
    expectInvalidCheck(await callback(flow, { cookies: new CookieJar() }), /state cookie was missing/);
  });

  it("refuses a state cookie minted for another provider (a response of provider B replayed into A's callback)", async () => {
    const flow = await startFlow({ providerId: "other" });
    expectInvalidCheck(await callback(flow, { providerId: "oidc" }), /minted for another provider/);
  });

  it("refuses a tampered state cookie", async () => {
    const flow = await startFlow();
    const tampered = copyOf(flow.jar);
    const sealed = tampered.get("authjs.state")!;
    tampered.cookies.set("authjs.state", `${sealed.slice(0, -4)}AAAA`);
    expectInvalidCheck(await callback(flow, { cookies: tampered }), /could not be unsealed/);
  });
});

describe("PKCE (RFC 7636 §4.6, RFC 9700 §2.1.1 and §4.5: authorization code injection)", () => {
  it("refuses a response when the code verifier cookie is missing", async () => {
    const flow = await startFlow();
    const jar = copyOf(flow.jar);
    jar.cookies.delete("authjs.pkce.code_verifier");
    expectInvalidCheck(await callback(flow, { cookies: jar }), /PKCE code_verifier cookie was missing/);
  });

  it("refuses a code redeemed with another flow's verifier: the token endpoint answers invalid_grant", async () => {
    const flow = await startFlow();
    const other = await startFlow();
    const jar = copyOf(flow.jar);
    jar.cookies.set("authjs.pkce.code_verifier", other.jar.get("authjs.pkce.code_verifier")!);
    expectCallbackError(await callback(flow, { cookies: jar }), /invalid_grant/);
  });

  it("refuses the attacker's code injected with the victim's own state: the victim's verifier does not fit it", async () => {
    const victim = await startFlow();
    const attacker = await startFlow();
    const injected = withParam(victim.params, "code", attacker.params.get("code")!);
    expectCallbackError(await callback(victim, { params: injected }), /invalid_grant/);
  });
});

describe("nonce (OIDC Core §3.1.3.7 step 11, §15.5.2)", () => {
  it("refuses an ID token whose nonce is not the one this browser's flow sent", async () => {
    const flow = await startFlow();
    const other = await startFlow();
    const jar = copyOf(flow.jar);
    jar.cookies.set("authjs.nonce", other.jar.get("authjs.nonce")!);
    expectInvalidCheck(await callback(flow, { cookies: jar }), /nonce in the ID token did not match/);
  });

  it("refuses a response when the nonce cookie is missing", async () => {
    const flow = await startFlow();
    const jar = copyOf(flow.jar);
    jar.cookies.delete("authjs.nonce");
    expectInvalidCheck(await callback(flow, { cookies: jar }), /nonce cookie was missing/);
  });
});

describe("iss (RFC 9207 §2.4: mix-up defence, RFC 9700 §4.4)", () => {
  it("refuses an iss naming another issuer, or a look-alike of ours", async () => {
    const flow = await startFlow();
    const url = new URL(server.issuer);
    for (const iss of [
      "https://attacker.example",
      `${server.issuer}/`,
      `http://localhost:${url.port}`,
      server.issuer.toUpperCase(),
      `${server.issuer}.evil.test`,
    ]) {
      expectInvalidCheck(
        await callback(flow, { params: withParam(flow.params, "iss", iss) }),
        /iss check failed.*RFC 9207/,
        iss,
      );
    }
    expectSignedIn(await callback(flow));
  });

  it("refuses a response without iss from a provider that says it always sends one", async () => {
    const flow = await startFlow();
    expectInvalidCheck(
      await callback(flow, { params: withParam(flow.params, "iss", undefined) }),
      /iss check failed.*RFC 9207/,
    );
  });
});

describe("error responses (RFC 6749 §4.1.2.1)", () => {
  it("answers the provider's error for this flow as OAuthCallbackError, without a session", async () => {
    const flow = await startFlow();
    const denied = new URLSearchParams({
      error: "access_denied",
      state: flow.params.get("state")!,
      iss: server.issuer,
    });
    expectCallbackError(await callback(flow, { params: denied }), /access_denied/);
  });

  it("judges an error response by its state first: a forged one is refused at the state check", async () => {
    const flow = await startFlow();
    const forged = new URLSearchParams({ error: "access_denied", state: "forged", iss: server.issuer });
    expectInvalidCheck(await callback(flow, { params: forged }), /state value did not match/);
  });

  it("refuses a response that carries both an error and a code", async () => {
    const flow = await startFlow();
    const both = withParam(flow.params, "error", "access_denied");
    expectCallbackError(await callback(flow, { params: both }), /access_denied/);
  });
});

describe("a code replayed (RFC 6749 §4.1.2 and §10.5, RFC 9700 §4.5)", () => {
  it("refuses the same response a second time, with the saved cookies: the code is spent", async () => {
    const flow = await startFlow();
    const saved = copyOf(flow.jar);
    expectSignedIn(await callback(flow));
    expectCallbackError(await callback(flow, { cookies: saved }), /invalid_grant/);
  });

  it("refuses the same response in another browser: the check cookies are not there", async () => {
    const flow = await startFlow();
    expectSignedIn(await callback(flow));
    expectInvalidCheck(await callback(flow, { cookies: new CookieJar() }), /cookie was missing/);
  });

  it("clears the check cookies once used, so the browser cannot redeem the same flow again", async () => {
    const flow = await startFlow();
    const response = await callback(flow);
    expectSignedIn(response);
    flow.jar.apply(response);
    for (const name of ["authjs.state", "authjs.pkce.code_verifier", "authjs.nonce"]) {
      expect(flow.jar.get(name), name).toBeUndefined();
    }
    expectInvalidCheck(await callback(flow), /cookie was missing/);
  });
});
