/**
 * Refresh-token rotation made easy: `refreshAccessToken(token, { provider })` in the `jwt` callback gives a
 * token whose access token is valid, refreshing it through the provider's token endpoint (RFC 6749 §6) when
 * it has expired, and only once even when many requests of the same browser arrive together with the same
 * expired cookie (single flight per refresh token, within this process). A refresh token the server rotated
 * replaces the old one; when the server does not rotate (§6: it MAY issue a new one), the old one is kept.
 * A refresh that fails sets `error: "RefreshTokenError"`, which the `session` callback can pass on so the
 * app asks the user to sign in again.
 */
import * as oauth from "oauth4webapi";
import type { InternalOAuthProvider } from "./core/internal.js";
import { clientAuthOf, clientOf, getAuthorizationServer, httpOptions } from "./core/oauth/authorization-server.js";
import { tokenSetFrom } from "./core/oauth/token-set.js";
import { providerEnvSettings } from "./core/provider-env.js";
import { resolveProviders } from "./core/providers.js";
import type { OAuthConfig } from "./types.js";

/** The value `error` takes on a token whose refresh failed. */
export const REFRESH_TOKEN_ERROR = "RefreshTokenError";

/** The fields the helper reads and writes; everything else on the token is kept as it is. */
export interface RefreshableToken {
  access_token?: string;
  refresh_token?: string;
  /** Seconds since the epoch (the Account's `expires_at`). */
  expires_at?: number;
  id_token?: string;
  token_type?: string;
  scope?: string;
  error?: string;
  [key: string]: unknown;
}

export interface RefreshAccessTokenOptions {
  /** The provider that issued the tokens (e.g. `Google()`); `AUTH_<ID>_ID/_SECRET/_ISSUER` fill what it lacks. */
  provider: OAuthConfig | (() => OAuthConfig);
  /** Refresh this many seconds before `expires_at`, so a token does not expire on its way. Default 60. */
  leeway?: number;
  /**
   * For how many seconds a finished refresh answers later calls with the same (old) refresh token. Requests
   * the browser sent before it received the new cookie still carry the old refresh token; with rotation that
   * token is spent, so they must get the result, not start a refresh of their own. Default 60.
   */
  reuseWindow?: number;
  /** Told why a refresh failed (once per failed refresh, not per waiting request), e.g. to log it. */
  onError?: (cause: unknown) => void;
}

type Outcome = { ok: true; fields: Partial<RefreshableToken> & { expires_at?: number } } | { ok: false };

/** In-flight and recently finished refreshes, by provider and refresh token. */
const flights = new Map<string, Promise<Outcome>>();

/**
 * Return `token` unchanged while its access token is valid; otherwise refresh it (once per refresh token
 * in this process) and return it with the new access token, expiry, refresh token and ID token merged in
 * and `error` removed, or with `error: "RefreshTokenError"` when it cannot be refreshed.
 */
export async function refreshAccessToken<T extends RefreshableToken>(
  token: T,
  options: RefreshAccessTokenOptions,
): Promise<T> {
  const leeway = options.leeway ?? 60;
  const now = Math.floor(Date.now() / 1000);
  if (typeof token.expires_at === "number" && now < token.expires_at - leeway) return token;
  if (typeof token.expires_at !== "number" && token.access_token) return token;
  if (!token.refresh_token) return { ...token, error: REFRESH_TOKEN_ERROR };

  const provider = resolve(options.provider);
  const key = `${provider.id}\u0000${token.refresh_token}`;
  let flight = flights.get(key);
  if (!flight) {
    flight = refresh(provider, token.refresh_token, options.onError);
    flights.set(key, flight);
    const forget = () => {
      const timer = setTimeout(() => flights.delete(key), (options.reuseWindow ?? 60) * 1000);
      // Never keep a process alive just to forget a refresh.
      (timer as { unref?: () => void }).unref?.();
    };
    flight.then(forget, forget);
  }
  const outcome = await flight;
  if (!outcome.ok) return { ...token, error: REFRESH_TOKEN_ERROR };
  const { error: _previous, ...rest } = token;
  return { ...rest, ...outcome.fields } as T;
}

async function refresh(
  provider: InternalOAuthProvider,
  refreshToken: string,
  onError: RefreshAccessTokenOptions["onError"],
): Promise<Outcome> {
  try {
    const as = await getAuthorizationServer(provider);
    if (!as.token_endpoint) throw new Error(`Provider "${provider.id}" has no token endpoint.`);
    const client = clientOf(provider);
    const response = await oauth.refreshTokenGrantRequest(
      as,
      client,
      clientAuthOf(provider),
      refreshToken,
      httpOptions(provider, as.token_endpoint),
    );
    const tokens = tokenSetFrom(await oauth.processRefreshTokenResponse(as, client, response));
    const fields: Partial<RefreshableToken> = {
      access_token: tokens.access_token,
      // RFC 6749 §6: the server may keep the refresh token; then the one we have stays valid.
      refresh_token: tokens.refresh_token ?? refreshToken,
      // Without `expires_in` the lifetime is unknown: no expiry, so it is not refreshed on every request.
      expires_at: tokens.expires_at,
    };
    if (tokens.token_type !== undefined) fields.token_type = tokens.token_type;
    if (tokens.id_token) fields.id_token = tokens.id_token;
    if (typeof tokens.scope === "string") fields.scope = tokens.scope;
    return { ok: true, fields };
  } catch (cause) {
    onError?.(cause);
    return { ok: false };
  }
}

/** The provider as the OAuth module sees it, with env credentials filled in as the app's config would be. */
function resolve(entry: OAuthConfig | (() => OAuthConfig)): InternalOAuthProvider {
  const provider = { ...(typeof entry === "function" ? entry() : entry) };
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
  const fromEnv = providerEnvSettings(provider.id, env);
  provider.clientId ??= fromEnv.clientId;
  provider.clientSecret ??= fromEnv.clientSecret;
  provider.issuer ??= fromEnv.issuer;
  // The callback URL does not matter for a refresh; any base resolves the endpoints.
  const [resolved] = resolveProviders({ providers: [provider] }, new URL("http://localhost/auth"));
  return resolved as InternalOAuthProvider;
}
