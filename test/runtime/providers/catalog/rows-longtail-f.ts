/**
 * Long-tail providers, batch F (payment platforms, hosting, NetSuite, SAML bridges, BankID Norway), and the two
 * providers Better Auth ships that Auth.js lacks (Cloudflare, Paybin): rows for the flow test in
 * ../catalog.test.ts. Payloads are shaped as each provider documents its userinfo answer or ID token.
 */
import BankIDNorway, { bankidNorwayProfile } from "../../../../src/runtime/providers/bankid-no.js";
import BoxyHQSAML, { boxyhqSamlProfile } from "../../../../src/runtime/providers/boxyhq-saml.js";
import Cloudflare, { cloudflareProfile } from "../../../../src/runtime/providers/cloudflare.js";
import NetSuite, { netsuiteProfile } from "../../../../src/runtime/providers/netsuite.js";
import Osso, { ossoProfile } from "../../../../src/runtime/providers/osso.js";
import Paybin, { paybinProfile } from "../../../../src/runtime/providers/paybin.js";
import PayPal, { paypalProfile } from "../../../../src/runtime/providers/paypal.js";
import Polar, { polarProfile } from "../../../../src/runtime/providers/polar.js";
import Railway, { railwayProfile } from "../../../../src/runtime/providers/railway.js";
import { oidcClaims, type Row } from "./row.js";

const PAYPAL_USER_ID = "https://www.paypal.com/webapps/auth/identity/user/mWq6_1sU85v5EG9yHdPxJRrhGHrnMJ-1PQKtX6pcsmA";

/**
 * The `id_token` PayPal's token endpoint answers beside the access token: it names the user in `user_id` and has
 * no `sub`, so an OpenID Connect check would refuse it. Its signature is never checked (the provider drops it).
 */
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const PAYPAL_ID_TOKEN = [
  base64url({ alg: "HS256", typ: "JWT" }),
  base64url({
    iss: "https://www.paypal.com",
    user_id: PAYPAL_USER_ID,
    aud: "client-paypal",
    iat: 1_764_441_600,
    exp: 1_764_470_400,
    auth_time: 1_764_441_590,
  }),
  "c2lnbmF0dXJl",
].join(".");

const RAILWAY_USER = {
  sub: "2f9d6c1e-7f3a-4c5b-9e2d-8a1b3c4d5e6f",
  name: "Ada Lovelace",
  email: "ada@example.com",
  picture: "https://avatars.githubusercontent.com/u/1?v=4",
};

