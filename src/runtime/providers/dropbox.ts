/**
 * Dropbox: OAuth 2.0; the profile is `POST https://api.dropboxapi.com/2/users/get_current_account`, an RPC
 * endpoint that takes no body (so not the generic userinfo GET). `token_access_type=offline` asks for a
 * refresh token (Dropbox access tokens are short-lived).
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface DropboxProfile {
  account_id: string;
  name: {
    display_name: string;
    given_name?: string;
    surname?: string;
    familiar_name?: string;
    abbreviated_name?: string;
  };
  email: string;
  email_verified: boolean;
  profile_photo_url?: string;
  disabled?: boolean;
  country?: string;
  [field: string]: unknown;
}

export function dropboxProfile(profile: DropboxProfile): User {
  return {
    id: profile.account_id,
    name: profile.name.display_name,
    email: profile.email_verified ? profile.email : null,
    image: profile.profile_photo_url ?? null,
  };
}

const accountUrl = "https://api.dropboxapi.com/2/users/get_current_account";

export default function Dropbox(options?: ProviderOptions<DropboxProfile>): OAuthConfig<DropboxProfile> {
  return catalogProvider<DropboxProfile>(
    {
      id: "dropbox",
      name: "Dropbox",
      type: "oauth",
      authorization: {
        url: "https://www.dropbox.com/oauth2/authorize",
        params: { scope: "account_info.read", token_access_type: "offline" },
      },
      token: "https://api.dropboxapi.com/oauth2/token",
      userinfo: {
        url: accountUrl,
        async request({ tokens, url, fetch }) {
          const target = url ?? new URL(accountUrl);
          const response = await fetch(target, {
            method: "POST",
            headers: { authorization: `Bearer ${tokens.access_token}` },
          });
          if (!response.ok) throw new Error(`Dropbox ${target.pathname} answered ${response.status}`);
          return (await response.json()) as DropboxProfile;
        },
      },
      profile: dropboxProfile,
      style: () => import("./style/dropbox.js"),
    },
    options,
  );
}
