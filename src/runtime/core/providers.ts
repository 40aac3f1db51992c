/**
 * Turns the configured provider list into the providers every action reads: factories given uncalled are
 * called, type defaults (checks, profile mapping, OIDC scopes) sit under the provider's own settings,
 * endpoints become URLs, and each provider learns its callback and sign-in URLs. Pure: no network, no env.
 */
import { InvalidEndpoints, InvalidProvider } from "../errors.js";
import type {
  AnyOAuthConfig,
  AuthConfig,
  EndpointConfig,
  OAuthCheck,
  OAuthConfig,
  Profile,
  Provider,
  User,
  UserinfoEndpointConfig,
} from "../types.js";
import type { EmailConfig } from "../types-email.js";
import type { InternalEmailProvider, InternalOAuthProvider, InternalProvider } from "./internal.js";
import { hasSettingsFromEnv, optionLeftUnsetOf, providerEnvKey } from "./provider-env.js";

/**
 * Resolve every configured provider against `url` (the origin plus the base path).
 * @throws InvalidEndpoints when an oauth/oidc provider can be neither discovered nor called directly.
 */
export function resolveProviders(config: AuthConfig, url: URL): InternalProvider[] {
  const base = withoutTrailingSlash(url.href);
  return config.providers.map((entry) => {
    const provider: Provider = typeof entry === "function" ? entry() : entry;
    const callbackUrl = `${base}/callback/${provider.id}`;
    const signinUrl = `${base}/signin/${provider.id}`;
    if (provider.type === "oauth" || provider.type === "oidc") {
      return resolveOAuthProvider(provider, config, callbackUrl, signinUrl);
    }
    if (provider.type === "email") return resolveEmailProvider(provider, callbackUrl, signinUrl);
    return { ...provider, callbackUrl, signinUrl } as InternalProvider;
  });
}

/** A sign-in link lives 24 hours unless the provider sets `maxAge`. */
export const DEFAULT_EMAIL_MAX_AGE = 24 * 60 * 60;

/**
 * An email provider with its link lifetime resolved and its sender checked. Misconfiguration fails on every
 * request (a Configuration error), not at the moment someone first tries to sign in. (What it needs from the
 * adapter is checked with the other adapter needs in core/assert.ts.)
 * @throws InvalidProvider when the provider cannot send links or has a nonsensical `maxAge`.
 */
function resolveEmailProvider(provider: EmailConfig, callbackUrl: string, signinUrl: string): InternalEmailProvider {
  if (typeof provider.sendVerificationRequest !== "function") {
    throw new InvalidProvider(
      `The email provider "${provider.id}" has no sendVerificationRequest function: pass one, or use the nodemailer provider.`,
    );
  }
  const maxAge = provider.maxAge ?? DEFAULT_EMAIL_MAX_AGE;
  if (!Number.isFinite(maxAge) || maxAge <= 0) {
    throw new InvalidProvider(
      `The email provider "${provider.id}" has an invalid maxAge (${maxAge}): use seconds > 0.`,
    );
  }
  return { ...provider, maxAge, callbackUrl, signinUrl };
}

/**
 * The options every catalog factory takes: any provider setting, with `profile` (and a userinfo `request`)
 * typed by the provider's own profile shape `P`.
 */
export type ProviderOptions<P extends object> = Partial<OAuthConfig<P>>;

/** Build a catalog provider: its defaults (with its own typed profile mapping) under the user's options. */
export function catalogProvider<P extends object>(
  defaults: OAuthConfig<P> & { profile: NonNullable<OAuthConfig<P>["profile"]> },
  options: ProviderOptions<P> | undefined,
): OAuthConfig<P> {
  return mergeProviderOptions(defaults, options);
}

const endpointKeys = new Set<PropertyKey>(["authorization", "token", "userinfo"]);

/**
 * Merge a provider factory's user options over its defaults. Endpoint and client objects merge one level
 * deep (so `authorization: { params: { prompt } }` keeps the default URL and scope, and a string endpoint
 * only replaces the URL, keeping e.g. GitHub's userinfo `request`); everything else, symbol keys such as
 * `customFetch` included, is replaced.
 */
export function mergeProviderOptions<T extends object>(defaults: T, options: Partial<T> | undefined): T {
  if (!options) return { ...defaults };
  const merged: Record<PropertyKey, unknown> = { ...(defaults as Record<PropertyKey, unknown>) };
  for (const key of Reflect.ownKeys(options)) {
    let value = (options as Record<PropertyKey, unknown>)[key];
    if (value === undefined) continue;
    if (endpointKeys.has(key) && typeof value === "string") value = { url: value };
    const previous = merged[key];
    merged[key] = isPlainObject(previous) && isPlainObject(value) ? mergeOneLevel(previous, value) : value;
  }
  return merged as T;
}

function mergeOneLevel(defaults: Record<string, unknown>, options: Record<string, unknown>) {
  const merged: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue;
    const previous = merged[key];
    merged[key] = isPlainObject(previous) && isPlainObject(value) ? { ...previous, ...value } : value;
  }
  return merged;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The mapping used when a provider brings none: OIDC standard claims to the user record. */
export function defaultProfile(profile: Profile): User {
  return {
    id: stringOrUndefined(profile.sub) ?? stringOrUndefined(profile.id),
    name: profile.name ?? profile.nickname ?? profile.preferred_username ?? null,
    email: profile.email ?? null,
    image: typeof profile.picture === "string" ? profile.picture : null,
  };
}

