/**
 * Mailchimp (Intuit Mailchimp): OAuth 2.0 at login.mailchimp.com; the token endpoint reads the client
 * credentials from the form body and answers `expires_in: 0` (tokens never expire), `scope: null` and no
 * `token_type`, which `token.request` restates as a standard answer. The profile is
 * `GET https://login.mailchimp.com/oauth2/metadata`, which takes the token under the `OAuth` scheme rather than
 * `Bearer`, and names the login (the person) under `login` beside the account and its data centre (`dc`).
 * Docs: https://mailchimp.com/developer/marketing/guides/access-user-data-oauth-2/
 */
import { standardTokenAnswer } from "../core/oauth/token-answer.js";
import { catalogProvider, type ProviderOptions } from "../core/providers.js";
import type { OAuthConfig, TokenEndpointConfig, User } from "../types.js";

export interface MailchimpProfile {
  /** The account's data centre, e.g. `us1`: the API is at `https://<dc>.api.mailchimp.com`. */
  dc: string;
  role?: string;
  accountname?: string;
  /** The Mailchimp account (several logins may share it). */
  user_id: number;
  login: {
    email: string;
    avatar?: string | null;
    login_id: number;
    login_name?: string;
    login_email?: string;
  };
  login_url?: string;
  api_endpoint?: string;
  [field: string]: unknown;
}

export function mailchimpProfile(profile: MailchimpProfile): User {
  const { login } = profile;
  return {
    id: String(login.login_id),
    name: login.login_name || profile.accountname || null,
    email: login.email || login.login_email || null,
    image: login.avatar || null,
  };
}

/** The standard token request, its answer restated (no refresh tokens exist, so only the code exchange comes here). */
const tokenRequest: TokenEndpointConfig["request"] = async ({ url, parameters, headers, fetch }) =>
  standardTokenAnswer(await fetch(url, { method: "POST", headers, body: parameters }), "Mailchimp");

const metadataUrl = "https://login.mailchimp.com/oauth2/metadata";

export default function Mailchimp(options?: ProviderOptions<MailchimpProfile>): OAuthConfig<MailchimpProfile> {
  return catalogProvider<MailchimpProfile>(
    {
      id: "mailchimp",
      name: "Mailchimp",
      type: "oauth",
      authorization: "https://login.mailchimp.com/oauth2/authorize",
      token: { url: "https://login.mailchimp.com/oauth2/token", request: tokenRequest },
      client: { token_endpoint_auth_method: "client_secret_post" },
      userinfo: {
        url: metadataUrl,
        async request({ tokens, url, fetch }) {
          const target = url ?? new URL(metadataUrl);
          const response = await fetch(target, {
            headers: { authorization: `OAuth ${tokens.access_token}`, accept: "application/json" },
          });
          if (!response.ok) throw new Error(`Mailchimp's ${target.pathname} answered ${response.status}`);
          return (await response.json()) as MailchimpProfile;
        },
      },
      profile: mailchimpProfile,
      style: () => import("./style/mailchimp.js"),
    },
    options,
  );
}
