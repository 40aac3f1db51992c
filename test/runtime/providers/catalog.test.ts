/**
 * Every catalog provider, table-driven: its profile mapping on a payload shaped as the provider documents
 * it, and its full sign-in (authorization URL → authorize → token → ID token or profile API → user and
 * account) against one loopback stand-in playing the provider's real endpoint URLs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuthorizationUrl } from "../../../src/runtime/core/oauth/authorization-url.js";
import { handleOAuth } from "../../../src/runtime/core/oauth/callback.js";
import Apple, { appleProfile } from "../../../src/runtime/providers/apple.js";
import Atlassian, { atlassianProfile } from "../../../src/runtime/providers/atlassian.js";
import Auth0, { auth0Profile } from "../../../src/runtime/providers/auth0.js";
import Authentik, { authentikProfile } from "../../../src/runtime/providers/authentik.js";
import Bitbucket, { bitbucketProfile } from "../../../src/runtime/providers/bitbucket.js";
import Box, { boxProfile } from "../../../src/runtime/providers/box.js";
import Cognito, { cognitoProfile } from "../../../src/runtime/providers/cognito.js";
import Discord, { discordProfile } from "../../../src/runtime/providers/discord.js";
import Dropbox, { dropboxProfile } from "../../../src/runtime/providers/dropbox.js";
import Facebook, { facebookProfile } from "../../../src/runtime/providers/facebook.js";
import GitHub, { githubProfile } from "../../../src/runtime/providers/github.js";
import GitLab, { gitlabProfile } from "../../../src/runtime/providers/gitlab.js";
import Google, { googleProfile } from "../../../src/runtime/providers/google.js";
import Keycloak, { keycloakProfile } from "../../../src/runtime/providers/keycloak.js";
import LinkedIn, { linkedinProfile } from "../../../src/runtime/providers/linkedin.js";
import MicrosoftEntraID, { microsoftEntraIdProfile } from "../../../src/runtime/providers/microsoft-entra-id.js";
import Notion, { notionProfile } from "../../../src/runtime/providers/notion.js";
import Okta, { oktaProfile } from "../../../src/runtime/providers/okta.js";
import Patreon, { patreonProfile } from "../../../src/runtime/providers/patreon.js";
import Reddit, { redditProfile } from "../../../src/runtime/providers/reddit.js";
import Salesforce, { salesforceProfile } from "../../../src/runtime/providers/salesforce.js";
import Slack, { slackProfile } from "../../../src/runtime/providers/slack.js";
import Spotify, { spotifyProfile } from "../../../src/runtime/providers/spotify.js";
import Strava, { stravaProfile } from "../../../src/runtime/providers/strava.js";
import Twitch, { twitchProfile } from "../../../src/runtime/providers/twitch.js";
import Twitter, { twitterProfile } from "../../../src/runtime/providers/twitter.js";
import Yandex, { yandexProfile } from "../../../src/runtime/providers/yandex.js";
import Zitadel, { zitadelProfile } from "../../../src/runtime/providers/zitadel.js";
import Zoom, { zoomProfile } from "../../../src/runtime/providers/zoom.js";
import { type RefreshableToken, refreshAccessToken } from "../../../src/runtime/refresh.js";
import { customFetch, type OAuthConfig, type User } from "../../../src/runtime/types.js";
import { callbackRequest, internalOptions, oauthProvider } from "../oauth/internal-options.js";
import { type StandIn, startStandIn } from "./stand-in.js";

interface Row {
  id: string;
  // biome-ignore lint/suspicious/noExplicitAny: each factory takes its own provider's options type
  factory: (options: any) => OAuthConfig;
  // biome-ignore lint/suspicious/noExplicitAny: each row's mapping takes its own provider's profile type
  mapping: (profile: any) => User;
  /** Options an app must give (a tenant's issuer). */
  options?: Partial<OAuthConfig> & { tenantId?: string };
  auth: "basic" | "post";
  /** The real authorization endpoint (origin + path) and the scope asked for. */
  authorize: string;
  scope: string | null;
  token: string;
  /** OIDC: the issuer and the ID token claims; OAuth: the profile API's payload at `userinfo`. */
  issuer?: string;
  payload: Record<string, unknown>;
  userinfo?: string;
  resources?: Record<string, unknown>;
  tokenExtra?: Record<string, unknown>;
  /** The token request's documented encoding; the stand-in refuses the other one. Default form. */
  tokenBody?: "json";
  formPost?: boolean;
  user: User;
}

