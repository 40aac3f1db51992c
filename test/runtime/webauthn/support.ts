/**
 * Passkey test support: a config with the memory adapter and the passkey provider, and the three HTTP
 * steps a browser takes (fetch options, answer with an authenticator, read the session), all through Auth.
 */
import memory from "../../../src/runtime/adapters/memory.js";
import { Auth } from "../../../src/runtime/index.js";
import passkey from "../../../src/runtime/providers/passkey.js";
import type { Adapter, AuthConfig, Session } from "../../../src/runtime/types.js";
import { CookieJar, captureLogger, csrfToken, get, postForm, SECRET } from "../core/support.js";
import type { SoftwareAuthenticator } from "./software-authenticator.js";

export { CookieJar, captureLogger };

export function passkeyConfig(overrides: Partial<AuthConfig> & { adapter?: Adapter } = {}) {
  const capture = captureLogger();
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    basePath: "/auth",
    logger: capture.logger,
    adapter: memory(),
    providers: [passkey()],
    experimental: { enableWebAuthn: true },
    ...overrides,
  };
  return { config, adapter: config.adapter as Adapter, ...capture };
}

export interface OptionsAnswer {
  status: number;
  action?: "register" | "authenticate";
  // biome-ignore lint/suspicious/noExplicitAny: the options JSON is inspected field by field in tests.
  options?: any;
  error?: string;
}

export async function fetchOptions(
  config: AuthConfig,
  jar: CookieJar,
  query: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<OptionsAnswer> {
  const search = new URLSearchParams(query).toString();
  const response = await Auth(get(`/auth/webauthn-options/passkey${search ? `?${search}` : ""}`, jar, headers), config);
  jar.apply(response);
  return { status: response.status, ...((await response.json()) as object) };
}

export async function postCallback(
  config: AuthConfig,
  jar: CookieJar,
  action: string,
  data: unknown,
): Promise<Response> {
  const response = await Auth(postForm("/auth/callback/passkey", { action, data: JSON.stringify(data) }, jar), config);
  jar.apply(response);
  return response;
}

export async function sessionOf(config: AuthConfig, jar: CookieJar): Promise<Session | null> {
  const response = await Auth(get("/auth/session", jar), config);
  jar.apply(response);
  return (await response.json()) as Session | null;
}

/**
 * The signed-in user of `jar` starts a link to add a passkey (`signIn("passkey", { link: true })`): the next
 * registration options are for them. Returns the answer (a redirect; its Set-Cookie holds the link intent).
 */
export async function startPasskeyLink(config: AuthConfig, jar: CookieJar, provider = "passkey"): Promise<Response> {
  const csrf = await csrfToken(config, jar);
  const response = await Auth(postForm(`/auth/signin/${provider}`, { csrfToken: csrf, link: "true" }, jar), config);
  jar.apply(response);
  return response;
}

/** Registers `authenticator` for `email` (signed out) and returns the callback's response. */
export async function register(
  config: AuthConfig,
  authenticator: SoftwareAuthenticator,
  email: string,
  jar = new CookieJar(),
): Promise<{ response: Response; jar: CookieJar }> {
  const answer = await fetchOptions(config, jar, { email });
  if (answer.action !== "register") throw new Error(`expected register options, got ${JSON.stringify(answer)}`);
  const response = await postCallback(config, jar, "register", authenticator.create(answer.options));
  return { response, jar };
}

/** Signs in with `authenticator` as a discoverable credential (no email). */
export async function authenticate(
  config: AuthConfig,
  authenticator: SoftwareAuthenticator,
  jar = new CookieJar(),
): Promise<{ response: Response; jar: CookieJar }> {
  const answer = await fetchOptions(config, jar);
  if (answer.action !== "authenticate") throw new Error(`expected authenticate options, got ${JSON.stringify(answer)}`);
  const response = await postCallback(config, jar, "authenticate", authenticator.get(answer.options));
  return { response, jar };
}

export const CHALLENGE_COOKIE = "authjs.challenge";
