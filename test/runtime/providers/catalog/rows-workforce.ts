/**
 * The workforce and customer identity providers (WorkOS, FusionAuth, Kinde, Descope, OneLogin, PingOne, Logto,
 * IdentityServer, Hydra, Asgardeo, Frontegg, Beyond Identity, United Effects, Azure AD B2C, and the `azure-ad`
 * alias): rows for the flow test in ../catalog.test.ts. Payloads are shaped as each provider documents its
 * ID token (or, for WorkOS, its Profile object); the stand-in plays each issuer at the URL its options give.
 */
import Asgardeo, { asgardeoProfile } from "../../../../src/runtime/providers/asgardeo.js";
import AzureAD, { azureAdProfile } from "../../../../src/runtime/providers/azure-ad.js";
import AzureADB2C, { azureAdB2cProfile } from "../../../../src/runtime/providers/azure-ad-b2c.js";
import BeyondIdentity, { beyondIdentityProfile } from "../../../../src/runtime/providers/beyondidentity.js";
import Descope, { descopeProfile } from "../../../../src/runtime/providers/descope.js";
import DuendeIdentityServer6, {
  duendeIdentityServer6Profile,
} from "../../../../src/runtime/providers/duende-identity-server6.js";
import Frontegg, { fronteggProfile } from "../../../../src/runtime/providers/frontegg.js";
import FusionAuth, { fusionauthProfile } from "../../../../src/runtime/providers/fusionauth.js";
import Hydra, { hydraProfile } from "../../../../src/runtime/providers/hydra.js";
import IdentityServer4, { identityServer4Profile } from "../../../../src/runtime/providers/identity-server4.js";
import Kinde, { kindeProfile } from "../../../../src/runtime/providers/kinde.js";
import Logto, { logtoProfile } from "../../../../src/runtime/providers/logto.js";
import OneLogin, { oneloginProfile } from "../../../../src/runtime/providers/onelogin.js";
import PingId, { pingIdProfile } from "../../../../src/runtime/providers/ping-id.js";
import UnitedEffects, { unitedEffectsProfile } from "../../../../src/runtime/providers/united-effects.js";
import WorkOS, { workosProfile } from "../../../../src/runtime/providers/workos.js";
import { oidcClaims, type Row } from "./row.js";

/** WorkOS's Profile object, as its token response's `profile` and as `payload` for the mapping. */
const WORKOS_PROFILE = {
  object: "profile",
  id: "prof_01DMC79VCBZ0NY2099737PSVF1",
  organization_id: "org_01EHQMYV6MBK39QC5PZXHY59C3",
  connection_id: "conn_01E4ZCR3C56J083X43JQXF3JK5",
  connection_type: "GoogleOAuth",
  idp_id: "103456789012345678901",
  email: "todd@example.com",
  first_name: "Todd",
  last_name: "Rundgren",
  role: { slug: "admin" },
  groups: ["Engineering", "Admins"],
  custom_attributes: {},
  raw_attributes: { picture: "https://lh3.googleusercontent.com/a/todd.jpg" },
};

const ENTRA_TENANT = "4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f";
const B2C_TENANT = "775527ff-9a37-4307-8b3d-cc311f58d925";
const PING_ENVIRONMENT = "5caa81af-ec05-41ff-a709-c7378007a99c";

