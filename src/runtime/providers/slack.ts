/**
 * Sign in with Slack: OpenID Connect, issuer https://slack.com. The ID token carries the workspace in
 * `https://slack.com/team_id`.
 */
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, User } from "../types.js";

export interface SlackProfile {
  sub: string;
  "https://slack.com/user_id": string;
  "https://slack.com/team_id": string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
  given_name?: string;
  family_name?: string;
  locale?: string;
  "https://slack.com/team_name"?: string;
  "https://slack.com/user_image_192"?: string;
  [claim: string]: unknown;
}

export function slackProfile(profile: SlackProfile): User {
  return { id: profile.sub, name: profile.name ?? null, email: profile.email ?? null, image: profile.picture ?? null };
}

export default function Slack(options?: ProviderOptions<SlackProfile>): OAuthConfig<SlackProfile> {
  return catalogProvider<SlackProfile>(
    {
      id: "slack",
      name: "Slack",
      type: "oidc",
      issuer: "https://slack.com",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: slackProfile,
      style: () => import("./style/slack.js"),
    },
    options,
  );
}
