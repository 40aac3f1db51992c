/**
 * The providers `init` can wire up, described as data: the runtime module each comes from, the name it
 * is imported as, what kind it is (which decides the generated code) and the environment variables the
 * runtime reads for it (`AUTH_<ID>_ID/_SECRET/_ISSUER/_KEY`, the id upper-snake-cased). GitHub, Google,
 * the generic OIDC and Credentials come first (the prompt lists them in this order); the rest of the
 * runtime's catalog follows, then the ones that need a database (email links over SMTP or an HTTP email API,
 * passkeys, passwords). `_ISSUER` is listed only where the issuer is per tenant and has no default. The generic `oauth` and `email` factories
 * are left out: they are nothing without code the user writes (endpoints, a sending function).
 */
import { providerEnvKey } from "../../runtime/core/provider-env.js";
import type { ProviderEntry } from "../project/types.js";

export type { ProviderEntry, ProviderKind } from "../project/types.js";

export { needsDatabase } from "./kinds.js";

/** The env keys the runtime reads the provider's client from (and, for a generic OIDC provider, its issuer). */
function oauthKeys(id: string, issuer: boolean): string[] {
  const keys = [providerEnvKey(id, "ID"), providerEnvKey(id, "SECRET")];
  return issuer ? [...keys, providerEnvKey(id, "ISSUER")] : keys;
}

/**
 * An email provider sending through its vendor's HTTP API: the runtime reads the key (`AUTH_<ID>_KEY`); the
 * generated config passes the sender, EMAIL_FROM, the one every mail of the app is sent from.
 */
function httpSender(entry: Pick<ProviderEntry, "id" | "name" | "importName" | "registerAt" | "sender">): ProviderEntry {
  return {
    ...entry,
    kind: "email",
    envKeys: [providerEnvKey(entry.id, "KEY"), "EMAIL_FROM"],
    optionsFromEnv: [{ option: "from", key: "EMAIL_FROM" }],
  };
}

/** The HTTP email senders, after nodemailer in init's list. No package: each is one `fetch`. */
const HTTP_SENDERS: readonly ProviderEntry[] = [
  httpSender({
    id: "resend",
    name: "Resend",
    importName: "Resend",
    registerAt: "https://resend.com/api-keys",
    sender: {
      through: "Resend's API",
      fill: "AUTH_RESEND_KEY to a Resend API key and EMAIL_FROM to a sender on a domain verified with Resend",
    },
  }),
  httpSender({
    id: "sendgrid",
    name: "SendGrid",
    importName: "SendGrid",
    registerAt: "https://app.sendgrid.com/settings/api_keys",
    sender: {
      through: "SendGrid's Mail Send API",
      fill: "AUTH_SENDGRID_KEY to a SendGrid API key with Mail Send access and EMAIL_FROM to a verified sender",
    },
  }),
  httpSender({
    id: "postmark",
    name: "Postmark",
    importName: "Postmark",
    registerAt: "https://account.postmarkapp.com/servers (your server's API Tokens)",
    sender: {
      through: "Postmark's API",
      fill: "AUTH_POSTMARK_KEY to your Postmark server's API token and EMAIL_FROM to a confirmed sender signature",
    },
  }),
  httpSender({
    id: "mailgun",
    name: "Mailgun",
    importName: "Mailgun",
    registerAt: "https://app.mailgun.com/settings/api_security",
    sender: {
      through: "Mailgun's API",
      fill: 'AUTH_MAILGUN_KEY to a Mailgun API key and EMAIL_FROM to a sender on your Mailgun sending domain (a domain in the EU region also needs region: "eu" in the provider\'s options)',
    },
  }),
  {
    id: "loops",
    name: "Loops",
    importName: "Loops",
    kind: "email",
    // No sender: the transactional email designed in Loops holds it.
    envKeys: [providerEnvKey("loops", "KEY"), "AUTH_LOOPS_TRANSACTIONAL_ID"],
    optionsFromEnv: [{ option: "transactionalId", key: "AUTH_LOOPS_TRANSACTIONAL_ID" }],
    registerAt: "https://app.loops.so/settings?page=api",
    sender: {
      through: "a transactional email designed in Loops",
      fill: "AUTH_LOOPS_KEY to a Loops API key and AUTH_LOOPS_TRANSACTIONAL_ID to the ID of a published transactional email that puts the data variable url in its sign-in button",
    },
  },
  httpSender({
    id: "forwardemail",
    name: "Forward Email",
    importName: "ForwardEmail",
    registerAt: "https://forwardemail.net/my-account/security",
    sender: {
      through: "Forward Email's API",
      fill: "AUTH_FORWARDEMAIL_KEY to a Forward Email API token and EMAIL_FROM to an address of a domain set up for outbound SMTP with Forward Email",
    },
  }),
];

