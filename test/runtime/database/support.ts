/**
 * Test support for adapter-backed sign-ins: a real OpenID Provider on loopback serving two providers
 * ("alpha" and "beta", so linking a second provider can be tested), the memory adapter wrapped to count
 * and record every call, and a sign-in helper that drives the whole OIDC flow through `Auth`.
 */
import memory from "../../../src/runtime/adapters/memory.js";
import { Auth } from "../../../src/runtime/index.js";
import OIDC from "../../../src/runtime/providers/oidc.js";
import type { Adapter, AuthConfig, OAuthConfig } from "../../../src/runtime/types.js";
import { loginThroughInteraction, type OidcServer, startOidcServer } from "../../support/oidc-server.mjs";
import { baseConfig, CookieJar, csrfToken, get, ORIGIN, postForm } from "../core/support.js";

export const SESSION_COOKIE = "authjs.session-token";
export const PROVIDER_IDS = ["alpha", "beta"] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** One OpenID Provider with a client per provider id. */
export function startIdentityProvider(): Promise<OidcServer> {
  return startOidcServer({
    clients: PROVIDER_IDS.map((id) => ({
      client_id: `${id}-client`,
      client_secret: `${id}-secret`,
      redirect_uris: [`${ORIGIN}/auth/callback/${id}`],
    })),
  });
}

export function identityProviders(
  server: OidcServer,
  overrides: Partial<Record<ProviderId, Partial<OAuthConfig>>> = {},
): OAuthConfig[] {
  return PROVIDER_IDS.map((id) =>
    OIDC({
      id,
      name: id,
      issuer: server.issuer,
      clientId: `${id}-client`,
      clientSecret: `${id}-secret`,
      ...overrides[id],
    }),
  );
}

export interface RecordingAdapter {
  adapter: Adapter;
  /** The adapter underneath, to inspect or seed without being counted. */
  store: Adapter;
  /** Every call made through `adapter`, in order: method name and arguments. */
  calls: Array<{ method: string; args: unknown[] }>;
  count(method: keyof Adapter): number;
}

/** The memory adapter, every call recorded; `without` drops methods to test the contract's gaps. */
export function recordingAdapter(without: Array<keyof Adapter> = []): RecordingAdapter {
  const store = memory();
  const calls: RecordingAdapter["calls"] = [];
  const adapter: Adapter = {};
  for (const [method, implementation] of Object.entries(store)) {
    if (without.includes(method as keyof Adapter) || typeof implementation !== "function") continue;
    (adapter as Record<string, unknown>)[method] = (...args: unknown[]) => {
      calls.push({ method, args });
      return (implementation as (...a: unknown[]) => unknown).apply(store, args);
    };
  }
  return {
    adapter,
    store,
    calls,
    count: (method) => calls.filter((call) => call.method === method).length,
  };
}

export function databaseConfig(adapter: Adapter, server: OidcServer, overrides: Partial<AuthConfig> = {}): AuthConfig {
  return baseConfig({ adapter, providers: identityProviders(server), ...overrides });
}

/**
 * Signs in at `provider` as `login` (the IdP's subject; the email is `<login>@example.test`): sign-in POST,
 * the IdP's login and consent pages, then the callback through `Auth`. Applies every cookie to the jar and
 * returns the callback's response (302 to the callback URL, `pages.newUser` or an error page).
 */
export async function signInWithIdentityProvider(
  config: AuthConfig,
  options: { provider: ProviderId; login: string; jar?: CookieJar; callbackUrl?: string; link?: boolean },
): Promise<{ jar: CookieJar; response: Response }> {
  const jar = options.jar ?? new CookieJar();
  const csrf = await csrfToken(config, jar);
  const fields = { csrfToken: csrf, callbackUrl: options.callbackUrl ?? `${ORIGIN}/dashboard` };
  const start = await Auth(
    postForm(`/auth/signin/${options.provider}`, options.link ? { ...fields, link: "true" } : fields, jar),
    config,
  );
  if (start.status !== 302) throw new Error(`sign-in start answered ${start.status}`);
  // A link the core refused never reaches the provider: its answer is the sign-in page's error.
  if (start.headers.get("location")?.startsWith(`${ORIGIN}/auth/signin?error=`)) {
    jar.apply(start);
    return { jar, response: start };
  }
  jar.apply(start);
  const redirect = new URL(await loginThroughInteraction(start.headers.get("location")!, { login: options.login }));
  const response = await Auth(get(redirect.pathname + redirect.search, jar), config);
  jar.apply(response);
  return { jar, response };
}

export async function readSession(config: AuthConfig, jar: CookieJar): Promise<{ response: Response; body: unknown }> {
  const response = await Auth(get("/auth/session", jar), config);
  jar.apply(response);
  return { response, body: await response.json() };
}

export async function signOut(config: AuthConfig, jar: CookieJar): Promise<Response> {
  const csrf = await csrfToken(config, jar);
  const response = await Auth(postForm("/auth/signout", { csrfToken: csrf }, jar), config);
  jar.apply(response);
  return response;
}