function stringOrUndefined(value: unknown): string | undefined {
  if (typeof value === "string" && value !== "") return value;
  if (typeof value === "number") return String(value);
  return undefined;
}

const defaultChecks: Record<"oauth" | "oidc", OAuthCheck[]> = { oauth: ["pkce"], oidc: ["pkce", "nonce"] };

function resolveOAuthProvider(
  provider: OAuthConfig | AnyOAuthConfig,
  config: AuthConfig,
  ownCallbackUrl: string,
  signinUrl: string,
): InternalOAuthProvider {
  const redirectProxyUrl = provider.redirectProxyUrl ?? config.redirectProxyUrl;
  // With a redirect proxy the identity provider sends the user to the proxy, which forwards the response to
  // the origin recorded in the encrypted state; so the proxy URL is the redirect_uri and state is required.
  const callbackUrl = redirectProxyUrl
    ? `${withoutTrailingSlash(redirectProxyUrl)}/callback/${provider.id}`
    : ownCallbackUrl;
  const checks = [...(provider.checks ?? defaultChecks[provider.type])];
  if (redirectProxyUrl && !checks.includes("state")) checks.push("state");

  const authorization = resolveEndpoint(provider, "authorization");
  const token = resolveEndpoint(provider, "token");
  const userinfo = resolveEndpoint(provider, "userinfo");
  if (provider.type === "oidc") {
    // OpenID Connect Core §3.1.2.1: the openid scope makes it an OIDC request; profile and email fill the user.
    authorization.params = { scope: "openid profile email", ...authorization.params };
  }
  // An `AnyOAuthConfig` is an `OAuthConfig<P>` for the provider's own `P`: its `profile` and `request` are the
  // functions it declared, and the core passes `profile` only what `request` (or the provider's endpoint)
  // answered. So reading them as the `Profile`-typed signatures is sound; TypeScript has no "for some P".
  const userinfoRequest = (typeof provider.userinfo === "object" ? provider.userinfo.request : undefined) as
    | UserinfoEndpointConfig["request"]
    | undefined;
  const profile = provider.profile as OAuthConfig["profile"];
  const tokenEncoding = typeof provider.token === "object" ? provider.token.encoding : undefined;
  const tokenRequest = typeof provider.token === "object" ? provider.token.request : undefined;
  const tokenFromCallback = typeof provider.token === "object" ? provider.token.fromCallback : undefined;
  const clientIdParameter =
    typeof provider.authorization === "object" ? provider.authorization.clientIdParameter : undefined;

  // An OIDC provider whose issuer was left to a blank AUTH_<ID>_ISSUER (what `init` writes until the user fills
  // it) resolves without one: core/assert.ts names the key, and its sign-in answers the configuration page
  // instead of taking down every route. One misconfigured in code, with no env key to blame, stays an error.
  const issuerLeftToEnv = provider.type === "oidc" && !provider.issuer && hasSettingsFromEnv(provider);
  // The same for a factory called without the option its endpoints come from (a self-hosted server's `baseUrl`,
  // left to a blank AUTH_<ID>_URL): core/assert.ts names that key.
  const optionLeft = optionLeftUnsetOf(provider) !== undefined;
  if (!provider.issuer && provider.type === "oidc" && !issuerLeftToEnv && !optionLeft) {
    throw new InvalidEndpoints(
      `Provider "${provider.id}" is of type "oidc" but has no issuer: set \`issuer\` (or ${providerEnvKey(provider.id, "ISSUER")}).`,
    );
  }
  if (!provider.issuer && !issuerLeftToEnv && !optionLeft && !(authorization.url && token.url)) {
    throw new InvalidEndpoints(
      `Provider "${provider.id}" needs an \`issuer\` to discover its endpoints, or both \`authorization\` and \`token\` URLs.`,
    );
  }

  return {
    ...provider,
    clientId: provider.clientId ?? "",
    clientSecret: provider.clientSecret,
    checks,
    profile: profile ?? defaultProfile,
    authorization: clientIdParameter ? { ...authorization, clientIdParameter } : authorization,
    token: {
      ...token,
      ...(tokenEncoding ? { encoding: tokenEncoding } : {}),
      ...(tokenRequest ? { request: tokenRequest } : {}),
      ...(tokenFromCallback ? { fromCallback: tokenFromCallback } : {}),
    },
    userinfo: { ...userinfo, ...(userinfoRequest ? { request: userinfoRequest } : {}) },
    redirectProxyUrl,
    callbackUrl,
    signinUrl,
  };
}

function resolveEndpoint(
  provider: Pick<AnyOAuthConfig, "id" | "authorization" | "token" | "userinfo">,
  key: "authorization" | "token" | "userinfo",
): { url?: URL; params?: Record<string, string> } {
  const value: string | EndpointConfig | undefined = provider[key];
  if (value === undefined) return {};
  const config = typeof value === "string" ? { url: value } : value;
  if (config.url === undefined) return config.params ? { params: { ...config.params } } : {};
  let url: URL;
  try {
    url = new URL(config.url);
  } catch (cause) {
    throw new InvalidEndpoints(`Provider "${provider.id}" has an invalid ${key} URL: ${config.url}`, {
      cause: cause,
    });
  }
  return config.params ? { url, params: { ...config.params } } : { url };
}

function withoutTrailingSlash(value: string) {
  return value.endsWith("/") ? value.slice(0, -1) : value;
}