export const rows: Row[] = [
  {
    id: "paypal",
    factory: PayPal,
    mapping: paypalProfile,
    auth: "basic",
    authorize: "https://www.paypal.com/signin/authorize",
    scope: "openid profile email",
    params: { flowEntry: "static" },
    token: "https://api-m.paypal.com/v1/oauth2/token",
    // PayPal's token answer: its own `nonce` and `app_id`, and an `id_token` without `sub` (left out).
    tokenExtra: {
      id_token: PAYPAL_ID_TOKEN,
      nonce: "2026-11-29T20:40:00ZwVn7b4m3kVh1Ebg8mN4T6uQ",
      app_id: "APP-80W284485P519543T",
      scope: "openid profile email",
    },
    userinfo: "https://api-m.paypal.com/v1/identity/oauth2/userinfo?schema=paypalv1.1",
    payload: {
      user_id: PAYPAL_USER_ID,
      name: "Identity Test",
      given_name: "Identity",
      family_name: "Test",
      payer_id: "WDJJHEBZ4X2LY",
      address: { street_address: "1 Main St", locality: "San Jose", region: "CA", postal_code: "95131", country: "US" },
      verified_account: "true",
      // The primary address is not confirmed: the confirmed one is used.
      emails: [
        { value: "new-address@example.com", primary: true, confirmed: false },
        { value: "user1@example.com", primary: false, confirmed: true },
      ],
    },
    user: { id: PAYPAL_USER_ID, name: "Identity Test", email: "user1@example.com", image: null },
  },
  {
    id: "polar",
    factory: Polar,
    mapping: polarProfile,
    auth: "post",
    authorize: "https://polar.sh/oauth2/authorize",
    scope: "openid profile email",
    params: { sub_type: "user" },
    token: "https://api.polar.sh/v1/oauth2/token",
    issuer: "https://polar.sh",
    // Polar publishes its metadata on the API host, not under its issuer.
    wellKnown: "https://api.polar.sh/.well-known/openid-configuration",
    payload: oidcClaims({
      sub: "0e3f5a8c-2b71-4d6e-9f04-5c8a1b2d3e4f",
      name: "frankie",
      email: "frankie@example.com",
      email_verified: true,
    }),
    user: { id: "0e3f5a8c-2b71-4d6e-9f04-5c8a1b2d3e4f", name: "frankie", email: "frankie@example.com", image: null },
  },
  {
    id: "railway",
    factory: Railway,
    mapping: railwayProfile,
    auth: "basic",
    authorize: "https://backboard.railway.com/oauth/auth",
    scope: "openid email profile",
    token: "https://backboard.railway.com/oauth/token",
    issuer: "https://backboard.railway.com",
    // The ID token names the user only; the profile is `/oauth/me`'s.
    payload: RAILWAY_USER,
    userinfo: "https://backboard.railway.com/oauth/me",
    user: {
      id: RAILWAY_USER.sub,
      name: "Ada Lovelace",
      email: "ada@example.com",
      image: "https://avatars.githubusercontent.com/u/1?v=4",
    },
  },
  {
    id: "netsuite",
    factory: NetSuite,
    mapping: netsuiteProfile,
    // A sandbox account: its id's `_SB1` is `-sb1` in the domain names.
    options: { accountId: "1234567_SB1" },
    auth: "basic",
    authorize: "https://1234567-sb1.app.netsuite.com/app/login/oauth2/authorize.nl",
    scope: "openid email",
    token: "https://1234567-sb1.suitetalk.api.netsuite.com/services/rest/auth/oauth2/v1/token",
    issuer: "https://system.netsuite.com",
    wellKnown: "https://1234567-sb1.suitetalk.api.netsuite.com/.well-known/openid-configuration",
    payload: oidcClaims({ sub: "1234", email: "controller@example.com" }),
    user: { id: "1234", name: null, email: "controller@example.com", image: null },
  },
  {
    id: "osso",
    factory: Osso,
    mapping: ossoProfile,
    options: { baseUrl: "https://sso.example.com/", domain: "example.com" },
    auth: "post",
    authorize: "https://sso.example.com/oauth/authorize",
    scope: null,
    // The customer whose identity provider signs the user in.
    params: { domain: "example.com" },
    token: "https://sso.example.com/oauth/token",
    standIn: { tokenOmit: ["refresh_token"] },
    userinfo: "https://sso.example.com/oauth/me",
    payload: {
      id: "4f0c2a5e-8d1b-4e6f-a3c7-9b2d1e0f8a6c",
      email: "grace@example.com",
      idp: "Okta",
      requested: { domain: "example.com", email: null },
    },
    user: { id: "4f0c2a5e-8d1b-4e6f-a3c7-9b2d1e0f8a6c", name: null, email: "grace@example.com", image: null },
  },
  {
    id: "boxyhq-saml",
    factory: BoxyHQSAML,
    mapping: boxyhqSamlProfile,
    options: { baseUrl: "https://jackson.example.com", tenant: "example.com", product: "crm" },
    auth: "post",
    authorize: "https://jackson.example.com/api/oauth/authorize",
    // The plain OAuth 2.0 flow: `openid` would ask for Jackson's OIDC flow.
    scope: null,
    params: { tenant: "example.com", product: "crm" },
    token: "https://jackson.example.com/api/oauth/token",
    standIn: { tokenOmit: ["refresh_token"] },
    userinfo: "https://jackson.example.com/api/oauth/userinfo",
    payload: {
      id: "NTUzZGZkNzYtNmQzMy00YjQ0LWE1NzItMWU5YjE1MmI0YzY1",
      email: "jackson@example.com",
      firstName: "SAML",
      lastName: "Jackson",
      roles: ["admin"],
      groups: ["engineering"],
      raw: { email: "jackson@example.com", firstName: "SAML", lastName: "Jackson" },
      requested: { tenant: "example.com", product: "crm", client_id: "dummy" },
    },
    user: {
      id: "NTUzZGZkNzYtNmQzMy00YjQ0LWE1NzItMWU5YjE1MmI0YzY1",
      name: "SAML Jackson",
      email: "jackson@example.com",
      image: null,
    },
  },
  {
    id: "bankid-no",
    factory: BankIDNorway,
    mapping: bankidNorwayProfile,
    auth: "basic",
    authorize: "https://auth.bankid.no/auth/realms/prod/authorize",
    scope: "openid profile",
    token: "https://auth.bankid.no/auth/realms/prod/token",
    issuer: "https://auth.bankid.no/auth/realms/prod",
    payload: oidcClaims({
      sub: "b8a5f3d2-41c7-4e09-8f6a-2d7c9e1b0a34",
      typ: "ID",
      azp: "client-bankid-no",
      name: "Nordmann, Kari",
      given_name: "Kari",
      family_name: "Nordmann",
      birthdate: "1990-02-17",
      acr: "urn:bankid:bid;LOA=4",
      amr: "BID",
      bankid_altsub: "9578-6000-4-1663921",
    }),
    user: { id: "b8a5f3d2-41c7-4e09-8f6a-2d7c9e1b0a34", name: "Kari Nordmann", email: null, image: null },
  },
  {
    id: "cloudflare",
    factory: Cloudflare,
    mapping: cloudflareProfile,
    auth: "basic",
    authorize: "https://dash.cloudflare.com/oauth2/auth",
    scope: "user-details.read",
    token: "https://dash.cloudflare.com/oauth2/token",
    userinfo: "https://api.cloudflare.com/client/v4/user",
    // The API's envelope around the user.
    payload: {
      success: true,
      errors: [],
      messages: [],
      result: {
        id: "7c5dae5552338874e5053f2534d2767a",
        email: "user@example.com",
        first_name: "John",
        last_name: "Appleseed",
        country: "US",
        telephone: "+1 123-123-1234",
        zipcode: "12345",
        two_factor_authentication_enabled: false,
        suspended: false,
        has_pro_zones: false,
        betas: [],
        organizations: [],
      },
    },
    user: { id: "7c5dae5552338874e5053f2534d2767a", name: "John Appleseed", email: "user@example.com", image: null },
  },
  {
    id: "paybin",
    factory: Paybin,
    mapping: paybinProfile,
    auth: "post",
    // The endpoints come from the issuer's discovery document (here the stand-in's).
    authorize: "https://idp.paybin.io/authorize",
    scope: "openid email profile",
    token: "https://idp.paybin.io/token",
    issuer: "https://idp.paybin.io",
    payload: oidcClaims({
      sub: "5f2b8c1e-9a34-4d7b-b6e0-3c1f2a9d8e47",
      email: "merchant@example.com",
      email_verified: true,
      name: "Ayşe Yılmaz",
      given_name: "Ayşe",
      family_name: "Yılmaz",
      preferred_username: "ayse",
    }),
    user: {
      id: "5f2b8c1e-9a34-4d7b-b6e0-3c1f2a9d8e47",
      name: "Ayşe Yılmaz",
      email: "merchant@example.com",
      image: null,
    },
  },
];
