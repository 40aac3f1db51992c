/**
 * Every catalog provider, table-driven: its profile mapping on a payload shaped as the provider documents
 * it, and its full sign-in (authorization URL → authorize → token → ID token or profile API → user and
 * account) against one loopback stand-in playing the provider's real endpoint URLs. The rows live in
 * catalog/rows-*.ts; a provider module without a row fails the first test.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuthorizationUrl } from "../../../src/runtime/core/oauth/authorization-url.js";
import { handleOAuth } from "../../../src/runtime/core/oauth/callback.js";
import { type RefreshableToken, refreshAccessToken } from "../../../src/runtime/refresh.js";
import { customFetch, type OAuthConfig } from "../../../src/runtime/types.js";
import { callbackRequest, internalOptions, oauthProvider } from "../oauth/internal-options.js";
import type { Row } from "./catalog/row.js";
import { rows as firstRows } from "./catalog/rows-first.js";
import { rows as longtailCRows } from "./catalog/rows-longtail-c.js";
import { rows as longtailDRows } from "./catalog/rows-longtail-d.js";
import { rows as longtailERows } from "./catalog/rows-longtail-e.js";
import { rows as longtailFRows } from "./catalog/rows-longtail-f.js";
import { rows as socialRows } from "./catalog/rows-social.js";
import { rows as workforceRows } from "./catalog/rows-workforce.js";
import { type StandIn, startStandIn } from "./stand-in.js";

const rows: Row[] = [
  ...firstRows,
  ...socialRows,
  ...workforceRows,
  ...longtailCRows,
  ...longtailDRows,
  ...longtailERows,
  ...longtailFRows,
];

/** Provider modules that are not OAuth/OIDC sign-ins against a provider's endpoints: tested on their own. */
const NOT_OAUTH = new Set(["credentials", "email", "nodemailer", "oauth", "oidc", "passkey", "password"]);

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
      wellKnown: row.wellKnown,
      claims: row.issuer ? row.payload : undefined,
      resources: { ...(row.userinfo ? { [row.userinfo]: row.payload } : {}), ...row.resources },
      tokenExtra: row.tokenExtra,
      ...row.standIn,
    });
  }
});

afterAll(async () => {
  await standIn?.close();
});

describe("provider catalog", () => {
  it("has a row for every OAuth/OIDC provider module, each with its own id", async () => {
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    const providersDir = path.resolve(import.meta.dirname, "../../../src/runtime/providers");
    const ids = fs
      .readdirSync(providersDir)
      .filter((file) => file.endsWith(".ts"))
      .map((file) => file.slice(0, -".ts".length))
      .filter((id) => !NOT_OAUTH.has(id));
    const oauth: string[] = [];
    for (const id of ids) if (!(await isEmailSender(providersDir, id))) oauth.push(id);
    expect(oauth.filter((id) => !rows.some((row) => row.id === id))).toEqual([]);
    expect(rows.length).toBeGreaterThanOrEqual(29);
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
    for (const [name, value] of Object.entries(row.params ?? {})) {
      expect(authorizationUrl.searchParams.get(name)).toBe(value);
    }
    expect(authorizationUrl.searchParams.get("redirect_uri")).toBe(`${appOrigin}/auth/callback/${row.id}`);
    expect(authorizationUrl.searchParams.get("response_mode")).toBe(row.formPost ? "form_post" : null);

    expect(result.user).toEqual(row.user);
    expect(result.account).toMatchObject({ provider: row.id, type: provider.type, providerAccountId: row.user.id });
    expect(result.account.token_type).toBe("bearer");
    if (row.expires === false) expect(result.account.expires_at).toBeUndefined();
    else expect(result.account.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    const calls = standIn.requests.slice(from);
    const tokenCall = calls.find((call) => call.url === row.token);
    expect(tokenCall?.clientAuth).toBe(row.auth);
    expect(tokenCall?.tokenBody).toBe(row.tokenBody ?? "form");
    if (row.userinfo) expect(calls.map((call) => call.url)).toContain(row.userinfo);
    // Discovery is cached per process, so it may have happened in an earlier test of the same issuer.
    if (row.wellKnown) expect(standIn.requests.map((call) => call.url)).toContain(row.wellKnown);
  });

  it.each(rows.filter((row) => row.standIn?.tokenEchoes))(
    "$id: the code exchange carries back the callback parameters the provider requires, and no others",
    async (row) => {
      const from = standIn.requests.length;
      await signInThroughStandIn(row, providerOf(row));
      const tokenCall = standIn.requests.slice(from).find((call) => call.url === row.token);
      const echoes = row.standIn?.tokenEchoes ?? [];
      const others = Object.keys(row.standIn?.authorizationExtra ?? {}).filter((name) => !echoes.includes(name));
      expect(tokenCall?.tokenParameters).toEqual(expect.arrayContaining(echoes));
      for (const name of others) expect(tokenCall?.tokenParameters).not.toContain(name);
    },
  );

  it.each(rows.filter((row) => row.tokenBody === "json" && row.expires !== false))(
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

/**
 * An email provider module (its factory makes `type: "email"`): its sending is tested on its own
 * (test/runtime/email/http-senders.test.ts). A factory that needs options it was not given is not one.
 */
async function isEmailSender(providersDir: string, id: string): Promise<boolean> {
  const factory = (await import(path.join(providersDir, `${id}.ts`))).default as (options: object) => { type?: string };
  try {
    return factory({}).type === "email";
  } catch {
    return false;
  }
}
