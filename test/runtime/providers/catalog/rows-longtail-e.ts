/**
 * Long-tail providers (self-hosted servers, game platforms, Nordic logins, SimpleLogin): rows for the flow test
 * in ../catalog.test.ts. Payloads are shaped as each provider documents its userinfo answer or ID token.
 */
import Bungie, { bungieProfile } from "../../../../src/runtime/providers/bungie.js";
import Faceit, { faceitProfile } from "../../../../src/runtime/providers/faceit.js";
import Mattermost, { mattermostProfile } from "../../../../src/runtime/providers/mattermost.js";
import Nextcloud, { nextcloudProfile } from "../../../../src/runtime/providers/nextcloud.js";
import SimpleLogin, { simpleloginProfile } from "../../../../src/runtime/providers/simplelogin.js";
import Vipps, { vippsProfile } from "../../../../src/runtime/providers/vipps.js";
import { oidcClaims, type Row } from "./row.js";

const VIPPS_USER = {
  sub: "c06c4afe-d9e1-4c5d-939a-177d752a0944",
  name: "Ada Lovelace",
  given_name: "Ada",
  family_name: "Lovelace",
  email: "ada@example.no",
  email_verified: true,
  sid: "7d78a726-af92-499e-b857-de263ef9a969",
};

/** The user inside Bungie's platform envelope (`{ Response, ErrorCode: 1, … }`), as the stand-in answers it. */
const BUNGIE_MEMBERSHIPS = {
  bungieNetUser: {
    membershipId: "20598221",
    uniqueName: "Guardian#1234",
    displayName: "Guardian",
    cachedBungieGlobalDisplayName: "Guardian",
    cachedBungieGlobalDisplayNameCode: 1234,
    profilePicturePath: "/img/profile/avatars/default_avatar.gif",
  },
  destinyMemberships: [{ membershipType: 3, membershipId: "4611686018467260757", displayName: "Guardian" }],
  primaryMembershipId: "4611686018467260757",
};

export const rows: Row[] = [
  {
    id: "nextcloud",
    factory: Nextcloud,
    mapping: nextcloudProfile,
    options: { baseUrl: "https://cloud.example.org/" },
    auth: "basic",
    authorize: "https://cloud.example.org/index.php/apps/oauth2/authorize",
    scope: null,
    token: "https://cloud.example.org/index.php/apps/oauth2/api/v1/token",
    // Nextcloud names the user in its token response too.
    tokenExtra: { user_id: "frank" },
    userinfo: "https://cloud.example.org/ocs/v2.php/cloud/user?format=json",
    // Without this header the OCS API refuses the request (its CSRF protection).
    standIn: { resourceHeaders: { "OCS-APIRequest": "true" } },
    payload: {
      ocs: {
        meta: { status: "ok", statuscode: 200, message: "OK" },
        data: {
          id: "frank",
          "display-name": "Frank K.",
          displayname: "Frank K.",
          email: "frank@example.org",
          enabled: true,
          language: "en",
          locale: "en_US",
          groups: ["admin"],
        },
      },
    },
    user: { id: "frank", name: "Frank K.", email: "frank@example.org", image: null },
  },
  {
    id: "mattermost",
    factory: Mattermost,
    mapping: mattermostProfile,
    options: { baseUrl: "https://chat.example.com" },
    auth: "post",
    authorize: "https://chat.example.com/oauth/authorize",
    scope: null,
    token: "https://chat.example.com/oauth/access_token",
    userinfo: "https://chat.example.com/api/v4/users/me",
    payload: {
      id: "9xrzbygj7pfbdpmqm3cjbsr7xe",
      create_at: 1700000000000,
      update_at: 1700000000000,
      delete_at: 0,
      username: "grace",
      auth_service: "",
      email: "grace@example.com",
      email_verified: true,
      nickname: "",
      first_name: "Grace",
      last_name: "Hopper",
      position: "",
      roles: "system_user",
      locale: "en",
    },
    user: { id: "9xrzbygj7pfbdpmqm3cjbsr7xe", name: "Grace Hopper", email: "grace@example.com", image: null },
  },
  {
    id: "bungie",
    factory: Bungie,
    mapping: bungieProfile,
    options: { apiKey: "bungie-api-key" },
    auth: "basic",
    authorize: "https://www.bungie.net/en/OAuth/Authorize",
    // Fixed when the application is registered: the request names none.
    scope: null,
    token: "https://www.bungie.net/Platform/App/OAuth/token/",
    tokenExtra: { membership_id: "20598221", refresh_expires_in: 7776000 },
    userinfo: "https://www.bungie.net/Platform/User/GetMembershipsForCurrentUser/",
    resources: {
      "https://www.bungie.net/Platform/User/GetMembershipsForCurrentUser/": {
        Response: BUNGIE_MEMBERSHIPS,
        ErrorCode: 1,
        ThrottleSeconds: 0,
        ErrorStatus: "Success",
        Message: "Ok",
        MessageData: {},
      },
    },
    standIn: { resourceHeaders: { "X-API-Key": "bungie-api-key" } },
    payload: BUNGIE_MEMBERSHIPS,
    user: {
      id: "20598221",
      name: "Guardian#1234",
      email: null,
      image: "https://www.bungie.net/img/profile/avatars/default_avatar.gif",
    },
  },
  {
    id: "faceit",
    factory: Faceit,
    mapping: faceitProfile,
    auth: "basic",
    authorize: "https://accounts.faceit.com/",
    scope: null,
    params: { redirect_popup: "true", code_challenge_method: "S256" },
    token: "https://api.faceit.com/auth/v1/oauth/token",
    userinfo: "https://api.faceit.com/auth/v1/resources/userinfo",
    payload: {
      guid: "0b40a6a1-5d4d-4d0b-b5a0-6f0e6a1f2b3c",
      nickname: "s1mple",
      email: "player@example.com",
      picture: "https://assets.faceit-cdn.net/avatars/0b40a6a1_1550.jpg",
      locale: "en",
      membership: "free",
    },
    user: {
      id: "0b40a6a1-5d4d-4d0b-b5a0-6f0e6a1f2b3c",
      name: "s1mple",
      email: "player@example.com",
      image: "https://assets.faceit-cdn.net/avatars/0b40a6a1_1550.jpg",
    },
  },
  {
    id: "simplelogin",
    factory: SimpleLogin,
    mapping: simpleloginProfile,
    auth: "basic",
    authorize: "https://app.simplelogin.io/authorize",
    // Exactly `openid`: the only scope SimpleLogin answers with a nonce in the ID token.
    scope: "openid",
    token: "https://app.simplelogin.io/token",
    issuer: "https://app.simplelogin.io",
    payload: oidcClaims({
      sub: "123456",
      id: 123456,
      name: "Son NK",
      email: "john.doe.cat@simplelogin.co",
      email_verified: true,
      avatar_url: null,
      client: "Demo App",
    }),
    user: { id: "123456", name: "Son NK", email: "john.doe.cat@simplelogin.co", image: null },
  },
  {
    id: "vipps",
    factory: Vipps,
    mapping: vippsProfile,
    auth: "basic",
    authorize: "https://api.vipps.no/access-management-1.0/access/authorize",
    scope: "openid name email",
    token: "https://api.vipps.no/access-management-1.0/access/token",
    issuer: "https://api.vipps.no/access-management-1.0/access/",
    // The ID token names the user only; the consented profile is userinfo's.
    payload: VIPPS_USER,
    userinfo: "https://api.vipps.no/vipps-userinfo-api/userinfo",
    user: { id: VIPPS_USER.sub, name: "Ada Lovelace", email: "ada@example.no", image: null },
  },
];
