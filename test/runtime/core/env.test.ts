import { describe, expect, it } from "vitest";
import { createActionURL, isAuthAction, setEnvDefaults } from "../../../src/runtime/index.js";
import credentials from "../../../src/runtime/providers/credentials.js";
import oidc from "../../../src/runtime/providers/oidc.js";
import type { AuthConfig, OAuthConfig } from "../../../src/runtime/types.js";

function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return { providers: [], ...overrides };
}

describe("setEnvDefaults", () => {
  it("takes AUTH_SECRET, falling back to NEXTAUTH_SECRET", () => {
    const a = config();
    setEnvDefaults({ AUTH_SECRET: "s1", NEXTAUTH_SECRET: "legacy" }, a);
    expect(a.secret).toEqual(["s1"]);
    const b = config();
    setEnvDefaults({ NEXTAUTH_SECRET: "legacy" }, b);
    expect(b.secret).toEqual(["legacy"]);
  });

  it("puts the highest-numbered AUTH_SECRET_n first, so it encrypts", () => {
    const c = config();
    setEnvDefaults({ AUTH_SECRET: "base", AUTH_SECRET_1: "one", AUTH_SECRET_3: "three", AUTH_SECRET_2: "two" }, c);
    expect(c.secret).toEqual(["three", "two", "one", "base"]);
  });

  it("keeps an explicit secret", () => {
    const c = config({ secret: "explicit" });
    setEnvDefaults({ AUTH_SECRET: "env" }, c);
    expect(c.secret).toBe("explicit");
  });

  it("takes the base path from AUTH_URL (or NEXTAUTH_URL) when the config has none", () => {
    const c = config();
    setEnvDefaults({ NEXTAUTH_URL: "https://example.test/api/auth" }, c);
    expect(c.basePath).toBe("/api/auth");
    const root = config();
    setEnvDefaults({ AUTH_URL: "https://example.test" }, root);
    expect(root.basePath).toBe("/auth");
  });

  it("keeps an explicit base path and warns unless suppressed", () => {
    const warnings: string[] = [];
    const logger = { warn: (code: string) => void warnings.push(code) };
    const c = config({ basePath: "/custom", logger });
    setEnvDefaults({ AUTH_URL: "https://example.test/api/auth" }, c);
    expect(c.basePath).toBe("/custom");
    expect(warnings).toEqual(["env-url-basepath-redundant"]);
    setEnvDefaults({ AUTH_URL: "https://example.test/api/auth" }, config({ basePath: "/custom", logger }), true);
    expect(warnings).toHaveLength(1);
  });

  it("trusts the host when AUTH_TRUST_HOST, AUTH_URL or a known platform says so, or outside production", () => {
    const trust = (env: Record<string, string>) => {
      const c = config();
      setEnvDefaults(env, c);
      return c.trustHost;
    };
    // Unset, not false: core/assert.ts then trusts a request naming only this machine (a local preview).
    expect(trust({ NODE_ENV: "production" })).toBeUndefined();
    expect(trust({ NODE_ENV: "production", AUTH_TRUST_HOST: "false" })).toBe(false);
    expect(trust({ NODE_ENV: "production", AUTH_TRUST_HOST: "true" })).toBe(true);
    expect(trust({ NODE_ENV: "production", AUTH_URL: "https://example.test" })).toBe(true);
    expect(trust({ NODE_ENV: "production", VERCEL: "1" })).toBe(true);
    expect(trust({ NODE_ENV: "production", CF_PAGES: "1" })).toBe(true);
    expect(trust({ NODE_ENV: "development" })).toBe(true);
    expect(trust({ NODE_ENV: "development", AUTH_TRUST_HOST: "false" })).toBe(false);
  });

  it("sets the redirect proxy from AUTH_REDIRECT_PROXY_URL", () => {
    const c = config();
    setEnvDefaults({ AUTH_REDIRECT_PROXY_URL: "https://proxy.example.test/api/auth" }, c);
    expect(c.redirectProxyUrl).toBe("https://proxy.example.test/api/auth");
  });

  it("fills AUTH_<ID>_ID/_SECRET/_ISSUER into providers given as factories, upper-snake-casing the id", () => {
    const acme = (options?: Partial<OAuthConfig>) => oidc({ id: "acme-sso", name: "Acme", ...options });
    const c = config({ providers: [acme as AuthConfig["providers"][number], credentials] });
    setEnvDefaults(
      { AUTH_ACME_SSO_ID: "cid", AUTH_ACME_SSO_SECRET: "csecret", AUTH_ACME_SSO_ISSUER: "https://sso.example.test" },
      c,
    );
    expect(c.providers[0]).toMatchObject({
      id: "acme-sso",
      clientId: "cid",
      clientSecret: "csecret",
      issuer: "https://sso.example.test",
    });
    expect(c.providers[1]).toMatchObject({ id: "credentials", type: "credentials" });
  });

  it("lets explicit provider options win over the environment", () => {
    const c = config({ providers: [oidc({ clientId: "explicit", issuer: "https://explicit.test" })] });
    setEnvDefaults({ AUTH_OIDC_ID: "env", AUTH_OIDC_SECRET: "env-secret", AUTH_OIDC_ISSUER: "https://env.test" }, c);
    expect(c.providers[0]).toMatchObject({
      clientId: "explicit",
      clientSecret: "env-secret",
      issuer: "https://explicit.test",
    });
  });
});

describe("createActionURL", () => {
  it("uses AUTH_URL's origin with the base path", () => {
    const url = createActionURL(
      "session",
      "http",
      new Headers({ host: "internal:3000" }),
      { AUTH_URL: "https://example.test/api/auth" },
      { basePath: "/api/auth" },
    );
    expect(url.href).toBe("https://example.test/api/auth/session");
  });

  it("falls back to X-Forwarded-Host/-Proto, then Host and the given protocol", () => {
    const forwarded = new Headers({
      host: "internal:3000",
      "x-forwarded-host": "app.test",
      "x-forwarded-proto": "https",
    });
    expect(createActionURL("signin", "http", forwarded, {}, { basePath: "/auth" }).href).toBe(
      "https://app.test/auth/signin",
    );
    expect(
      createActionURL("signin", "http:", new Headers({ host: "localhost:3000" }), {}, { basePath: "/auth/" }).href,
    ).toBe("http://localhost:3000/auth/signin");
  });
});

describe("isAuthAction", () => {
  it("recognises exactly the nine actions", () => {
    for (const action of [
      "providers",
      "session",
      "csrf",
      "signin",
      "signout",
      "callback",
      "verify-request",
      "error",
      "webauthn-options",
    ]) {
      expect(isAuthAction(action)).toBe(true);
    }
    expect(isAuthAction("signIn")).toBe(false);
    expect(isAuthAction("admin")).toBe(false);
  });
});
