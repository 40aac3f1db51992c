/**
 * Test helper: an InternalOptions with the fields the OAuth module reads, and a RequestInternal for an
 * authorization response arriving at the callback with a given set of cookies.
 */

import type {
  InternalOAuthProvider,
  InternalOptions,
  InternalProvider,
  RequestInternal,
} from "../../../src/runtime/core/internal.js";
import { resolveProviders } from "../../../src/runtime/core/providers.js";
import type { AuthConfig, Cookie, CookieOption, CookiesOptions, LoggerInstance } from "../../../src/runtime/types.js";

export const testSecret = "a-test-secret-of-at-least-32-characters-0123456789";

function cookie(name: string): CookieOption {
  return { name, options: { httpOnly: true, sameSite: "lax", path: "/", secure: false } };
}

const cookies: CookiesOptions = {
  sessionToken: cookie("authjs.session-token"),
  callbackUrl: cookie("authjs.callback-url"),
  csrfToken: cookie("authjs.csrf-token"),
  pkceCodeVerifier: cookie("authjs.pkce.code_verifier"),
  state: cookie("authjs.state"),
  nonce: cookie("authjs.nonce"),
  webauthnChallenge: cookie("authjs.challenge"),
  linkIntent: cookie("authjs.link-intent"),
};

const silent: LoggerInstance = { error: () => {}, warn: () => {}, debug: () => {} };

/** Options for an app served at `origin` under `/auth`, with `config`'s providers resolved. */
export function internalOptions(config: Partial<AuthConfig> & Pick<AuthConfig, "providers">, origin: string) {
  const url = new URL(`${origin}/auth`);
  const providers: InternalProvider[] = resolveProviders({ ...config }, url);
  const options: InternalOptions = {
    url,
    basePath: "/auth",
    action: "callback",
    providers,
    secret: [testSecret],
    useSecureCookies: false,
    cookies,
    session: {
      strategy: "jwt",
      maxAge: 2592000,
      updateAge: 86400,
      revalidateAge: 5,
      generateSessionToken: () => crypto.randomUUID(),
    },
    linking: { maxAuthAge: 600 },
    jwt: {
      maxAge: 2592000,
      encode: () => {
        throw new Error("not used by the OAuth module");
      },
      decode: () => {
        throw new Error("not used by the OAuth module");
      },
    },
    callbacks: {
      signIn: () => true,
      redirect: ({ url }) => url,
      jwt: ({ token }) => token,
      session: ({ session }) => session,
    },
    events: {},
    pages: {},
    theme: {},
    logger: silent,
    debug: false,
    redirectProxyUrl: config.redirectProxyUrl,
    isOnRedirectProxy: false,
    callbackUrl: origin,
    csrfTokenVerified: false,
    experimental: {},
  };
  return options;
}

export function oauthProvider(options: InternalOptions, id: string): InternalOAuthProvider {
  const provider = options.providers.find((candidate) => candidate.id === id);
  if (!provider || (provider.type !== "oauth" && provider.type !== "oidc")) throw new Error(`no oauth provider ${id}`);
  return provider as InternalOAuthProvider;
}

/** The callback request for `redirectUrl` (the provider's redirect back to us) carrying `cookies`. */
export function callbackRequest(
  redirectUrl: string,
  cookies: Cookie[],
  init: { method?: "GET" | "POST"; body?: Record<string, string> } = {},
): RequestInternal {
  const url = new URL(redirectUrl);
  const jar = Object.fromEntries(cookies.filter((c) => c.value !== "").map((c) => [c.name, c.value]));
  const method = init.method ?? "GET";
  return {
    url,
    method,
    action: "callback",
    providerId: url.pathname.split("/").pop(),
    headers: new Headers(),
    cookies: jar,
    body: init.body,
    query: method === "GET" ? Object.fromEntries(url.searchParams) : {},
    request: new Request(url, { method }),
  };
}