export const rows: Row[] = [
  {
    id: "workos",
    factory: WorkOS,
    mapping: workosProfile,
    options: { connection: "conn_01E4ZCR3C56J083X43JQXF3JK5" } as Row["options"],
    auth: "post",
    authorize: "https://api.workos.com/sso/authorize",
    scope: null,
    params: { connection: "conn_01E4ZCR3C56J083X43JQXF3JK5" },
    token: "https://api.workos.com/sso/token",
    tokenExtra: { profile: WORKOS_PROFILE },
    payload: WORKOS_PROFILE,
    user: {
      id: "prof_01DMC79VCBZ0NY2099737PSVF1",
      name: "Todd Rundgren",
      email: "todd@example.com",
      image: "https://lh3.googleusercontent.com/a/todd.jpg",
    },
  },
  oidcRow({
    id: "fusionauth",
    factory: FusionAuth,
    mapping: fusionauthProfile,
    issuer: "https://login.piedpiper.com",
    options: {
      issuer: "https://login.piedpiper.com",
      tenantId: "d7d09513-a3f5-401c-9685-34ab6c552453",
    } as Row["options"],
    wellKnown: "https://login.piedpiper.com/.well-known/openid-configuration/d7d09513-a3f5-401c-9685-34ab6c552453",
    scope: "openid offline_access email profile",
    params: { tenantId: "d7d09513-a3f5-401c-9685-34ab6c552453" },
    claims: {
      sub: "2a44e8bb-a7ed-4a4f-9cba-2d4bc5a1c3c1",
      jti: "c2d1f7a5-6b7e-4f57-9c2a-1f3b2e0d4a11",
      authenticationType: "PASSWORD",
      email: "richard@piedpiper.com",
      email_verified: true,
      given_name: "Richard",
      family_name: "Hendricks",
      sid: "0a1b2c3d-4e5f-6789-abcd-ef0123456789",
    },
    user: { id: "2a44e8bb-a7ed-4a4f-9cba-2d4bc5a1c3c1", name: "Richard Hendricks", email: "richard@piedpiper.com" },
  }),
  oidcRow({
    id: "kinde",
    factory: Kinde,
    mapping: kindeProfile,
    issuer: "https://myapp.kinde.com",
    claims: {
      sub: "kp_c3143a4b50ad43c88e541d9077681782",
      given_name: "Jane",
      family_name: "Smith",
      email: "jane@example.com",
      picture: "https://gravatar.com/avatar/c3143a4b.png",
      org_codes: ["org_123456789"],
      updated_at: 1700000000,
    },
    user: {
      id: "kp_c3143a4b50ad43c88e541d9077681782",
      name: "Jane Smith",
      email: "jane@example.com",
      image: "https://gravatar.com/avatar/c3143a4b.png",
    },
  }),
  oidcRow({
    id: "descope",
    factory: Descope,
    mapping: descopeProfile,
    // No issuer given: Descope's is derived from the client id (the project id), `client-descope` here.
    issuer: "https://api.descope.com/client-descope",
    options: {},
    claims: {
      sub: "U2abcDEFghiJKLmnoPQRstu",
      name: "Dana Scully",
      email: "dana@example.com",
      email_verified: true,
      phone_number: "+15555550123",
      picture: "https://static.descope.com/avatar/dana.png",
    },
    user: {
      id: "U2abcDEFghiJKLmnoPQRstu",
      name: "Dana Scully",
      email: "dana@example.com",
      image: "https://static.descope.com/avatar/dana.png",
    },
  }),
  oidcRow({
    id: "onelogin",
    factory: OneLogin,
    mapping: oneloginProfile,
    // Given as Auth.js took it, the bare account URL; the issuer OneLogin names is under `/oidc/2`.
    options: { issuer: "https://acme.onelogin.com" },
    issuer: "https://acme.onelogin.com/oidc/2",
    claims: {
      sub: "42130345",
      email: "kelly@acme.com",
      preferred_username: "kelly",
      name: "Kelly Doe",
      given_name: "Kelly",
      family_name: "Doe",
      updated_at: 1700000000,
      groups: ["Sales"],
    },
    user: { id: "42130345", name: "Kelly Doe", email: "kelly@acme.com" },
  }),
  oidcRow({
    id: "ping-id",
    factory: PingId,
    mapping: pingIdProfile,
    options: { environmentId: PING_ENVIRONMENT, region: "eu" } as Row["options"],
    issuer: `https://auth.pingone.eu/${PING_ENVIRONMENT}/as`,
    claims: {
      sub: "8e8a3f2c-6a1b-4f3e-9d2c-7b6a5e4d3c2b",
      env: PING_ENVIRONMENT,
      org: "0d2f6b8e-1c3a-4e5f-8a7b-9c0d1e2f3a4b",
      preferred_username: "joe.smith",
      given_name: "Joe",
      family_name: "Smith",
      email: "joe@example.com",
    },
    user: { id: "8e8a3f2c-6a1b-4f3e-9d2c-7b6a5e4d3c2b", name: "joe.smith", email: "joe@example.com" },
  }),
  oidcRow({
    id: "logto",
    factory: Logto,
    mapping: logtoProfile,
    issuer: "https://abc123.logto.app/oidc",
    scope: "openid offline_access profile email",
    claims: {
      sub: "b4mw5j0wtqe1",
      username: "john_doe",
      name: null,
      picture: null,
      email: "john@example.com",
      email_verified: true,
      updated_at: 1700000000000,
      created_at: 1690000000000,
    },
    user: { id: "b4mw5j0wtqe1", name: "john_doe", email: "john@example.com" },
  }),
  oidcRow({
    id: "duende-identity-server6",
    factory: DuendeIdentityServer6,
    mapping: duendeIdentityServer6Profile,
    issuer: "https://demo.duendesoftware.com",
    claims: {
      sub: "2",
      name: "Bob Smith",
      given_name: "Bob",
      family_name: "Smith",
      email: "bobsmith@email.com",
      email_verified: true,
      website: "http://bob.com",
      idp: "local",
      amr: ["pwd"],
      auth_time: 1700000000,
    },
    user: { id: "2", name: "Bob Smith", email: "bobsmith@email.com" },
  }),
  oidcRow({
    id: "identity-server4",
    factory: IdentityServer4,
    mapping: identityServer4Profile,
    issuer: "https://identity.contoso.com",
    claims: {
      sub: "88421113",
      name: "Alice Smith",
      given_name: "Alice",
      family_name: "Smith",
      email: "alicesmith@email.com",
      email_verified: true,
      idp: "local",
      amr: ["pwd"],
    },
    user: { id: "88421113", name: "Alice Smith", email: "alicesmith@email.com" },
  }),
  oidcRow({
    id: "hydra",
    factory: Hydra,
    mapping: hydraProfile,
    issuer: "https://upbeat-lamarr-abc123.projects.oryapis.com",
    claims: { sub: "foo@bar.com", email: "foo@bar.com", email_verified: true, name: "Foo Bar" },
    user: { id: "foo@bar.com", name: "Foo Bar", email: "foo@bar.com" },
  }),
  oidcRow({
    id: "asgardeo",
    factory: Asgardeo,
    mapping: asgardeoProfile,
    options: { organization: "acme" } as Row["options"],
    issuer: "https://api.asgardeo.io/t/acme/oauth2/token",
    claims: {
      sub: "1c7c3bf7-7b0c-4b4f-8f0e-4a3e0f9d2b1a",
      username: "alex@acme.com",
      given_name: "Alex",
      family_name: "Doe",
      email: "alex@acme.com",
      org_id: "10084a8d-113f-4211-a0d5-efe36b082211",
      org_name: "acme",
    },
    user: { id: "1c7c3bf7-7b0c-4b4f-8f0e-4a3e0f9d2b1a", name: "alex@acme.com", email: "alex@acme.com" },
  }),
  oidcRow({
    id: "frontegg",
    factory: Frontegg,
    mapping: fronteggProfile,
    issuer: "https://app-x4gr8g28fxr5.frontegg.com",
    wellKnown: "https://app-x4gr8g28fxr5.frontegg.com/oauth/.well-known/openid-configuration",
    claims: {
      sub: "9a4d0c5e-3c1b-4a8e-8f2d-6b7e5a4c3d2e",
      name: "Frontegg User",
      email: "user@example.com",
      email_verified: true,
      profilePictureUrl: "https://www.gravatar.com/avatar/frontegg.png",
      tenantId: "f7f2a1b0-3c4d-5e6f-7a8b-9c0d1e2f3a4b",
      roles: ["Admin"],
    },
    user: {
      id: "9a4d0c5e-3c1b-4a8e-8f2d-6b7e5a4c3d2e",
      name: "Frontegg User",
      email: "user@example.com",
      image: "https://www.gravatar.com/avatar/frontegg.png",
    },
  }),
  oidcRow({
    id: "beyondidentity",
    factory: BeyondIdentity,
    mapping: beyondIdentityProfile,
    issuer:
      "https://auth-us.beyondidentity.com/v1/tenants/000176d94fd7b4d1/realms/8b2e3f45d9a7c1e0/applications/3f1d2a3b-4c5d-6e7f-8a9b-0c1d2e3f4a5b",
    claims: {
      sub: "0e2b7d9f3a1c4e58",
      name: "Pat Lee",
      preferred_username: "pat",
      email: "pat@example.com",
    },
    user: { id: "0e2b7d9f3a1c4e58", name: "Pat Lee", email: "pat@example.com" },
  }),
  oidcRow({
    id: "united-effects",
    factory: UnitedEffects,
    mapping: unitedEffectsProfile,
    issuer: "https://auth.unitedeffects.com/0e6ca1f2-5d3b-4c8a-9e7f-1a2b3c4d5e6f",
    params: { resource: "https://auth.unitedeffects.com/0e6ca1f2-5d3b-4c8a-9e7f-1a2b3c4d5e6f" },
    claims: { sub: "4b5c6d7e-8f90-4a1b-2c3d-4e5f6a7b8c9d", email: "member@example.com" },
    user: { id: "4b5c6d7e-8f90-4a1b-2c3d-4e5f6a7b8c9d", name: null, email: "member@example.com" },
  }),
  oidcRow({
    id: "azure-ad-b2c",
    factory: AzureADB2C,
    mapping: azureAdB2cProfile,
    options: { tenantName: "contoso", tenantId: B2C_TENANT, userFlow: "B2C_1_signupsignin" } as Row["options"],
    issuer: `https://contoso.b2clogin.com/${B2C_TENANT}/v2.0/`,
    wellKnown: `https://contoso.b2clogin.com/${B2C_TENANT}/B2C_1_signupsignin/v2.0/.well-known/openid-configuration`,
    scope: "openid offline_access",
    claims: {
      sub: "54a9b2c1-7e8d-4f6a-9b0c-1d2e3f4a5b6c",
      oid: "54a9b2c1-7e8d-4f6a-9b0c-1d2e3f4a5b6c",
      tfp: "B2C_1_signupsignin",
      given_name: "Jordan",
      family_name: "Lee",
      emails: ["jordan@example.com"],
      idp: "google.com",
    },
    user: { id: "54a9b2c1-7e8d-4f6a-9b0c-1d2e3f4a5b6c", name: "Jordan Lee", email: "jordan@example.com" },
  }),
  oidcRow({
    id: "azure-ad",
    factory: AzureAD,
    mapping: azureAdProfile,
    options: { tenantId: ENTRA_TENANT },
    issuer: `https://login.microsoftonline.com/${ENTRA_TENANT}/v2.0`,
    claims: {
      sub: "AAAAAAAAAAAAAAAAAAAAAPxXvEvq8uMRQfE6NPaY4oU",
      oid: "00000000-0000-0000-9e6c-5b4a3c2d1e0f",
      tid: ENTRA_TENANT,
      name: "Megan Bowen",
      preferred_username: "meganb@contoso.com",
    },
    user: { id: "AAAAAAAAAAAAAAAAAAAAAPxXvEvq8uMRQfE6NPaY4oU", name: "Megan Bowen", email: "meganb@contoso.com" },
  }),
];

/**
 * An OIDC row: discovery at the issuer (or `wellKnown`), the stand-in's endpoints under the issuer, client
 * authentication in the Basic header, `openid profile email` unless the provider asks for more. The app
 * gives the issuer unless `options` says otherwise; a user's `image` defaults to null.
 */
function oidcRow(row: {
  id: string;
  factory: Row["factory"];
  mapping: Row["mapping"];
  issuer: string;
  options?: Row["options"];
  wellKnown?: string;
  scope?: string;
  params?: Record<string, string>;
  claims: Record<string, unknown>;
  user: Omit<Row["user"], "image"> & { image?: string | null };
}): Row {
  const base = row.issuer.replace(/\/$/, "");
  return {
    id: row.id,
    factory: row.factory,
    mapping: row.mapping,
    options: row.options ?? { issuer: row.issuer },
    auth: "basic",
    authorize: `${base}/authorize`,
    scope: row.scope ?? "openid profile email",
    ...(row.params ? { params: row.params } : {}),
    token: `${base}/token`,
    issuer: row.issuer,
    ...(row.wellKnown ? { wellKnown: row.wellKnown } : {}),
    payload: oidcClaims(row.claims),
    user: { image: null, ...row.user },
  };
}