const oidcClaims = (extra: Record<string, unknown>) => ({ iss: "x", aud: "x", iat: 1, exp: 2, ...extra });

const rows: Row[] = [
  {
    id: "github",
    factory: GitHub,
    mapping: githubProfile,
    auth: "basic",
    authorize: "https://github.com/login/oauth/authorize",
    scope: "read:user user:email",
    token: "https://github.com/login/oauth/access_token",
    userinfo: "https://api.github.com/user",
    payload: {
      id: 583231,
      login: "octocat",
      name: "The Octocat",
      email: "octocat@github.com",
      avatar_url: "https://avatars.githubusercontent.com/u/583231?v=4",
      type: "User",
    },
    user: {
      id: "583231",
      name: "The Octocat",
      email: "octocat@github.com",
      image: "https://avatars.githubusercontent.com/u/583231?v=4",
    },
  },
  {
    id: "google",
    factory: Google,
    mapping: googleProfile,
    auth: "basic",
    authorize: "https://accounts.google.com/authorize",
    scope: "openid profile email",
    token: "https://accounts.google.com/token",
    issuer: "https://accounts.google.com",
    payload: oidcClaims({
      sub: "110169484474386276334",
      email: "ada@gmail.com",
      email_verified: true,
      name: "Ada Lovelace",
      picture: "https://lh3.googleusercontent.com/a/ada",
      given_name: "Ada",
      family_name: "Lovelace",
      locale: "en",
    }),
    user: {
      id: "110169484474386276334",
      name: "Ada Lovelace",
      email: "ada@gmail.com",
      image: "https://lh3.googleusercontent.com/a/ada",
    },
  },
  {
    id: "apple",
    factory: Apple,
    mapping: appleProfile,
    auth: "post",
    authorize: "https://appleid.apple.com/authorize",
    scope: "name email",
    token: "https://appleid.apple.com/token",
    issuer: "https://appleid.apple.com",
    formPost: true,
    payload: oidcClaims({
      sub: "001234.abcdef0123456789.1234",
      email: "x7k2@privaterelay.appleid.com",
      email_verified: "true",
      is_private_email: "true",
      real_user_status: 2,
      auth_time: 1,
    }),
    user: { id: "001234.abcdef0123456789.1234", name: null, email: "x7k2@privaterelay.appleid.com", image: null },
  },
  {
    id: "microsoft-entra-id",
    factory: MicrosoftEntraID,
    mapping: microsoftEntraIdProfile,
    options: { tenantId: "72f988bf-86f1-41af-91ab-2d7cd011db47" },
    auth: "basic",
    authorize: "https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0/authorize",
    scope: "openid profile email",
    token: "https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0/token",
    issuer: "https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0",
    payload: oidcClaims({
      sub: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
      oid: "00000000-0000-0000-66f3-3332eca7ea81",
      tid: "72f988bf-86f1-41af-91ab-2d7cd011db47",
      name: "Grace Hopper",
      preferred_username: "grace@contoso.com",
    }),
    user: {
      id: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
      name: "Grace Hopper",
      email: "grace@contoso.com",
      image: null,
    },
  },
  {
    id: "discord",
    factory: Discord,
    mapping: discordProfile,
    auth: "basic",
    authorize: "https://discord.com/oauth2/authorize",
    scope: "identify email",
    token: "https://discord.com/api/oauth2/token",
    userinfo: "https://discord.com/api/users/@me",
    payload: {
      id: "80351110224678912",
      username: "nelly",
      discriminator: "0",
      global_name: "Nelly",
      avatar: "8342729096ea3675442027381ff50dfe",
      verified: true,
      email: "nelly@discord.com",
      flags: 64,
      locale: "en-US",
      mfa_enabled: true,
    },
    user: {
      id: "80351110224678912",
      name: "Nelly",
      email: "nelly@discord.com",
      image: "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png",
    },
  },
  {
    id: "gitlab",
    factory: GitLab,
    mapping: gitlabProfile,
    auth: "basic",
    authorize: "https://gitlab.com/oauth/authorize",
    scope: "read_user",
    token: "https://gitlab.com/oauth/token",
    userinfo: "https://gitlab.com/api/v4/user",
    payload: {
      id: 1,
      username: "john_smith",
      name: "John Smith",
      email: "john@example.com",
      state: "active",
      avatar_url: "https://gitlab.com/uploads/user/avatar/1/index.jpg",
      web_url: "https://gitlab.com/john_smith",
    },
    user: {
      id: "1",
      name: "John Smith",
      email: "john@example.com",
      image: "https://gitlab.com/uploads/user/avatar/1/index.jpg",
    },
  },
  {
    id: "facebook",
    factory: Facebook,
    mapping: facebookProfile,
    auth: "post",
    authorize: "https://www.facebook.com/v19.0/dialog/oauth",
    scope: "email",
    token: "https://graph.facebook.com/v19.0/oauth/access_token",
    userinfo: "https://graph.facebook.com/v19.0/me?fields=id,name,email,picture",
    payload: {
      id: "10158310000000000",
      name: "Mark Example",
      email: "mark@example.com",
      picture: {
        data: {
          height: 50,
          is_silhouette: false,
          url: "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10158310000000000",
          width: 50,
        },
      },
    },
    user: {
      id: "10158310000000000",
      name: "Mark Example",
      email: "mark@example.com",
      image: "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10158310000000000",
    },
  },
  {
    id: "twitter",
    factory: Twitter,
    mapping: twitterProfile,
    auth: "basic",
    authorize: "https://x.com/i/oauth2/authorize",
    scope: "users.read tweet.read offline.access",
    token: "https://api.x.com/2/oauth2/token",
    userinfo: "https://api.x.com/2/users/me?user.fields=profile_image_url",
    payload: {
      data: {
        id: "2244994945",
        name: "X Developers",
        username: "XDevelopers",
        profile_image_url: "https://pbs.twimg.com/profile_images/1/x_normal.jpg",
      },
    },
    user: {
      id: "2244994945",
      name: "X Developers",
      email: null,
      image: "https://pbs.twimg.com/profile_images/1/x_normal.jpg",
    },
  },
  {
    id: "linkedin",
    factory: LinkedIn,
    mapping: linkedinProfile,
    auth: "post",
    authorize: "https://www.linkedin.com/oauth/authorize",
    scope: "openid profile email",
    token: "https://www.linkedin.com/oauth/token",
    issuer: "https://www.linkedin.com/oauth",
    payload: oidcClaims({
      sub: "782bbtaQ",
      name: "John Doe",
      given_name: "John",
      family_name: "Doe",
      picture: "https://media.licdn.com/dms/image/C5F03AQ/photo.jpg",
      locale: "en-US",
      email: "doe@email.com",
      email_verified: true,
    }),
    user: {
      id: "782bbtaQ",
      name: "John Doe",
      email: "doe@email.com",
      image: "https://media.licdn.com/dms/image/C5F03AQ/photo.jpg",
    },
  },
  {
    id: "slack",
    factory: Slack,
    mapping: slackProfile,
    auth: "post",
    authorize: "https://slack.com/authorize",
    scope: "openid profile email",
    token: "https://slack.com/token",
    issuer: "https://slack.com",
    payload: oidcClaims({
      sub: "U0R7JM",
      "https://slack.com/user_id": "U0R7JM",
      "https://slack.com/team_id": "T0R7GR",
      email: "krane@slack-corp.com",
      email_verified: true,
      name: "krane",
      picture: "https://secure.gravatar.com/avatar/krane.jpg",
      "https://slack.com/team_name": "kraneflannel",
    }),
    user: {
      id: "U0R7JM",
      name: "krane",
      email: "krane@slack-corp.com",
      image: "https://secure.gravatar.com/avatar/krane.jpg",
    },
  },
  {
    id: "spotify",
    factory: Spotify,
    mapping: spotifyProfile,
    auth: "basic",
    authorize: "https://accounts.spotify.com/authorize",
    scope: "user-read-email",
    token: "https://accounts.spotify.com/api/token",
    userinfo: "https://api.spotify.com/v1/me",
    payload: {
      id: "wizzler",
      display_name: "JM Wizzler",
      email: "email@example.com",
      country: "SE",
      product: "premium",
      uri: "spotify:user:wizzler",
      images: [
        { url: "https://i.scdn.co/image/small", height: 64, width: 64 },
        { url: "https://i.scdn.co/image/large", height: 300, width: 300 },
      ],
    },
    user: { id: "wizzler", name: "JM Wizzler", email: "email@example.com", image: "https://i.scdn.co/image/large" },
  },
  {
    id: "twitch",
    factory: Twitch,
    mapping: twitchProfile,
    auth: "post",
    authorize: "https://id.twitch.tv/oauth2/authorize",
    scope: "openid user:read:email",
    token: "https://id.twitch.tv/oauth2/token",
    issuer: "https://id.twitch.tv/oauth2",
    payload: oidcClaims({
      sub: "713936733",
      preferred_username: "twitchdev",
      email: "dev@twitch.tv",
      email_verified: true,
      picture: "https://static-cdn.jtvnw.net/user-default-pictures/1.png",
    }),
    user: {
      id: "713936733",
      name: "twitchdev",
      email: "dev@twitch.tv",
      image: "https://static-cdn.jtvnw.net/user-default-pictures/1.png",
    },
  },
  {
    id: "reddit",
    factory: Reddit,
    mapping: redditProfile,
    auth: "basic",
    authorize: "https://www.reddit.com/api/v1/authorize",
    scope: "identity",
    token: "https://www.reddit.com/api/v1/access_token",
    userinfo: "https://oauth.reddit.com/api/v1/me",
    payload: {
      id: "1w72",
      name: "spez",
      icon_img: "https://styles.redditmedia.com/t5_3k30p/styles/profileIcon.png?width=256&amp;s=abc",
      snoovatar_img: "",
      created_utc: 1118030400,
      verified: true,
    },
    user: {
      id: "1w72",
      name: "spez",
      email: null,
      image: "https://styles.redditmedia.com/t5_3k30p/styles/profileIcon.png?width=256&s=abc",
    },
  },
  ...tenantRows(),
  {
    id: "zoom",
    factory: Zoom,
    mapping: zoomProfile,
    auth: "basic",
    authorize: "https://zoom.us/oauth/authorize",
    scope: null,
    token: "https://zoom.us/oauth/token",
    userinfo: "https://api.zoom.us/v2/users/me",
    payload: {
      id: "KDcuGIm1QgePTO8WbOqwIQ",
      first_name: "Jill",
      last_name: "Chill",
      display_name: "Jill Chill",
      email: "jchill@example.com",
      type: 1,
      pic_url: "https://example.zoom.us/p/KDcuGIm1QgePTO8WbOqwIQ",
      account_id: "q6gBJVO5TzexKYTb_I2rpg",
    },
    user: {
      id: "KDcuGIm1QgePTO8WbOqwIQ",
      name: "Jill Chill",
      email: "jchill@example.com",
      image: "https://example.zoom.us/p/KDcuGIm1QgePTO8WbOqwIQ",
    },
  },
  {
    id: "dropbox",
    factory: Dropbox,
    mapping: dropboxProfile,
    auth: "basic",
    authorize: "https://www.dropbox.com/oauth2/authorize",
    scope: "account_info.read",
    token: "https://api.dropboxapi.com/oauth2/token",
    userinfo: "https://api.dropboxapi.com/2/users/get_current_account",
    payload: {
      account_id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc",
      name: {
        abbreviated_name: "FD",
        display_name: "Franz Ferdinand (Personal)",
        familiar_name: "Franz",
        given_name: "Franz",
        surname: "Ferdinand",
      },
      email: "franz@dropbox.com",
      email_verified: true,
      disabled: false,
      country: "US",
      profile_photo_url: "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA",
    },
    user: {
      id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc",
      name: "Franz Ferdinand (Personal)",
      email: "franz@dropbox.com",
      image: "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA",
    },
  },
  {
    id: "bitbucket",
    factory: Bitbucket,
    mapping: bitbucketProfile,
    auth: "basic",
    authorize: "https://bitbucket.org/site/oauth2/authorize",
    scope: "account email",
    token: "https://bitbucket.org/site/oauth2/access_token",
    userinfo: "https://api.bitbucket.org/2.0/user",
    payload: {
      uuid: "{d301aafa-d676-4ee0-88be-962be7417567}",
      account_id: "557058:c0b72ad0-1cb5-4018-9cdc-0cde8492c443",
      nickname: "evzijst",
      display_name: "Erik van Zijst",
      links: {
        avatar: { href: "https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/557058/abc/128" },
      },
      email: "erik@example.com",
    },
    resources: {
      "https://api.bitbucket.org/2.0/user/emails": {
        values: [
          { email: "old@example.com", is_primary: false, is_confirmed: true },
          { email: "erik@example.com", is_primary: true, is_confirmed: true },
        ],
      },
    },
    user: {
      id: "{d301aafa-d676-4ee0-88be-962be7417567}",
      name: "Erik van Zijst",
      email: "erik@example.com",
      image: "https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/557058/abc/128",
    },
  },
  {
    id: "atlassian",
    factory: Atlassian,
    mapping: atlassianProfile,
    auth: "post",
    authorize: "https://auth.atlassian.com/authorize",
    scope: "read:me",
    token: "https://auth.atlassian.com/oauth/token",
    tokenBody: "json",
    userinfo: "https://api.atlassian.com/me",
    payload: {
      account_type: "atlassian",
      account_id: "112233aa-bb11-cc22-33dd-445566abcabc",
      email: "mia@example.com",
      name: "Mia Krystof",
      picture: "https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/112233aa/1234abcd/128",
      account_status: "active",
      nickname: "mkrystof",
      email_verified: true,
    },
    user: {
      id: "112233aa-bb11-cc22-33dd-445566abcabc",
      name: "Mia Krystof",
      email: "mia@example.com",
      image: "https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/112233aa/1234abcd/128",
    },
  },
  {
    id: "notion",
    factory: Notion,
    mapping: notionProfile,
    auth: "basic",
    authorize: "https://api.notion.com/v1/oauth/authorize",
    scope: null,
    token: "https://api.notion.com/v1/oauth/token",
    tokenBody: "json",
    payload: {
      object: "user",
      id: "92a680bb-6970-4726-952b-4f4c03bff617",
      type: "person",
      name: "Avocado Lovelace",
      avatar_url: "https://secure.notion-static.com/e6a352a8.jpg",
      person: { email: "avo@example.org" },
    },
    user: {
      id: "92a680bb-6970-4726-952b-4f4c03bff617",
      name: "Avocado Lovelace",
      email: "avo@example.org",
      image: "https://secure.notion-static.com/e6a352a8.jpg",
    },
  },
  {
    id: "salesforce",
    factory: Salesforce,
    mapping: salesforceProfile,
    auth: "basic",
    authorize: "https://login.salesforce.com/authorize",
    scope: "openid profile email",
    token: "https://login.salesforce.com/token",
    issuer: "https://login.salesforce.com",
    payload: oidcClaims({
      sub: "https://login.salesforce.com/id/00Dx0000000BV7z/005x00000012Q9P",
      user_id: "005x00000012Q9P",
      organization_id: "00Dx0000000BV7z",
      name: "Alan Van",
      email: "admin@2060747062.com",
      email_verified: true,
      picture: "https://c.na15.content.force.com/profilephoto/005/F",
      preferred_username: "admin@2060747062.com",
    }),
    user: {
      id: "005x00000012Q9P",
      name: "Alan Van",
      email: "admin@2060747062.com",
      image: "https://c.na15.content.force.com/profilephoto/005/F",
    },
  },
  {
    id: "patreon",
    factory: Patreon,
    mapping: patreonProfile,
    auth: "post",
    authorize: "https://www.patreon.com/oauth2/authorize",
    scope: "identity identity[email]",
    token: "https://www.patreon.com/api/oauth2/token",
    userinfo: "https://www.patreon.com/api/oauth2/v2/identity?fields%5Buser%5D=email,full_name,image_url",
    payload: {
      data: {
        id: "12345678",
        type: "user",
        attributes: {
          email: "corgi@example.com",
          full_name: "Corgi The Dev",
          image_url: "https://c8.patreon.com/2/200/12345678",
        },
      },
      links: { self: "https://www.patreon.com/api/oauth2/v2/user/12345678" },
    },
    user: {
      id: "12345678",
      name: "Corgi The Dev",
      email: "corgi@example.com",
      image: "https://c8.patreon.com/2/200/12345678",
    },
  },
  {
    id: "strava",
    factory: Strava,
    mapping: stravaProfile,
    auth: "post",
    authorize: "https://www.strava.com/oauth/authorize",
    scope: "read",
    token: "https://www.strava.com/oauth/token",
    userinfo: "https://www.strava.com/api/v3/athlete",
    payload: {
      id: 134815,
      username: "marianne_t",
      firstname: "Marianne",
      lastname: "Teutenberg",
      city: "San Francisco",
      country: "US",
      profile_medium: "https://xxxxxx.cloudfront.net/pictures/athletes/123/medium.jpg",
      profile: "https://xxxxx.cloudfront.net/pictures/athletes/123/large.jpg",
    },
    user: {
      id: "134815",
      name: "Marianne Teutenberg",
      email: null,
      image: "https://xxxxx.cloudfront.net/pictures/athletes/123/large.jpg",
    },
  },
  {
    id: "box",
    factory: Box,
    mapping: boxProfile,
    auth: "post",
    authorize: "https://account.box.com/api/oauth2/authorize",
    scope: null,
    token: "https://api.box.com/oauth2/token",
    userinfo: "https://api.box.com/2.0/users/me",
    payload: {
      type: "user",
      id: "11446498",
      name: "Aaron Levie",
      login: "ceo@example.com",
      avatar_url: "https://www.box.com/api/avatar/large/181216415",
      status: "active",
      language: "en",
    },
    user: {
      id: "11446498",
      name: "Aaron Levie",
      email: "ceo@example.com",
      image: "https://www.box.com/api/avatar/large/181216415",
    },
  },
  {
    id: "yandex",
    factory: Yandex,
    mapping: yandexProfile,
    auth: "basic",
    authorize: "https://oauth.yandex.ru/authorize",
    scope: "login:info login:email login:avatar",
    token: "https://oauth.yandex.ru/token",
    userinfo: "https://login.yandex.ru/info?format=json",
    payload: {
      id: "1000034426",
      login: "ivan",
      client_id: "4760187d81bc4b7799476b42b5103713",
      display_name: "Ivan",
      real_name: "Ivan Ivanov",
      first_name: "Ivan",
      last_name: "Ivanov",
      default_email: "test@yandex.ru",
      emails: ["test@yandex.ru", "other-test@yandex.ru"],
      default_avatar_id: "131652443",
      is_avatar_empty: false,
      psuid: "1.AAceCw.tbHgw5DtJ9_zeqPrk-Ba2w",
    },
    user: {
      id: "1000034426",
      name: "Ivan",
      email: "test@yandex.ru",
      image: "https://avatars.yandex.net/get-yapic/131652443/islands-200",
    },
  },
];

