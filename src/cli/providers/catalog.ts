/**
 * The providers `init` can wire up, described as data: the runtime module each comes from, the name it
 * is imported as, what kind it is (which decides the generated code) and the environment variables the
 * runtime reads for it (`AUTH_<ID>_ID/_SECRET/_ISSUER/_KEY`, the id upper-snake-cased). GitHub, Google,
 * the generic OIDC and Credentials come first (the prompt lists them in this order); the rest of the
 * runtime's catalog follows, then the ones that need a database (email links over SMTP or an HTTP email API,
 * passkeys, passwords). `_ISSUER` is listed only where the issuer is per tenant and has no default. The generic `oauth` and `email` factories
 * are left out: they are nothing without code the user writes (endpoints, a sending function). `envHelp` says what
 * goes in each key beyond a client's id and secret (an issuer, a server's URL, an API key, the mail settings): the
 * env files carry it as a comment above the key, and add-provider prints it.
 */
import { providerEnvKey, providerOptionEnvKey } from "../../runtime/core/provider-env.js";
import type { ProviderEntry } from "../project/types.js";

export type { ProviderEntry, ProviderKind } from "../project/types.js";

export { needsDatabase } from "./kinds.js";

/**
 * What goes in the mail settings, the same for every provider that mails (init writes each key once, for them all):
 * one relay, one sender for every mail the app sends.
 */
const MAIL_HELP = {
  EMAIL_SERVER:
    "your SMTP relay as a URL with its login: smtp://user:password@smtp.example.com:587 (smtps:// for port 465)",
  EMAIL_FROM:
    "the address every mail of the app is sent from, e.g. Example <no-reply@example.com>, one your mail service accepts",
} as const;

/** The env keys the runtime reads the provider's client from (and, for a generic OIDC provider, its issuer). */
function oauthKeys(id: string, issuer: boolean): string[] {
  const keys = [providerEnvKey(id, "ID"), providerEnvKey(id, "SECRET")];
  return issuer ? [...keys, providerEnvKey(id, "ISSUER")] : keys;
}

/**
 * An email provider sending through its vendor's HTTP API: the runtime reads the key (`AUTH_<ID>_KEY`); the
 * generated config passes the sender, EMAIL_FROM, the one every mail of the app is sent from.
 */
