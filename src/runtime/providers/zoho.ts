/**
 * Zoho Accounts: OAuth 2.0 in one of Zoho's data centres, each with its own accounts server: `region` picks
 * it (default `us`, accounts.zoho.com; `eu`, `in`, `au`, `jp`, `ca`, `sa`, `uk`, `cn`), since a user's account
 * lives in one data centre only. The token endpoint reads the client credentials from the form body. The
 * profile is `GET /oauth/user/info` on the same server (`AaaServer.profile.Read` scope), which does not say
 * whether the address is verified. A client with Zoho's "Multi DC" setting gets users of other data
 * centres sent back with `accounts-server`: this provider keeps to its configured one (one provider per
 * region serves several). Docs: https://www.zoho.com/accounts/protocol/oauth/use-access-token.html
 * and https://www.zoho.com/accounts/protocol/oauth/multi-dc.html
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface ZohoProfile {
  /** The Zoho user id. */
  ZUID: number;
  First_Name?: string;
  Last_Name?: string;
  Display_Name?: string;
  Email?: string;
  [field: string]: unknown;
}

/** Zoho's data centres (the `location` its authorization response names) and their accounts servers. */
const ACCOUNTS_SERVERS = {
  us: "https://accounts.zoho.com",
  eu: "https://accounts.zoho.eu",
  in: "https://accounts.zoho.in",
  au: "https://accounts.zoho.com.au",
  jp: "https://accounts.zoho.jp",
  ca: "https://accounts.zohocloud.ca",
  sa: "https://accounts.zoho.sa",
  uk: "https://accounts.zoho.uk",
  cn: "https://accounts.zoho.com.cn",
} as const;

export type ZohoRegion = keyof typeof ACCOUNTS_SERVERS;

export function zohoProfile(profile: ZohoProfile): User {
  const fullName = [profile.First_Name, profile.Last_Name].filter(Boolean).join(" ");
  return {
    id: String(profile.ZUID),
    name: profile.Display_Name || fullName || null,
    email: profile.Email || null,
    image: null,
  };
}

function accountsServer(region: string): string {
  const server = (ACCOUNTS_SERVERS as Record<string, string>)[region.trim().toLowerCase()];
  if (!server) {
    throw new Error(`The Zoho region "${region}" is not one of ${Object.keys(ACCOUNTS_SERVERS).join(", ")}.`);
  }
  return server;
}

export default function Zoho(
  options?: ProviderOptions<ZohoProfile> & { region?: ZohoRegion },
): OAuthConfig<ZohoProfile> {
  const { region, ...rest } = options ?? {};
  // A blank region (an empty env value passed through) is the default one.
  const base = accountsServer(region || "us");
  return catalogProvider<ZohoProfile>(
    {
      id: "zoho",
      name: "Zoho",
      type: "oauth",
      authorization: { url: `${base}/oauth/v2/auth`, params: { scope: "AaaServer.profile.Read" } },
      token: `${base}/oauth/v2/token`,
      userinfo: `${base}/oauth/user/info`,
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: zohoProfile,
      style: () => import("./style/zoho.js"),
    },
    rest,
  );
}
