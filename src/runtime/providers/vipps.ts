/**
 * Vipps MobilePay Login: OpenID Connect, issuer https://api.vipps.no/access-management-1.0/access/ (the test
 * environment's is on apitest.vipps.no: pass `environment: "test"`). Its ID token names only the user (`sub`);
 * what the user consented to share (the `name email` scopes here; also `phoneNumber`, `address`, `birthDate`)
 * is read from `GET /vipps-userinfo-api/userinfo`. The access token lives 10 minutes.
 * Docs: https://developer.vippsmobilepay.com/docs/APIs/login-api/
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface VippsAddress {
  address_type?: string;
  country?: string;
  formatted?: string;
  postal_code?: string;
  region?: string;
  street_address?: string;
}

/** The userinfo answer (fields by consented scope). */
export interface VippsProfile {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  email_verified?: boolean;
  phone_number?: string;
  birthdate?: string;
  address?: VippsAddress;
  other_addresses?: VippsAddress[];
  sid?: string;
  [claim: string]: unknown;
}

export function vippsProfile(profile: VippsProfile): User {
  const parts = [profile.given_name, profile.family_name].filter(Boolean).join(" ");
  return {
    id: profile.sub,
    name: profile.name ?? (parts || null),
    // Vipps says whether the user confirmed the address; an unconfirmed one could be anyone's.
    email: profile.email_verified ? (profile.email ?? null) : null,
    image: null,
  };
}

const hosts = { production: "https://api.vipps.no", test: "https://apitest.vipps.no" } as const;

export default function Vipps(
  options?: ProviderOptions<VippsProfile> & { environment?: keyof typeof hosts },
): OAuthConfig<VippsProfile> {
  const { environment = "production", ...rest } = options ?? {};
  const host = hosts[environment];
  return catalogProvider<VippsProfile>(
    {
      id: "vipps",
      name: "Vipps MobilePay",
      type: "oidc",
      issuer: `${host}/access-management-1.0/access/`,
      authorization: { params: { scope: "openid name email" } },
      userinfo: `${host}/vipps-userinfo-api/userinfo`,
      // The profile is in userinfo, not in the ID token.
      idToken: false,
      profile: vippsProfile,
      style: () => import("./style/vipps.js"),
    },
    rest,
  );
}