function httpSender({
  keyHelp,
  ...entry
}: Pick<ProviderEntry, "id" | "name" | "importName" | "registerAt" | "sender"> & { keyHelp: string }): ProviderEntry {
  return {
    ...entry,
    kind: "email",
    envKeys: [providerEnvKey(entry.id, "KEY"), "EMAIL_FROM"],
    envHelp: { [providerEnvKey(entry.id, "KEY")]: keyHelp, EMAIL_FROM: MAIL_HELP.EMAIL_FROM },
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
    keyHelp: "your Resend API key",
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
    keyHelp: "a SendGrid API key with Mail Send access",
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
    keyHelp: "your Postmark server's API token",
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
    keyHelp: "a Mailgun API key (a domain in the EU region also needs the provider's region option)",
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
    envHelp: {
      AUTH_LOOPS_KEY: "a Loops API key",
      AUTH_LOOPS_TRANSACTIONAL_ID:
        "the ID of a published Loops transactional email whose sign-in button links to the data variable url",
    },
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
    keyHelp: "a Forward Email API token",
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
    envHelp: { AUTH_OIDC_ISSUER: "your identity provider's issuer URL, e.g. https://id.example.com" },
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
    envHelp: {
      AUTH_MICROSOFT_ENTRA_ID_ISSUER: "your tenant's issuer URL: https://login.microsoftonline.com/<tenant-id>/v2.0",
    },
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
    envHelp: {
      AUTH_AUTH0_ISSUER: "your tenant's issuer URL: https://<tenant>.<region>.auth0.com/ (or your custom domain)",
    },
    registerAt: "https://manage.auth0.com (Applications)",
  },
  {
    id: "okta",
    name: "Okta",
    importName: "Okta",
    kind: "oidc",
    envKeys: oauthKeys("okta", true),
    envHelp: {
      AUTH_OKTA_ISSUER:
        "your Okta org's issuer URL: https://<org>.okta.com, or https://<org>.okta.com/oauth2/default for its default authorization server",
    },
    registerAt: "your Okta admin console (Applications)",
  },
  {
    id: "keycloak",
    name: "Keycloak",
    importName: "Keycloak",
    kind: "oidc",
    envKeys: oauthKeys("keycloak", true),
    envHelp: { AUTH_KEYCLOAK_ISSUER: "your realm's issuer URL: https://<host>/realms/<realm>" },
    registerAt: "your Keycloak admin console (Clients of your realm)",
  },
  {
    id: "cognito",
    name: "Cognito",
    importName: "Cognito",
    kind: "oidc",
    envKeys: oauthKeys("cognito", true),
    envHelp: {
      AUTH_COGNITO_ISSUER: "your user pool's issuer URL: https://cognito-idp.<region>.amazonaws.com/<user-pool-id>",
    },
    registerAt: "https://console.aws.amazon.com/cognito (your user pool's app clients)",
  },
  {
    id: "zitadel",
    name: "ZITADEL",
    importName: "Zitadel",
    kind: "oidc",
    envKeys: oauthKeys("zitadel", true),
    envHelp: {
      AUTH_ZITADEL_ISSUER: "your instance's issuer URL: https://<instance>.zitadel.cloud, or your own domain",
    },
    registerAt: "your ZITADEL console (Projects, Applications)",
  },
  {
    id: "authentik",
    name: "authentik",
    importName: "Authentik",
    kind: "oidc",
    envKeys: oauthKeys("authentik", true),
    envHelp: { AUTH_AUTHENTIK_ISSUER: "your application's issuer URL: https://<host>/application/o/<slug>/" },
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
    envHelp: {
      AUTH_FUSIONAUTH_ISSUER:
        "your tenant's Issuer as set in FusionAuth: your instance's URL, e.g. https://auth.example.com",
    },
    registerAt: "your FusionAuth admin UI (Applications)",
  },
  {
    id: "kinde",
    name: "Kinde",
    importName: "Kinde",
    kind: "oidc",
    envKeys: oauthKeys("kinde", true),
    envHelp: { AUTH_KINDE_ISSUER: "your business's issuer URL: https://<business>.kinde.com (or your custom domain)" },
    registerAt: "your Kinde dashboard (Settings, Applications)",
  },
  {
    id: "descope",
    name: "Descope",
    importName: "Descope",
    kind: "oidc",
    envKeys: oauthKeys("descope", true),
    envHelp: {
      AUTH_DESCOPE_ISSUER:
        "your project's issuer URL: https://api.descope.com/<project id>, or your custom domain's or region's host",
    },
    registerAt: "https://app.descope.com/settings/project (the project id is the client id)",
  },
  {
    id: "onelogin",
    name: "OneLogin",
    importName: "OneLogin",
    kind: "oidc",
    envKeys: oauthKeys("onelogin", true),
    envHelp: { AUTH_ONELOGIN_ISSUER: "your account's issuer URL: https://<subdomain>.onelogin.com/oidc/2" },
    registerAt: "your OneLogin admin portal (Applications, OpenId Connect)",
  },
  {
    id: "ping-id",
    name: "Ping Identity",
    importName: "PingId",
    kind: "oidc",
    envKeys: oauthKeys("ping-id", true),
    envHelp: {
      AUTH_PING_ID_ISSUER:
        "your PingOne environment's issuer URL: https://auth.pingone.<region>/<environment id>/as (region com, eu, ca, asia or com.au)",
    },
    registerAt: "your PingOne admin console (Applications)",
  },
  {
    id: "logto",
    name: "Logto",
    importName: "Logto",
    kind: "oidc",
    envKeys: oauthKeys("logto", true),
    envHelp: { AUTH_LOGTO_ISSUER: "your tenant's issuer URL: https://<tenant>.logto.app/oidc, or https://<host>/oidc" },
    registerAt: "your Logto console (Applications, Traditional web)",
  },
  {
    id: "duende-identity-server6",
    name: "Duende IdentityServer",
    importName: "DuendeIdentityServer6",
    kind: "oidc",
    envKeys: oauthKeys("duende-identity-server6", true),
    envHelp: { AUTH_DUENDE_IDENTITY_SERVER6_ISSUER: "your IdentityServer's URL, e.g. https://identity.example.com" },
    registerAt: "your IdentityServer's client configuration",
  },
  {
    id: "identity-server4",
    name: "IdentityServer4",
    importName: "IdentityServer4",
    kind: "oidc",
    envKeys: oauthKeys("identity-server4", true),
    envHelp: { AUTH_IDENTITY_SERVER4_ISSUER: "your IdentityServer's URL, e.g. https://identity.example.com" },
    registerAt: "your IdentityServer's client configuration",
  },
  {
    id: "hydra",
    name: "Hydra",
    importName: "Hydra",
    kind: "oidc",
    envKeys: oauthKeys("hydra", true),
    envHelp: {
      AUTH_HYDRA_ISSUER: "your Ory project's URL, https://<project>.projects.oryapis.com, or your Hydra's public URL",
    },
    registerAt: "https://console.ory.sh (OAuth2, Clients), or `hydra create oauth2-client` for your own Hydra",
  },
  {
    id: "asgardeo",
    name: "Asgardeo",
    importName: "Asgardeo",
    kind: "oidc",
    envKeys: oauthKeys("asgardeo", true),
    envHelp: {
      AUTH_ASGARDEO_ISSUER: "your organization's issuer URL: https://api.asgardeo.io/t/<organization>/oauth2/token",
    },
    registerAt: "https://console.asgardeo.io (Applications)",
  },
  {
    id: "frontegg",
    name: "Frontegg",
    importName: "Frontegg",
    kind: "oidc",
    envKeys: oauthKeys("frontegg", true),
    envHelp: {
      AUTH_FRONTEGG_ISSUER: "your Frontegg login URL: https://<subdomain>.frontegg.com, or your custom login domain",
    },
    registerAt: "https://portal.frontegg.com (Authentication, Login method, Hosted login)",
  },
  {
    id: "beyondidentity",
    name: "Beyond Identity",
    importName: "BeyondIdentity",
    kind: "oidc",
    envKeys: oauthKeys("beyondidentity", true),
    envHelp: {
      AUTH_BEYONDIDENTITY_ISSUER:
        "your application's issuer URL: https://auth-<region>.beyondidentity.com/v1/tenants/<tenant>/realms/<realm>/applications/<app>",
    },
    registerAt: "your Beyond Identity admin console (Apps)",
  },
  {
    id: "united-effects",
    name: "United Effects",
    importName: "UnitedEffects",
    kind: "oidc",
    envKeys: oauthKeys("united-effects", true),
    envHelp: {
      AUTH_UNITED_EFFECTS_ISSUER: "your auth group's issuer URL: https://auth.unitedeffects.com/<auth group id>",
    },
    registerAt: "your United Effects auth group (Clients)",
  },
  {
    id: "azure-ad-b2c",
    name: "Azure AD B2C",
    importName: "AzureADB2C",
    kind: "oidc",
    envKeys: oauthKeys("azure-ad-b2c", true),
    envHelp: {
      AUTH_AZURE_AD_B2C_ISSUER:
        "your user flow's issuer URL: https://<tenant name>.b2clogin.com/tfp/<tenant id>/<user flow>/v2.0/",
    },
    registerAt: "https://portal.azure.com (Azure AD B2C, App registrations)",
  },
  // The long tail of Auth.js's catalog, third batch.
  {
    id: "vk",
    name: "VK",
    importName: "Vk",
    kind: "oauth",
    // VK ID's code exchange is a public client's (PKCE, no secret): only the app's id is read.
    envKeys: [providerEnvKey("vk", "ID")],
    registerAt: "https://id.vk.com/about/business/go (VK ID for business: your app's settings)",
  },
  {
    id: "battlenet",
    name: "Battle.net",
    importName: "BattleNet",
    kind: "oidc",
    envKeys: oauthKeys("battlenet", false),
    registerAt: "https://develop.battle.net/access/clients",
  },
  {
    id: "pinterest",
    name: "Pinterest",
    importName: "Pinterest",
    kind: "oauth",
    envKeys: oauthKeys("pinterest", false),
    registerAt: "https://developers.pinterest.com/apps/",
  },
  {
    id: "threads",
    name: "Threads",
    importName: "Threads",
    kind: "oauth",
    envKeys: oauthKeys("threads", false),
    registerAt: "https://developers.facebook.com/apps (an app with the Threads API use case)",
  },
  {
    id: "mastodon",
    name: "Mastodon",
    importName: "Mastodon",
    kind: "oauth",
    envKeys: [...oauthKeys("mastodon", false), providerOptionEnvKey("mastodon", "baseUrl")],
    envHelp: {
      AUTH_MASTODON_URL:
        "your Mastodon instance's base URL, e.g. https://fosstodon.org; left blank, https://mastodon.social",
    },
    optionsFromEnv: [{ option: "baseUrl", key: providerOptionEnvKey("mastodon", "baseUrl") }],
    registerAt: "your instance's Preferences, Development (e.g. https://mastodon.social/settings/applications)",
  },
  {
    id: "42-school",
    name: "42 School",
    importName: "FortyTwo",
    kind: "oauth",
    envKeys: oauthKeys("42-school", false),
    registerAt: "https://profile.intra.42.fr/oauth/applications/new",
  },
  {
    id: "osu",
    name: "osu!",
    importName: "Osu",
    kind: "oauth",
    envKeys: oauthKeys("osu", false),
    registerAt: "https://osu.ppy.sh/home/account/edit#oauth",
  },
  {
    id: "trakt",
    name: "Trakt",
    importName: "Trakt",
    kind: "oauth",
    envKeys: oauthKeys("trakt", false),
    registerAt: "https://trakt.tv/oauth/applications/new",
  },
  {
    id: "eveonline",
    name: "EVE Online",
    importName: "EVEOnline",
    kind: "oauth",
    envKeys: oauthKeys("eveonline", false),
    registerAt: "https://developers.eveonline.com/applications",
  },
  {
    id: "wikimedia",
    name: "Wikimedia",
    importName: "Wikimedia",
    kind: "oauth",
    envKeys: oauthKeys("wikimedia", false),
    registerAt: "https://meta.wikimedia.org/wiki/Special:OAuthConsumerRegistration/propose/oauth2",
  },
  {
    id: "wordpress",
    name: "WordPress.com",
    importName: "WordPress",
    kind: "oauth",
    envKeys: oauthKeys("wordpress", false),
    registerAt: "https://developer.wordpress.com/apps/",
  },
  {
    id: "dribbble",
    name: "Dribbble",
    importName: "Dribbble",
    kind: "oauth",
    envKeys: oauthKeys("dribbble", false),
    registerAt: "https://dribbble.com/account/applications/new",
  },
  {
    id: "netlify",
    name: "Netlify",
    importName: "Netlify",
    kind: "oauth",
    envKeys: oauthKeys("netlify", false),
    registerAt: "https://app.netlify.com/user/applications (OAuth applications)",
  },
  {
    id: "coinbase",
    name: "Coinbase",
    importName: "Coinbase",
    kind: "oauth",
    envKeys: oauthKeys("coinbase", false),
    registerAt: "https://portal.cdp.coinbase.com (API Keys, OAuth; for approved partners)",
  },
  {
    id: "zoho",
    name: "Zoho",
    importName: "Zoho",
    kind: "oauth",
    envKeys: oauthKeys("zoho", false),
    registerAt: "https://api-console.zoho.com (Server-based Applications; your data centre's console outside the US)",
  },
  {
    id: "mailru",
    name: "Mail.ru",
    importName: "MailRu",
    kind: "oauth",
    envKeys: oauthKeys("mailru", false),
    registerAt: "https://oauth.mail.ru/app/",
  },
  {
    id: "foursquare",
    name: "Foursquare",
    importName: "Foursquare",
    kind: "oauth",
    envKeys: oauthKeys("foursquare", false),
    registerAt: "https://foursquare.com/developers/apps",
  },
  {
    id: "todoist",
    name: "Todoist",
    importName: "Todoist",
    kind: "oauth",
    envKeys: oauthKeys("todoist", false),
    registerAt: "https://developer.todoist.com/appconsole.html",
  },
  {
    id: "pipedrive",
    name: "Pipedrive",
    importName: "Pipedrive",
    kind: "oauth",
    envKeys: oauthKeys("pipedrive", false),
    registerAt: "https://developers.pipedrive.com (Developer Hub, in a sandbox company)",
  },
  {
    id: "click-up",
    name: "ClickUp",
    importName: "ClickUp",
    kind: "oauth",
    envKeys: oauthKeys("click-up", false),
    registerAt: "https://app.clickup.com/settings/apps (Workspace settings, ClickUp API)",
  },
  {
    id: "mailchimp",
    name: "Mailchimp",
    importName: "Mailchimp",
    kind: "oauth",
    envKeys: oauthKeys("mailchimp", false),
    registerAt: "https://admin.mailchimp.com/account/oauth2/",
  },
  {
    id: "freshbooks",
    name: "FreshBooks",
    importName: "FreshBooks",
    kind: "oauth",
    envKeys: oauthKeys("freshbooks", false),
    registerAt: "https://my.freshbooks.com/#/developer",
  },
  {
    id: "eventbrite",
    name: "Eventbrite",
    importName: "Eventbrite",
    kind: "oauth",
    envKeys: oauthKeys("eventbrite", false),
    registerAt: "https://www.eventbrite.com/account-settings/apps",
  },
  {
    id: "concept2",
    name: "Concept2",
    importName: "Concept2",
    kind: "oauth",
    envKeys: oauthKeys("concept2", false),
    registerAt: "https://log.concept2.com/developers/keys",
  },
  {
    id: "webex",
    name: "Webex",
    importName: "Webex",
    kind: "oauth",
    envKeys: oauthKeys("webex", false),
    registerAt: "https://developer.webex.com/my-apps/new/integration",
  },
  // Long tail, batch E (issue 27): self-hosted servers, game platforms, Nordic logins, SimpleLogin. A
  // self-hosted server's address and Bungie's API key are options the generated config passes from the env.
  {
    id: "nextcloud",
    name: "Nextcloud",
    importName: "Nextcloud",
    kind: "oauth",
    envKeys: [...oauthKeys("nextcloud", false), providerOptionEnvKey("nextcloud", "baseUrl")],
    envHelp: { AUTH_NEXTCLOUD_URL: "your Nextcloud server's base URL, e.g. https://cloud.example.com" },
    optionsFromEnv: [{ option: "baseUrl", key: providerOptionEnvKey("nextcloud", "baseUrl") }],
    registerAt: "your Nextcloud's Administration settings, Security, OAuth 2.0 clients",
  },
  {
    id: "mattermost",
    name: "Mattermost",
    importName: "Mattermost",
    kind: "oauth",
    envKeys: [...oauthKeys("mattermost", false), providerOptionEnvKey("mattermost", "baseUrl")],
    envHelp: { AUTH_MATTERMOST_URL: "your Mattermost server's base URL, e.g. https://chat.example.com" },
    optionsFromEnv: [{ option: "baseUrl", key: providerOptionEnvKey("mattermost", "baseUrl") }],
    registerAt: "your Mattermost's Integrations, OAuth 2.0 Applications (<server>/<team>/integrations/oauth2-apps)",
  },
  {
    id: "bungie",
    name: "Bungie",
    importName: "Bungie",
    kind: "oauth",
    envKeys: [...oauthKeys("bungie", false), providerEnvKey("bungie", "KEY")],
    envHelp: { AUTH_BUNGIE_KEY: "your Bungie application's API key (sent with every call to its API)" },
    optionsFromEnv: [{ option: "apiKey", key: providerEnvKey("bungie", "KEY") }],
    registerAt: "https://www.bungie.net/en/Application",
  },
  {
    id: "faceit",
    name: "FACEIT",
    importName: "Faceit",
    kind: "oauth",
    envKeys: oauthKeys("faceit", false),
    registerAt: "https://developers.faceit.com/apps (App Studio, OAuth2 Client)",
  },
  {
    id: "simplelogin",
    name: "SimpleLogin",
    importName: "SimpleLogin",
    kind: "oidc",
    envKeys: oauthKeys("simplelogin", false),
    registerAt: "https://app.simplelogin.io/developer",
  },
  {
    id: "vipps",
    name: "Vipps MobilePay",
    importName: "Vipps",
    kind: "oidc",
    envKeys: oauthKeys("vipps", false),
    registerAt: "https://portal.vippsmobilepay.com (the sales unit's Login settings)",
  },
  // Long tail, batch F (issue 27): payment platforms (PayPal, Polar), Railway, NetSuite, the SAML bridges Osso
  // and BoxyHQ SAML (Ory Polis), BankID Norway. An account id and a self-hosted server's address are options the
  // generated config passes from the env.
  {
    id: "paypal",
    name: "PayPal",
    importName: "PayPal",
    kind: "oauth",
    envKeys: oauthKeys("paypal", false),
    registerAt: "https://developer.paypal.com/dashboard/applications (your app's Log in with PayPal settings)",
  },
  {
    id: "polar",
    name: "Polar",
    importName: "Polar",
    kind: "oidc",
    envKeys: oauthKeys("polar", false),
    registerAt: "https://polar.sh/dashboard/account/developer (OAuth applications)",
  },
  {
    id: "railway",
    name: "Railway",
    importName: "Railway",
    kind: "oidc",
    envKeys: oauthKeys("railway", false),
    registerAt: "https://railway.com/workspace/developer (New OAuth App, a web application)",
  },
  {
    id: "netsuite",
    name: "NetSuite",
    importName: "NetSuite",
    kind: "oidc",
    envKeys: [...oauthKeys("netsuite", false), providerOptionEnvKey("netsuite", "accountId")],
    envHelp: {
      AUTH_NETSUITE_ACCOUNT_ID:
        "your NetSuite account id (Setup, Company, Company Information), e.g. 1234567 or 1234567_SB1",
    },
    optionsFromEnv: [{ option: "accountId", key: providerOptionEnvKey("netsuite", "accountId") }],
    registerAt:
      "your NetSuite account's Setup, Integration, Manage Integrations (an integration record with NetSuite as OIDC Provider)",
  },
  {
    id: "osso",
    name: "Osso",
    importName: "Osso",
    kind: "oauth",
    envKeys: [...oauthKeys("osso", false), providerOptionEnvKey("osso", "baseUrl")],
    envHelp: { AUTH_OSSO_URL: "your Osso server's base URL, e.g. https://osso.example.com" },
    optionsFromEnv: [{ option: "baseUrl", key: providerOptionEnvKey("osso", "baseUrl") }],
    registerAt: "your Osso's Admin UI, Developer Config (<server>/admin/config)",
  },
  {
    id: "boxyhq-saml",
    name: "BoxyHQ SAML",
    importName: "BoxyHQSAML",
    kind: "oauth",
    envKeys: [...oauthKeys("boxyhq-saml", false), providerOptionEnvKey("boxyhq-saml", "baseUrl")],
    envHelp: {
      AUTH_BOXYHQ_SAML_URL: "your SAML Jackson (Ory Polis) server's base URL, e.g. https://jackson.example.com",
    },
    optionsFromEnv: [{ option: "baseUrl", key: providerOptionEnvKey("boxyhq-saml", "baseUrl") }],
    registerAt: "your Jackson (Ory Polis) admin portal's SSO connections (<server>/admin/sso-connection)",
  },
  {
    id: "bankid-no",
    name: "BankID Norge",
    importName: "BankIDNorway",
    kind: "oidc",
    envKeys: oauthKeys("bankid-no", false),
    registerAt: "https://developer.bankid.no (a client from BankID or a BankID partner)",
  },
  // The providers Better Auth ships that Auth.js lacks (issue 27, point 1).
  {
    id: "cloudflare",
    name: "Cloudflare",
    importName: "Cloudflare",
    kind: "oauth",
    envKeys: oauthKeys("cloudflare", false),
    registerAt: "https://dash.cloudflare.com (Manage Account, OAuth clients; grant the User Details Read scope)",
  },
  {
    id: "paybin",
    name: "Paybin",
    importName: "Paybin",
    kind: "oidc",
    envKeys: oauthKeys("paybin", false),
    registerAt: "https://portfolio.paybin.io (Developer Settings, OAuth applications)",
  },
  {
    id: "nodemailer",
    name: "Email",
    importName: "Nodemailer",
    kind: "email",
    envKeys: ["EMAIL_SERVER", "EMAIL_FROM"],
    envHelp: MAIL_HELP,
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
    envHelp: MAIL_HELP,
    optionsFromEnv: [
      { option: "server", key: "EMAIL_SERVER" },
      { option: "from", key: "EMAIL_FROM" },
    ],
    // Loaded by the runtime when it first hashes, checks a password against the common list, or mails.
    packages: { "@node-rs/argon2": "^2.2.1", "@zxcvbn-ts/language-common": "^4.1.3", nodemailer: "^8.0.11" },
  },
];