/** The OIDC providers whose issuer is per tenant: the app gives it, everything else is discovered. */
function tenantRows(): Row[] {
  const tenants: Array<[string, Row["factory"], Row["mapping"], string, Record<string, unknown>, User]> = [
    [
      "auth0",
      Auth0,
      auth0Profile,
      "https://dev-abc123.us.auth0.com/",
      {
        sub: "auth0|507f1f77bcf86cd799439020",
        nickname: "j+smith",
        name: "Jane Josephine Doe",
        picture: "https://s.gravatar.com/avatar/jane.png",
        email: "janedoe@exampleco.com",
        email_verified: true,
        updated_at: "2024-01-15T18:48:31.000Z",
      },
      {
        id: "auth0|507f1f77bcf86cd799439020",
        name: "Jane Josephine Doe",
        email: "janedoe@exampleco.com",
        image: "https://s.gravatar.com/avatar/jane.png",
      },
    ],
    [
      "okta",
      Okta,
      oktaProfile,
      "https://dev-123456.okta.com/oauth2/default",
      {
        sub: "00uid4BxXw6I6TV4m0g3",
        name: "John Doe",
        preferred_username: "john.doe@example.com",
        email: "john.doe@example.com",
        email_verified: true,
        zoneinfo: "America/Los_Angeles",
      },
      { id: "00uid4BxXw6I6TV4m0g3", name: "John Doe", email: "john.doe@example.com", image: null },
    ],
    [
      "keycloak",
      Keycloak,
      keycloakProfile,
      "https://sso.example.com/realms/myrealm",
      {
        sub: "f1e9a1b2-3c4d-4e5f-8a9b-0c1d2e3f4a5b",
        preferred_username: "jdoe",
        email: "jdoe@example.com",
        email_verified: false,
        given_name: "",
        family_name: "",
      },
      { id: "f1e9a1b2-3c4d-4e5f-8a9b-0c1d2e3f4a5b", name: "jdoe", email: "jdoe@example.com", image: null },
    ],
    [
      "cognito",
      Cognito,
      cognitoProfile,
      "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEfGhI",
      {
        sub: "aaaaaaaa-bbbb-cccc-dddd-example",
        "cognito:username": "janedoe",
        email: "janedoe@example.com",
        email_verified: true,
        phone_number: "+12065551212",
      },
      { id: "aaaaaaaa-bbbb-cccc-dddd-example", name: "janedoe", email: "janedoe@example.com", image: null },
    ],
    [
      "zitadel",
      Zitadel,
      zitadelProfile,
      "https://my-instance-abc.zitadel.cloud",
      {
        sub: "77776025198584418",
        name: "Road Runner",
        given_name: "Road",
        family_name: "Runner",
        preferred_username: "road.runner@acme.zitadel.cloud",
        email: "road.runner@acme.ch",
        email_verified: true,
        locale: "en",
      },
      { id: "77776025198584418", name: "Road Runner", email: "road.runner@acme.ch", image: null },
    ],
    [
      "authentik",
      Authentik,
      authentikProfile,
      "https://auth.example.com/application/o/my-app/",
      {
        sub: "3f5c1e2d9b8a7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d",
        name: "authentik Default Admin",
        preferred_username: "akadmin",
        nickname: "akadmin",
        email: "admin@example.com",
        email_verified: true,
        groups: ["authentik Admins"],
      },
      {
        id: "3f5c1e2d9b8a7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d",
        name: "authentik Default Admin",
        email: "admin@example.com",
        image: null,
      },
    ],
  ];
  return tenants.map(([id, factory, mapping, issuer, claims, user]) => {
    const base = issuer.replace(/\/$/, "");
    return {
      id,
      factory,
      mapping,
      options: { issuer },
      auth: "basic",
      authorize: `${base}/authorize`,
      scope: "openid profile email",
      token: `${base}/token`,
      issuer,
      payload: oidcClaims(claims),
      user,
    };
  });
}