export const PROVIDERS: readonly ProviderEntry[] = [
  {
    id: "github",
    name: "GitHub",
    importName: "GitHub",
    kind: "oauth",
    envKeys: oauthKeys("github", false),
    registerAt: "https://github.com/settings/developers",
  },
  {
    id: "google",
    name: "Google",
    importName: "Google",
    kind: "oidc",
    envKeys: oauthKeys("google", false),
    registerAt: "https://console.cloud.google.com/apis/credentials",
  },
  {
    id: "oidc",
    name: "OIDC",
    importName: "OIDC",
    kind: "oidc",
    envKeys: oauthKeys("oidc", true),
    registerAt: "your identity provider's client registration page",
  },
  { id: "credentials", name: "Credentials", importName: "Credentials", kind: "credentials", envKeys: [] },
  {
    id: "apple",
    name: "Apple",
    importName: "Apple",
    kind: "oidc",
    envKeys: oauthKeys("apple", false),
    registerAt: "https://developer.apple.com/account/resources/identifiers/list/serviceId",
  },
  {
    id: "microsoft-entra-id",
    name: "Microsoft Entra ID",
    importName: "MicrosoftEntraID",
    kind: "oidc",
    envKeys: oauthKeys("microsoft-entra-id", true),
    registerAt: "https://entra.microsoft.com (App registrations)",
  },
  {
    id: "discord",
    name: "Discord",
    importName: "Discord",
    kind: "oauth",
    envKeys: oauthKeys("discord", false),
    registerAt: "https://discord.com/developers/applications",
  },
  {
    id: "gitlab",
    name: "GitLab",
    importName: "GitLab",
    kind: "oauth",
    envKeys: oauthKeys("gitlab", false),
    registerAt: "https://gitlab.com/-/user_settings/applications",
  },
  {
    id: "facebook",
    name: "Facebook",
    importName: "Facebook",
    kind: "oauth",
    envKeys: oauthKeys("facebook", false),
    registerAt: "https://developers.facebook.com/apps",
  },
  {
    id: "twitter",
    name: "X",
    importName: "Twitter",
    kind: "oauth",
    envKeys: oauthKeys("twitter", false),
    registerAt: "https://developer.x.com/en/portal/dashboard",
  },
  {
    id: "linkedin",
    name: "LinkedIn",
    importName: "LinkedIn",
    kind: "oidc",
    envKeys: oauthKeys("linkedin", false),
    registerAt: "https://www.linkedin.com/developers/apps",
  },
  {
    id: "slack",
    name: "Slack",
    importName: "Slack",
    kind: "oidc",
    envKeys: oauthKeys("slack", false),
    registerAt: "https://api.slack.com/apps",
  },
  {
    id: "spotify",
    name: "Spotify",
    importName: "Spotify",
    kind: "oauth",
    envKeys: oauthKeys("spotify", false),
    registerAt: "https://developer.spotify.com/dashboard",
  },
  {
    id: "twitch",
    name: "Twitch",
    importName: "Twitch",
    kind: "oidc",
    envKeys: oauthKeys("twitch", false),
    registerAt: "https://dev.twitch.tv/console/apps",
  },
  {
    id: "reddit",
    name: "Reddit",
    importName: "Reddit",
    kind: "oauth",
    envKeys: oauthKeys("reddit", false),
    registerAt: "https://www.reddit.com/prefs/apps",
  },
  {
    id: "auth0",
    name: "Auth0",
    importName: "Auth0",
    kind: "oidc",
    envKeys: oauthKeys("auth0", true),
    registerAt: "https://manage.auth0.com (Applications)",
  },
  {
    id: "okta",
    name: "Okta",
    importName: "Okta",
    kind: "oidc",
    envKeys: oauthKeys("okta", true),
    registerAt: "your Okta admin console (Applications)",
  },
  {
    id: "keycloak",
    name: "Keycloak",
    importName: "Keycloak",
    kind: "oidc",
    envKeys: oauthKeys("keycloak", true),
    registerAt: "your Keycloak admin console (Clients of your realm)",
  },
  {
    id: "cognito",
    name: "Cognito",
    importName: "Cognito",
    kind: "oidc",
    envKeys: oauthKeys("cognito", true),
    registerAt: "https://console.aws.amazon.com/cognito (your user pool's app clients)",
  },
  {
    id: "zitadel",
    name: "ZITADEL",
    importName: "Zitadel",
    kind: "oidc",
    envKeys: oauthKeys("zitadel", true),
    registerAt: "your ZITADEL console (Projects, Applications)",
  },
  {
    id: "authentik",
    name: "authentik",
    importName: "Authentik",
    kind: "oidc",
    envKeys: oauthKeys("authentik", true),
    registerAt: "your authentik admin interface (Applications, Providers)",
  },
  {
    id: "zoom",
    name: "Zoom",
    importName: "Zoom",
    kind: "oauth",
    envKeys: oauthKeys("zoom", false),
    registerAt: "https://marketplace.zoom.us/develop/create",
  },
  {
    id: "dropbox",
    name: "Dropbox",
    importName: "Dropbox",
    kind: "oauth",
    envKeys: oauthKeys("dropbox", false),
    registerAt: "https://www.dropbox.com/developers/apps",
  },
  {
    id: "bitbucket",
    name: "Bitbucket",
    importName: "Bitbucket",
    kind: "oauth",
    envKeys: oauthKeys("bitbucket", false),
    registerAt: "your Bitbucket workspace settings (OAuth consumers)",
  },
  {
    id: "atlassian",
    name: "Atlassian",
    importName: "Atlassian",
    kind: "oauth",
    envKeys: oauthKeys("atlassian", false),
    registerAt: "https://developer.atlassian.com/console/myapps",
  },
  {
    id: "notion",
    name: "Notion",
    importName: "Notion",
    kind: "oauth",
    envKeys: oauthKeys("notion", false),
    registerAt: "https://www.notion.so/profile/integrations",
  },
  {
    id: "salesforce",
    name: "Salesforce",
    importName: "Salesforce",
    kind: "oidc",
    envKeys: oauthKeys("salesforce", false),
    registerAt: "your Salesforce Setup (App Manager, connected apps)",
  },
  {
    id: "patreon",
    name: "Patreon",
    importName: "Patreon",
    kind: "oauth",
    envKeys: oauthKeys("patreon", false),
    registerAt: "https://www.patreon.com/portal/registration/register-clients",
  },
  {
    id: "strava",
    name: "Strava",
    importName: "Strava",
    kind: "oauth",
    envKeys: oauthKeys("strava", false),
    registerAt: "https://www.strava.com/settings/api",
  },
  {
    id: "box",
    name: "Box",
    importName: "Box",
    kind: "oauth",
    envKeys: oauthKeys("box", false),
    registerAt: "https://app.box.com/developers/console",
  },
  {
    id: "yandex",
    name: "Yandex",
    importName: "Yandex",
    kind: "oauth",
    envKeys: oauthKeys("yandex", false),
    registerAt: "https://oauth.yandex.com/client/new",
  },
  {
    id: "line",
    name: "LINE",
    importName: "Line",
    kind: "oidc",
    envKeys: oauthKeys("line", false),
    registerAt: "https://developers.line.biz/console/",
  },
  {
    id: "tiktok",
    name: "TikTok",
    importName: "TikTok",
    kind: "oauth",
    envKeys: oauthKeys("tiktok", false),
    registerAt: "https://developers.tiktok.com/apps",
  },
  {
    id: "kakao",
    name: "Kakao",
    importName: "Kakao",
    kind: "oauth",
    envKeys: oauthKeys("kakao", false),
    registerAt: "https://developers.kakao.com/console/app",
  },
  {
    id: "naver",
    name: "Naver",
    importName: "Naver",
    kind: "oauth",
    envKeys: oauthKeys("naver", false),
    registerAt: "https://developers.naver.com/apps/#/register",
  },
  {
    id: "huggingface",
    name: "Hugging Face",
    importName: "HuggingFace",
    kind: "oidc",
    envKeys: oauthKeys("huggingface", false),
    registerAt: "https://huggingface.co/settings/applications/new",
  },
  {
    id: "roblox",
    name: "Roblox",
    importName: "Roblox",
    kind: "oidc",
    envKeys: oauthKeys("roblox", false),
    registerAt: "https://create.roblox.com/dashboard/credentials",
  },
  {
    id: "figma",
    name: "Figma",
    importName: "Figma",
    kind: "oauth",
    envKeys: oauthKeys("figma", false),
    registerAt: "https://www.figma.com/developers/apps",
  },
  {
    id: "hubspot",
    name: "HubSpot",
    importName: "HubSpot",
    kind: "oauth",
    envKeys: oauthKeys("hubspot", false),
    registerAt: "https://app.hubspot.com/developer (Apps)",
  },
  {
    id: "linear",
    name: "Linear",
    importName: "Linear",
    kind: "oauth",
    envKeys: oauthKeys("linear", false),
    registerAt: "https://linear.app/settings/api/applications/new",
  },
  {
    id: "vercel",
    name: "Vercel",
    importName: "Vercel",
    kind: "oidc",
    envKeys: oauthKeys("vercel", false),
    registerAt: "https://vercel.com/dashboard (Team Settings → Apps)",
  },
  {
    id: "kick",
    name: "Kick",
    importName: "Kick",
    kind: "oauth",
    envKeys: oauthKeys("kick", false),
    registerAt: "https://kick.com/settings/developer",
  },
  {
    id: "wechat",
    name: "WeChat",
    importName: "WeChat",
    kind: "oauth",
    envKeys: oauthKeys("wechat", false),
    registerAt: "https://open.weixin.qq.com (Management Center → Website Application)",
  },
  {
    id: "workos",
    name: "WorkOS",
    importName: "WorkOS",
    kind: "oauth",
    envKeys: oauthKeys("workos", false),
    registerAt: "https://dashboard.workos.com (API keys, Redirects)",
  },
  {
    id: "fusionauth",
    name: "FusionAuth",
    importName: "FusionAuth",
    kind: "oidc",
    envKeys: oauthKeys("fusionauth", true),
    registerAt: "your FusionAuth admin UI (Applications)",
  },
  {
    id: "kinde",
    name: "Kinde",
    importName: "Kinde",
    kind: "oidc",
    envKeys: oauthKeys("kinde", true),
    registerAt: "your Kinde dashboard (Settings, Applications)",
  },
  {
    id: "descope",
    name: "Descope",
    importName: "Descope",
    kind: "oidc",
    envKeys: oauthKeys("descope", true),
    registerAt: "https://app.descope.com/settings/project (the project id is the client id)",
  },
  {
    id: "onelogin",
    name: "OneLogin",
    importName: "OneLogin",
    kind: "oidc",
    envKeys: oauthKeys("onelogin", true),
    registerAt: "your OneLogin admin portal (Applications, OpenId Connect)",
  },
  {
    id: "ping-id",
    name: "Ping Identity",
    importName: "PingId",
    kind: "oidc",
    envKeys: oauthKeys("ping-id", true),
    registerAt: "your PingOne admin console (Applications)",
  },
  {
    id: "logto",
    name: "Logto",
    importName: "Logto",
    kind: "oidc",
    envKeys: oauthKeys("logto", true),
    registerAt: "your Logto console (Applications, Traditional web)",
  },
  {
    id: "duende-identity-server6",
    name: "Duende IdentityServer",
    importName: "DuendeIdentityServer6",
    kind: "oidc",
    envKeys: oauthKeys("duende-identity-server6", true),
    registerAt: "your IdentityServer's client configuration",
  },
  {
    id: "identity-server4",
    name: "IdentityServer4",
    importName: "IdentityServer4",
    kind: "oidc",
    envKeys: oauthKeys("identity-server4", true),
    registerAt: "your IdentityServer's client configuration",
  },
  {
    id: "hydra",
    name: "Hydra",
    importName: "Hydra",
    kind: "oidc",
    envKeys: oauthKeys("hydra", true),
    registerAt: "https://console.ory.sh (OAuth2, Clients), or `hydra create oauth2-client` for your own Hydra",
  },
  {
    id: "asgardeo",
    name: "Asgardeo",
    importName: "Asgardeo",
    kind: "oidc",
    envKeys: oauthKeys("asgardeo", true),
    registerAt: "https://console.asgardeo.io (Applications)",
  },
  {
    id: "frontegg",
    name: "Frontegg",
    importName: "Frontegg",
    kind: "oidc",
    envKeys: oauthKeys("frontegg", true),
    registerAt: "https://portal.frontegg.com (Authentication, Login method, Hosted login)",
  },
  {
    id: "beyondidentity",
    name: "Beyond Identity",
    importName: "BeyondIdentity",
    kind: "oidc",
    envKeys: oauthKeys("beyondidentity", true),
    registerAt: "your Beyond Identity admin console (Apps)",
  },
  {
    id: "united-effects",
    name: "United Effects",
    importName: "UnitedEffects",
    kind: "oidc",
    envKeys: oauthKeys("united-effects", true),
    registerAt: "your United Effects auth group (Clients)",
  },
  {
    id: "azure-ad-b2c",
    name: "Azure AD B2C",
    importName: "AzureADB2C",
    kind: "oidc",
    envKeys: oauthKeys("azure-ad-b2c", true),
    registerAt: "https://portal.azure.com (Azure AD B2C, App registrations)",
  },
  {
    id: "nodemailer",
    name: "Email",
    importName: "Nodemailer",
    kind: "email",
    envKeys: ["EMAIL_SERVER", "EMAIL_FROM"],
    optionsFromEnv: [
      { option: "server", key: "EMAIL_SERVER" },
      { option: "from", key: "EMAIL_FROM" },
    ],
    // Loaded by the runtime only when a link is sent, from the app's own dependencies.
    packages: { nodemailer: "^8.0.11" },
  },
  ...HTTP_SENDERS,
  {
    id: "passkey",
    name: "Passkey",
    importName: "Passkey",
    kind: "webauthn",
    envKeys: [],
    packages: { "@simplewebauthn/server": "^14.0.3" },
  },
  {
    id: "password",
    name: "Password",
    importName: "Password",
    kind: "password",
    // The mail settings are the email provider's: one relay and one sender for every mail the app sends.
    envKeys: ["EMAIL_SERVER", "EMAIL_FROM"],
    optionsFromEnv: [
      { option: "server", key: "EMAIL_SERVER" },
      { option: "from", key: "EMAIL_FROM" },
    ],
    // Loaded by the runtime when it first hashes, checks a password against the common list, or mails.
    packages: { "@node-rs/argon2": "^2.2.1", "@zxcvbn-ts/language-common": "^4.1.3", nodemailer: "^8.0.11" },
  },
];

export function findProvider(id: string): ProviderEntry | undefined {
  return PROVIDERS.find((p) => p.id === id);
}

/** The entry an auth module's import of a runtime provider names (`@create-auth/runtime/providers/github`). */
export function providerOfImport(specifier: string): ProviderEntry | undefined {
  return findProvider(specifier.split("/").pop() ?? "");
}