/**
 * Runtime modules kept under an old id for existing code, each with the provider it is (`of`): `azure-ad` is
 * Auth.js's old id of Microsoft Entra ID. The CLI sets up the current provider, but an auth module migrated from
 * Auth.js may import the old one, which reads its own env keys (AUTH_AZURE_AD_*) and has its own callback URL
 * (`…/callback/azure-ad`): its entry says so, for the commands that read what an auth module configures (doctor).
 */
export const MODULE_ALIASES: readonly { entry: ProviderEntry; of: string }[] = [
  {
    of: "microsoft-entra-id",
    entry: {
      id: "azure-ad",
      name: "Azure AD",
      importName: "AzureAD",
      kind: "oidc",
      envKeys: oauthKeys("azure-ad", true),
      envHelp: { AUTH_AZURE_AD_ISSUER: "your tenant's issuer URL: https://login.microsoftonline.com/<tenant-id>/v2.0" },
      registerAt: "https://entra.microsoft.com (App registrations)",
    },
  },
];

export function findProvider(id: string): ProviderEntry | undefined {
  return PROVIDERS.find((p) => p.id === id);
}

/**
 * The entry an auth module's import of a runtime provider names (`@create-auth/runtime/providers/github`), an
 * old module's (`providers/azure-ad`) included.
 */
export function providerOfImport(specifier: string): ProviderEntry | undefined {
  const id = specifier.split("/").pop() ?? "";
  return findProvider(id) ?? MODULE_ALIASES.find((alias) => alias.entry.id === id)?.entry;
}
