/**
 * Who we talk to and how: the authorization server's metadata (discovered from the issuer, cached per issuer,
 * with explicit endpoints taking precedence), our client record and client authentication, and the HTTP
 * options (the provider's own fetch; plain http only on loopback) for every oauth4webapi call.
 */
import * as oauth from "oauth4webapi";
import { customFetch } from "../../types.js";
import type { InternalOAuthProvider } from "../internal.js";

/** Discovered metadata per issuer (and well-known URL): one discovery request per process, not per sign-in. */
const discoveryCache = new Map<string, Promise<oauth.AuthorizationServer>>();

/**
 * The authorization server's metadata. With an `issuer`, discovered (OpenID Connect Discovery 1.0 §4, and
 * for `oauth` providers RFC 8414 first; the issuer in the document must equal the configured one, OIDC
 * Discovery §4.3, RFC 8414 §3.3); explicit endpoints override discovered ones.
 * Without one, assembled from the explicit endpoints under a stand-in issuer that is never compared (see
 * `hasIssuer`).
 */
export async function getAuthorizationServer(provider: InternalOAuthProvider): Promise<oauth.AuthorizationServer> {
  const explicit = {
    ...(provider.authorization?.url ? { authorization_endpoint: provider.authorization.url.href } : {}),
    ...(provider.token?.url ? { token_endpoint: provider.token.url.href } : {}),
    ...(provider.userinfo?.url ? { userinfo_endpoint: provider.userinfo.url.href } : {}),
  };
  if (!provider.issuer) {
    const endpoint = provider.authorization?.url ?? provider.token?.url;
    return { issuer: endpoint ? endpoint.origin : "urn:create-auth:no-issuer", ...explicit };
  }
  return { ...(await discover(provider, provider.issuer)), ...explicit };
}

/** Whether the provider has a real issuer identifier, so `iss` values can be compared (RFC 9207 §2.4). */
export function hasIssuer(provider: InternalOAuthProvider): boolean {
  return Boolean(provider.issuer);
}

function discover(provider: InternalOAuthProvider, issuer: string): Promise<oauth.AuthorizationServer> {
  const key = `${issuer} ${provider.wellKnown ?? ""}`;
  let pending = discoveryCache.get(key);
  if (!pending) {
    pending = fetchMetadata(provider, new URL(issuer));
    discoveryCache.set(key, pending);
    // A failed discovery (provider down, typo) must not stay cached: the next sign-in tries again.
    pending.catch(() => discoveryCache.delete(key));
  }
  return pending;
}

async function fetchMetadata(provider: InternalOAuthProvider, issuer: URL): Promise<oauth.AuthorizationServer> {
  if (provider.wellKnown) {
    const wellKnown = new URL(provider.wellKnown);
    const response = await providerFetch(provider)(wellKnown, { headers: { accept: "application/json" } });
    return oauth.processDiscoveryResponse(issuer, response);
  }
  if (provider.type === "oauth") {
    // A plain OAuth 2.0 server publishes RFC 8414 metadata (`/.well-known/oauth-authorization-server`, with
    // the issuer's path appended, §3.1); many serve only the OpenID one, so that is the fallback.
    const response = await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...httpOptions(provider, issuer) });
    if (response.ok) return oauth.processDiscoveryResponse(issuer, response);
    await response.body?.cancel();
  }
  const response = await oauth.discoveryRequest(issuer, { algorithm: "oidc", ...httpOptions(provider, issuer) });
  return oauth.processDiscoveryResponse(issuer, response);
}

/** Forget every discovered document (tests that restart a provider on the same issuer). */
export function clearDiscoveryCache(): void {
  discoveryCache.clear();
}

/** The client as oauth4webapi sees it. */
export function clientOf(provider: InternalOAuthProvider): oauth.Client {
  const alg = provider.client?.id_token_signed_response_alg;
  return alg ? { client_id: provider.clientId, id_token_signed_response_alg: alg } : { client_id: provider.clientId };
}

/**
 * Client authentication at the token endpoint (RFC 6749 §2.3.1). `client_secret_basic` is the default
 * when a secret is configured; a client without a secret is a public client (`none`, RFC 8252 §8.4) and
 * relies on PKCE.
 */
export function clientAuthOf(provider: InternalOAuthProvider): oauth.ClientAuth {
  const method =
    provider.client?.token_endpoint_auth_method ?? (provider.clientSecret ? "client_secret_basic" : "none");
  switch (method) {
    case "client_secret_post":
      return oauth.ClientSecretPost(provider.clientSecret ?? "");
    case "none":
      return oauth.None();
    default:
      return oauth.ClientSecretBasic(provider.clientSecret ?? "");
  }
}

/** The provider's own fetch (`customFetch`), else the global one. */
export function providerFetch(provider: InternalOAuthProvider): typeof fetch {
  return provider[customFetch] ?? fetch;
}

/**
 * Options for one oauth4webapi request to `target`: the provider's fetch, and plain http allowed only when
 * the target is a loopback address (RFC 8252 §8.3: no network attacker can sit on loopback), which is what
 * local development and the test suite's identity providers use. Everything else must be https.
 * For a provider whose token endpoint takes JSON (`token.encoding: "json"`), the token request (the only
 * form body we send: code exchange and refresh) goes out as JSON; one with its own `token.request` sends it
 * that way instead.
 */
export function httpOptions<Method extends string, Body>(
  provider: InternalOAuthProvider,
  target: URL | string | undefined,
): oauth.HttpRequestOptions<Method, Body> {
  const fetchImpl = providerFetch(provider);
  const json = provider.token?.encoding === "json";
  const tokenRequest = provider.token?.request;
  return {
    [oauth.customFetch]: (url, init) => {
      const request = init as RequestInit;
      if (tokenRequest && request.body instanceof URLSearchParams) {
        const parameters = new URLSearchParams(request.body);
        return tokenRequest({ url: new URL(url), parameters, headers: new Headers(request.headers), fetch: fetchImpl });
      }
      return fetchImpl(url, json ? asJsonBody(request) : request);
    },
    [oauth.allowInsecureRequests]: target !== undefined && isLoopback(new URL(target)),
  };
}

/**
 * oauth4webapi writes token requests form-encoded (RFC 6749 §4.1.3, §6); the same parameters, client
 * credentials included when they travel in the body, as one JSON object. Other requests pass unchanged.
 */
function asJsonBody(init: RequestInit): RequestInit {
  if (!(init.body instanceof URLSearchParams)) return init;
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json");
  return { ...init, headers, body: JSON.stringify(Object.fromEntries(init.body)) };
}

function isLoopback(url: URL): boolean {
  const host = url.hostname;
  return host === "localhost" || host.endsWith(".localhost") || host === "[::1]" || /^127(?:\.\d{1,3}){3}$/.test(host);
}
