/**
 * BankID (Norway), through BankID's own OpenID Connect provider: issuer https://auth.bankid.no/auth/realms/prod
 * (`environment: "test"`: the "current" test environment, https://auth.current.bankid.no/auth/realms/current).
 * Clients are provisioned by BankID or a BankID partner, with HTTP Basic client authentication. With the
 * `openid profile` scopes the ID token names the user (the name of their BankID certificate, "Family, Given",
 * and the given and family names) and their birth date, so the profile is the ID token's: no userinfo call.
 * BankID gives an email address only from its userinfo endpoint, as a signed JWT and only with the user's
 * consent, so this provider has none. `sub` is BankID's pseudonymous user id.
 * Docs: https://developer.bankid.no/bankid-oidc-provider/ (Core concepts: ID Token; API: openid-configuration)
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token claims of the `openid profile` scopes. */
export interface BankIDNorwayProfile {
  sub: string;
  /** The common name of the user's BankID certificate: `Family, Given`. */
  name?: string;
  given_name?: string;
  family_name?: string;
  birthdate?: string;
  /** The Level of Assurance and BankID variant, e.g. `urn:bankid:bid;LOA=4`. */
  acr?: string;
  /** The BankID variant used: `BID` (code device), `BIM` (mobile), `BIS` (biometric app). */
  amr?: string | string[];
  /** The personal identifier of the user's BankID certificate. */
  bankid_altsub?: string;
  /** The national identity number, for clients granted the `nnin_altsub` scope. */
  nnin_altsub?: string;
  [claim: string]: unknown;
}

export function bankidNorwayProfile(profile: BankIDNorwayProfile): User {
  const readable = [profile.given_name, profile.family_name].filter(Boolean).join(" ");
  return {
    id: profile.sub,
    // "Given Family" reads as a name; the certificate's "Family, Given" is the fallback.
    name: readable || profile.name || null,
    email: null,
    image: null,
  };
}

const issuers = {
  production: "https://auth.bankid.no/auth/realms/prod",
  test: "https://auth.current.bankid.no/auth/realms/current",
} as const;

export default function BankIDNorway(
  options?: ProviderOptions<BankIDNorwayProfile> & { environment?: keyof typeof issuers },
): OAuthConfig<BankIDNorwayProfile> {
  const { environment = "production", ...rest } = options ?? {};
  return catalogProvider<BankIDNorwayProfile>(
    {
      id: "bankid-no",
      name: "BankID Norge",
      type: "oidc",
      issuer: issuers[environment],
      // No `email`: BankID answers it only from its signed userinfo (see above).
      authorization: { params: { scope: "openid profile" } },
      profile: bankidNorwayProfile,
      style: () => import("./style/bankid-no.js"),
    },
    rest,
  );
}