const appOrigin = "http://localhost:3000";
let standIn: StandIn;

beforeAll(async () => {
  standIn = await startStandIn();
  for (const row of rows) {
    standIn.register({
      clientId: `client-${row.id}`,
      clientSecret: `secret-${row.id}`,
      auth: row.auth,
      tokenBody: row.tokenBody,
      issuer: row.issuer,
      claims: row.issuer ? row.payload : undefined,
      resources: { ...(row.userinfo ? { [row.userinfo]: row.payload } : {}), ...row.resources },
      tokenExtra:
        row.id === "notion"
          ? { bot_id: "b1", workspace_id: "w1", owner: { type: "user", user: row.payload } }
          : undefined,
    });
  }
});

afterAll(async () => {
  await standIn?.close();
});

describe("provider catalog", () => {
  it("has at least 25 providers, each with its own id", () => {
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(25);
  });

  it.each(rows)("$id: maps a documented-shape profile to the user record", (row) => {
    expect(row.mapping(row.payload)).toEqual(row.user);
  });

  it.each(rows)("$id: signs in against a stand-in of its real endpoints", async (row) => {
    const provider = providerOf(row);
    expect(provider.id).toBe(row.id);
    const from = standIn.requests.length;
    const { authorizationUrl, result } = await signInThroughStandIn(row, provider);
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(row.authorize);
    expect(authorizationUrl.searchParams.get("scope")).toBe(row.scope);
    expect(authorizationUrl.searchParams.get("redirect_uri")).toBe(`${appOrigin}/auth/callback/${row.id}`);
    expect(authorizationUrl.searchParams.get("response_mode")).toBe(row.formPost ? "form_post" : null);

    expect(result.user).toEqual(row.user);
    expect(result.account).toMatchObject({ provider: row.id, type: provider.type, providerAccountId: row.user.id });
    expect(result.account.token_type).toBe("bearer");
    expect(result.account.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    const calls = standIn.requests.slice(from);
    const tokenCall = calls.find((call) => call.url === row.token);
    expect(tokenCall?.clientAuth).toBe(row.auth);
    expect(tokenCall?.tokenBody).toBe(row.tokenBody ?? "form");
    if (row.userinfo) expect(calls.map((call) => call.url)).toContain(row.userinfo);
  });

  it.each(rows.filter((row) => row.tokenBody === "json"))(
    "$id: refreshes its access token with a JSON body too",
    async (row) => {
      const provider = providerOf(row);
      const { result } = await signInThroughStandIn(row, provider);
      const from = standIn.requests.length;
      const expired: RefreshableToken = { ...result.account, expires_at: Math.floor(Date.now() / 1000) - 10 };
      const refreshed = await refreshAccessToken(expired, { provider, onError: (cause) => console.error(cause) });
      expect(refreshed.error).toBeUndefined();
      expect(refreshed.access_token).not.toBe(result.account.access_token);
      const refreshCall = standIn.requests.slice(from).find((call) => call.url === row.token);
      expect(refreshCall).toMatchObject({ method: "POST", clientAuth: row.auth, tokenBody: "json" });
    },
  );
});

function providerOf(row: Row): OAuthConfig {
  return row.factory({
    clientId: `client-${row.id}`,
    clientSecret: `secret-${row.id}`,
    ...row.options,
    [customFetch]: standIn.fetch,
  });
}

/** Authorization URL → the stand-in's 302 → back to the callback (query, or a POST for form_post) → result. */
async function signInThroughStandIn(row: Row, provider: OAuthConfig) {
  const options = internalOptions({ providers: [provider] }, appOrigin);
  const internal = oauthProvider(options, row.id);
  const { redirect, cookies } = await getAuthorizationUrl(options, internal, {});
  const answer = await standIn.fetch(redirect, { redirect: "manual" });
  expect(answer.status).toBe(302);
  const back = answer.headers.get("location") ?? "";
  const request = row.formPost
    ? callbackRequest(`${appOrigin}/auth/callback/${row.id}`, cookies, {
        method: "POST",
        body: Object.fromEntries(new URL(back).searchParams),
      })
    : callbackRequest(back, cookies);
  return { authorizationUrl: new URL(redirect), result: await handleOAuth(request, options, internal) };
}
