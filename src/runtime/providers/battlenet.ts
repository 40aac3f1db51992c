/**
 * Battle.net (Blizzard): OpenID Connect. Blizzard documents one OAuth host for its US, EU, KR and TW regions,
 * issuer `https://oauth.battle.net`, and another for China, `https://oauth.battlenet.com.cn`: `region` picks
 * it (default the global host); `issuer` (or AUTH_BATTLENET_ISSUER) names any other, such as a legacy
 * `https://<region>.battle.net/oauth`. The ID token carries the account id and the BattleTag; Battle.net
 * shares no email address.
 * https://community.developer.battle.net/documentation/guides/using-oauth
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

/** The ID token's claims for the `openid` scope. */
export interface BattleNetProfile {
  /** The Battle.net account id. */
  sub: string;
  /** The player's BattleTag, e.g. `Player#1234`. */
  battle_tag?: string;
  [claim: string]: unknown;
}

export type BattleNetRegion = "us" | "eu" | "kr" | "tw" | "cn";

/** The issuer Blizzard documents for each region: one global host, one for China. */
export function battleNetIssuer(region: BattleNetRegion = "us"): string {
  return region === "cn" ? "https://oauth.battlenet.com.cn" : "https://oauth.battle.net";
}

export function battlenetProfile(profile: BattleNetProfile): User {
  return { id: profile.sub, name: profile.battle_tag ?? null, email: null, image: null };
}

export default function BattleNet(
  options?: ProviderOptions<BattleNetProfile> & { region?: BattleNetRegion },
): OAuthConfig<BattleNetProfile> {
  const { region, ...rest } = options ?? {};
  return catalogProvider<BattleNetProfile>(
    {
      id: "battlenet",
      name: "Battle.net",
      type: "oidc",
      issuer: battleNetIssuer(region),
      // Only `openid`: Battle.net has no profile or email scope (the game scopes, e.g. `wow.profile`, are extra).
      authorization: { params: { scope: "openid" } },
      profile: battlenetProfile,
      style: () => import("./style/battlenet.js"),
    },
    rest,
  );
}
