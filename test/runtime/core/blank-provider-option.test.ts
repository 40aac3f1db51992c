/**
 * A self-hosted provider whose address is left blank (issue 27, loose end c): the generated config passes it from
 * the env (`Nextcloud({ baseUrl: process.env.AUTH_NEXTCLOUD_URL })`), and `init` writes that key blank. Such a
 * provider is one rule with a blank client id or issuer (blank-provider-env.test.ts): reported once naming the
 * key, its sign-in answers the configuration page naming it, and every other route keeps working, instead of the
 * whole config failing with "needs an issuer … or both authorization and token URLs". The same for each factory
 * that makes its endpoints from such an option; the key each names is the one the CLI writes. Everything goes
 * through `Auth(request, config)`, as an integration calls it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PROVIDERS } from "../../../src/cli/providers/catalog.js";
import { optionLeftUnsetOf } from "../../../src/runtime/core/provider-env.js";
import { Auth, setEnvDefaults } from "../../../src/runtime/index.js";
import BoxyHQSAML from "../../../src/runtime/providers/boxyhq-saml.js";
import credentials from "../../../src/runtime/providers/credentials.js";
import Mattermost from "../../../src/runtime/providers/mattermost.js";
import NetSuite from "../../../src/runtime/providers/netsuite.js";
import Nextcloud from "../../../src/runtime/providers/nextcloud.js";
import Osso from "../../../src/runtime/providers/osso.js";
import type { AuthConfig, OAuthConfig } from "../../../src/runtime/types.js";
import { CookieJar, captureLogger, csrfToken, get, ORIGIN, postForm, SECRET } from "./support.js";

/** Each factory as the generated config calls it, with its env key left blank (undefined once read). */
const BLANK = [
  ["nextcloud", "AUTH_NEXTCLOUD_URL", () => Nextcloud({ baseUrl: undefined })],
  ["mattermost", "AUTH_MATTERMOST_URL", () => Mattermost({ baseUrl: undefined })],
  ["osso", "AUTH_OSSO_URL", () => Osso({ baseUrl: undefined })],
  ["boxyhq-saml", "AUTH_BOXYHQ_SAML_URL", () => BoxyHQSAML({ baseUrl: undefined })],
  ["netsuite", "AUTH_NETSUITE_ACCOUNT_ID", () => NetSuite({ accountId: undefined })],
] as const;

/** The client registration is filled in; only the address (or account id) is blank. */
function freshConfig(provider: OAuthConfig, logger: AuthConfig["logger"] = captureLogger().logger): AuthConfig {
  const id = provider.id.toUpperCase().replace(/-/g, "_");
  const config: AuthConfig = {
    basePath: "/auth",
    trustHost: true,
    logger,
    providers: [provider, credentials({ authorize: async () => null })],
  };
  setEnvDefaults(
    { NODE_ENV: "development", AUTH_SECRET: SECRET, [`AUTH_${id}_ID`]: "client", [`AUTH_${id}_SECRET`]: "secret" },
    config,
  );
  return config;
}

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(BLANK)("%s with its %s blank", (id, key, make) => {
  it("leaves the sign-in page and the other routes working", async () => {
    const config = freshConfig(make());
    for (const path of ["/auth/signin", "/auth/session", "/auth/csrf", "/auth/providers"]) {
      expect((await Auth(get(path), config)).status, path).toBe(200);
    }
  });

  it(`is reported once (provider-missing-option) naming ${key}`, async () => {
    const warnings: unknown[][] = [];
    const config = freshConfig(make(), {
      ...captureLogger().logger,
      warn: (...args: unknown[]) => void warnings.push(args),
    });
    for (const path of ["/auth/session", "/auth/signin", "/auth/signin"]) await Auth(get(path), config);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]![0]).toBe("provider-missing-option");
    expect(String(warnings[0]![1])).toMatch(new RegExp(`^The .+ provider \\("${id}"\\) has no .+: set ${key} in the`));
  });

  it(`clicking it lands on the configuration page naming ${key}`, async () => {
    const config = freshConfig(make());
    const jar = new CookieJar();
    const csrf = await csrfToken(config, jar);
    const click = await Auth(postForm(`/auth/signin/${id}`, { csrfToken: csrf, callbackUrl: "/" }, jar), config);
    const location = new URL(click.headers.get("location")!);
    expect(`${location.origin}${location.pathname}${location.search}`).toBe(
      `${ORIGIN}/auth/error?error=Configuration&provider=${id}`,
    );
    const page = await (await Auth(get(`${location.pathname}${location.search}`), config)).text();
    expect(page).toContain(`is not set up yet: set ${key} in the server`);
  });

  it("names the same key the CLI writes for it", () => {
    const entry = PROVIDERS.find((provider) => provider.id === id);
    expect(optionLeftUnsetOf(make())?.envKey).toBe(key);
    expect(entry?.optionsFromEnv?.map((option) => option.key)).toEqual([key]);
  });
});

describe("the control", () => {
  it("a factory given its address has no option left unset, and signs in as before", () => {
    expect(optionLeftUnsetOf(Nextcloud({ baseUrl: "https://cloud.example.com" }))).toBeUndefined();
    expect(optionLeftUnsetOf(NetSuite({ accountId: "1234567" }))).toBeUndefined();
  });

  it("endpoints given in place of the address are used: nothing is missing", async () => {
    const provider = Nextcloud({
      authorization: "https://cloud.example.com/index.php/apps/oauth2/authorize",
      token: "https://cloud.example.com/index.php/apps/oauth2/api/v1/token",
    });
    const warnings: unknown[][] = [];
    const config = freshConfig(provider, {
      ...captureLogger().logger,
      warn: (...args: unknown[]) => void warnings.push(args),
    });
    await Auth(get("/auth/signin"), config);
    expect(warnings).toEqual([]);
  });
});
