/**
 * Coinbase (the Coinbase App's OAuth2, on login.coinbase.com since March 2024, replacing the
 * www.coinbase.com/oauth endpoints): the token endpoint reads the client credentials from the form body, access tokens
 * live one hour (add `offline_access` to the scope for a refresh token). The profile is
 * `GET https://api.coinbase.com/v2/user`, nested under `data`; the address needs `wallet:user:email`.
 * Coinbase says nothing of the address being verified. Its docs say new OAuth clients are for approved
 * partners only (creating them was paused when this was written); existing clients keep working.
 * Docs: https://docs.cdp.coinbase.com/coinbase-app/oauth2-integration/reference and
 * https://docs.cdp.coinbase.com/coinbase-app/oauth2-integration/scopes
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface CoinbaseProfile {
  data: {
    id: string;
    name?: string | null;
    username?: string | null;
    profile_location?: string | null;
    profile_bio?: string | null;
    profile_url?: string | null;
    avatar_url?: string | null;
    resource?: "user";
    resource_path?: string;
    /** Only with the `wallet:user:email` scope. */
    email?: string;
    [field: string]: unknown;
  };
  [field: string]: unknown;
}

export function coinbaseProfile(profile: CoinbaseProfile): User {
  const { data } = profile;
  return {
    id: data.id,
    name: data.name || data.username || null,
    email: data.email || null,
    image: data.avatar_url || null,
  };
}

export default function Coinbase(options?: ProviderOptions<CoinbaseProfile>): OAuthConfig<CoinbaseProfile> {
  return catalogProvider<CoinbaseProfile>(
    {
      id: "coinbase",
      name: "Coinbase",
      type: "oauth",
      authorization: {
        url: "https://login.coinbase.com/oauth2/auth",
        params: { scope: "wallet:user:read wallet:user:email" },
      },
      token: "https://login.coinbase.com/oauth2/token",
      userinfo: "https://api.coinbase.com/v2/user",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: coinbaseProfile,
      style: () => import("./style/coinbase.js"),
    },
    options,
  );
}
