/**
 * EVE Online (EVE SSO v2): OAuth 2.0 with HTTP Basic client authentication. SSO v2 has no profile endpoint:
 * CCP deprecated `/oauth/verify` with SSO v1 and has the character read from the access token itself, an
 * RS256 JWT whose `sub` is `CHARACTER:EVE:<character id>`. The token comes straight from the token endpoint
 * over TLS, so its claims are read without fetching the JWKS (as OIDC Core §3.1.3.7 allows for an ID token
 * received that way), after checking that EVE SSO issued it for this client. No scope is needed to sign in;
 * EVE shares no email address. The portrait is on CCP's image server.
 * https://developers.eveonline.com/docs/services/sso/
 */
import { base64ToBytes } from "../core/crypto/base64.js";
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The access token's claims. */
export interface EVEOnlineProfile {
  /** `CHARACTER:EVE:<character id>`. */
  sub: string;
  /** The character's name. */
  name: string;
  /** Changes when the character moves to another account. */
  owner: string;
  iss: string;
  aud: string | string[];
  azp?: string;
  scp?: string | string[];
  tenant?: string;
  tier?: string;
  region?: string;
  exp?: number;
  [claim: string]: unknown;
}

const CHARACTER = "CHARACTER:EVE:";
/** The issuer EVE SSO writes, with or without the scheme. */
const ISSUERS = new Set(["https://login.eveonline.com", "login.eveonline.com"]);

export function eveonlineProfile(profile: EVEOnlineProfile): User {
  const characterId = profile.sub.slice(CHARACTER.length);
  return {
    id: characterId,
    name: profile.name,
    email: null,
    image: `https://images.evetech.net/characters/${characterId}/portrait?size=128`,
  };
}

/** The claims of the JWT access token, once it is known to be EVE SSO's for this client and a character's. */
function characterClaims(accessToken: string, clientId: string): EVEOnlineProfile {
  const payload = accessToken.split(".")[1];
  if (!payload) throw new Error("EVE SSO's access token is not a JWT");
  const claims = JSON.parse(new TextDecoder().decode(base64ToBytes(payload))) as EVEOnlineProfile;
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!ISSUERS.has(claims.iss)) throw new Error(`EVE SSO's access token has an unexpected issuer "${claims.iss}"`);
  if (!audience.includes(clientId)) throw new Error("EVE SSO's access token was issued for another client");
  if (typeof claims.sub !== "string" || !claims.sub.startsWith(CHARACTER)) {
    throw new Error("EVE SSO's access token names no character");
  }
  return claims;
}

export default function EVEOnline(options?: ProviderOptions<EVEOnlineProfile>): OAuthConfig<EVEOnlineProfile> {
  return catalogProvider<EVEOnlineProfile>(
    {
      id: "eveonline",
      name: "EVE Online",
      type: "oauth",
      authorization: "https://login.eveonline.com/v2/oauth/authorize",
      token: "https://login.eveonline.com/v2/oauth/token",
      userinfo: {
        async request({ tokens, provider }) {
          return characterClaims(tokens.access_token ?? "", provider.clientId ?? "");
        },
      },
      profile: eveonlineProfile,
      style: () => import("./style/eveonline.js"),
    },
    options,
  );
}
