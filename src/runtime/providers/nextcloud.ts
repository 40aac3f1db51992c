/**
 * Nextcloud (a self-hosted server, named by `baseUrl`): OAuth 2.0 through its built-in OAuth2 app, which has no
 * scopes (a token can do anything the user can). The profile is the OCS API's `GET /ocs/v2.php/cloud/user`,
 * which answers only a request that carries `OCS-APIRequest: true`, and nests the user under `ocs.data`.
 * The endpoints go through `index.php`, which works with and without pretty URLs. Nextcloud does not say
 * whether the address is verified (users and admins set it). Docs:
 * https://docs.nextcloud.com/server/latest/admin_manual/configuration_server/oauth2.html
 */
import { unsetOption } from "../core/provider-env.js";
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The OCS answer of `/cloud/user?format=json`: the signed-in user's metadata under `ocs.data`. */
export interface NextcloudProfile {
  ocs: {
    meta: { status: string; statuscode: number; message?: string };
    data: {
      /** The user id (the login name). */
      id: string;
      displayname?: string | null;
      "display-name"?: string | null;
      email?: string | null;
      enabled?: boolean;
      language?: string;
      locale?: string;
      groups?: string[];
      [field: string]: unknown;
    };
  };
}

export function nextcloudProfile(profile: NextcloudProfile): User {
  const user = profile.ocs.data;
  return {
    id: user.id,
    name: user.displayname || user["display-name"] || user.id,
    email: user.email || null,
    // The avatar is `<baseUrl>/index.php/avatar/<id>/<size>`, served to signed-in Nextcloud users only.
    image: null,
  };
}

export default function Nextcloud(
  options?: ProviderOptions<NextcloudProfile> & { baseUrl?: string },
): OAuthConfig<NextcloudProfile> {
  const { baseUrl, ...rest } = options ?? {};
  // No default server: without `baseUrl` the provider has no endpoints, and its sign-in names AUTH_NEXTCLOUD_URL.
  const base = baseUrl?.replace(/\/+$/, "");
  const userUrl = base && `${base}/ocs/v2.php/cloud/user?format=json`;
  return catalogProvider<NextcloudProfile>(
    {
      id: "nextcloud",
      name: "Nextcloud",
      type: "oauth",
      ...(base
        ? {
            authorization: `${base}/index.php/apps/oauth2/authorize`,
            token: `${base}/index.php/apps/oauth2/api/v1/token`,
          }
        : unsetOption("nextcloud", "baseUrl")),
      userinfo: {
        url: userUrl,
        async request({ tokens, url, fetch }) {
          if (!url) throw new Error("Nextcloud needs `baseUrl`, the server's address");
          const response = await fetch(url, {
            headers: {
              authorization: `Bearer ${tokens.access_token}`,
              "ocs-apirequest": "true",
              accept: "application/json",
            },
          });
          if (!response.ok) throw new Error(`Nextcloud ${url.pathname} answered ${response.status}`);
          return (await response.json()) as NextcloudProfile;
        },
      },
      profile: nextcloudProfile,
      style: () => import("./style/nextcloud.js"),
    },
    rest,
  );
}
