/**
 * Amazon Cognito user pools: OpenID Connect, issuer `https://cognito-idp.<region>.amazonaws.com/<user-pool-id>` (the hosted UI domain serves the endpoints; discovery names them).
 * The issuer is per tenant: set it in AUTH_COGNITO_ISSUER (e.g. `https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEfGhI`) or pass `issuer`.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims for the `openid profile email` scopes. */
export interface CognitoProfile {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  "cognito:username"?: string;
  phone_number?: string;
  [claim: string]: unknown;
}

export function cognitoProfile(profile: CognitoProfile): User {
  return {
    id: profile.sub,
    name: profile.name ?? profile["cognito:username"] ?? null,
    email: profile.email ?? null,
    image: profile.picture ?? null,
  };
}

export default function Cognito(options?: ProviderOptions<CognitoProfile>): OAuthConfig<CognitoProfile> {
  return catalogProvider<CognitoProfile>(
    {
      id: "cognito",
      name: "Cognito",
      type: "oidc",
      profile: cognitoProfile,
      style: () => import("./style/cognito.js"),
    },
    options,
  );
}
