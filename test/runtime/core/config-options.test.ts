/**
 * AuthConfig options not covered by the per-action suites: host trust and forwarded headers, the secret's
 * error message, options carried into the resolved options (`session.generateSessionToken`,
 * `experimental`), `debug` and the logger levels, and — the reference's most complained-about trap — that
 * no integration demands the secret while a framework builds (module load, no request yet).
 */
// Before anything loads Next: its request-scope storage takes AsyncLocalStorage from this when first loaded,
// and the unit project shares modules between files (isolate: false), so next.test.ts depends on it too.
import "next/dist/server/node-environment-baseline.js";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import { NextRequest } from "next/server.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveConfig, resolveOptions } from "../../../src/runtime/core/config.js";
import { parseRequest } from "../../../src/runtime/core/request.js";
import { ExpressAuth } from "../../../src/runtime/express.js";
import { Auth, setEnvDefaults } from "../../../src/runtime/index.js";
import NextAuth from "../../../src/runtime/next.js";
import { setEnvDefaults as qwikSetEnvDefaults } from "../../../src/runtime/qwik/env.js";
import { SolidAuth } from "../../../src/runtime/solid-start.js";
import { createSvelteKitAuth } from "../../../src/runtime/sveltekit/auth.js";
import type { AuthConfig } from "../../../src/runtime/types.js";
import { appResolver, requestEvent } from "../sveltekit/event.js";
import { baseConfig, captureLogger, get, ORIGIN } from "./support.js";

const CONFIGURATION_MESSAGE =
  "There was a problem with the server configuration. Check the server logs for more information.";

describe("trustHost and forwarded headers", () => {
  const forwarded = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };

  it("honours X-Forwarded-Host/-Proto when the host is trusted", async () => {
    const response = await Auth(get("/auth/providers", undefined, forwarded), baseConfig({ trustHost: true }));
    const body = (await response.json()) as Record<string, { callbackUrl: string }>;
    expect(body.credentials!.callbackUrl).toBe("https://evil.example/auth/callback/credentials");
  });

  it("ignores them when the host is not trusted, and the error names AUTH_TRUST_HOST and trustHost", async () => {
    const config = baseConfig({ trustHost: false });
    const internal = await parseRequest(get("/auth/providers", undefined, forwarded), resolveConfig(config).rules);
    expect(internal.url.origin).toBe(ORIGIN);
    const { logger, errors } = captureLogger();
    const response = await Auth(get("/auth/providers", undefined, forwarded), { ...config, logger });
    expect(response.status).toBe(500);
    expect(errors[0]).toMatchObject({ type: "UntrustedHost" });
    expect(errors[0]!.message).toContain(`${ORIGIN}/auth/providers`);
    expect(errors[0]!.message).not.toContain("evil.example");
    expect(errors[0]!.message).toMatch(/AUTH_TRUST_HOST=true.*`trustHost: true`/);
  });

  it("does not trust the host in production unless told to (unset: only a loopback request is trusted)", () => {
    const config: AuthConfig = { providers: [] };
    setEnvDefaults({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(32) }, config);
    expect(config.trustHost).toBeUndefined();
  });
});

describe("MissingSecret", () => {
  it("says how to create a secret, and that `npx auth` is another project's CLI", async () => {
    const { logger, errors } = captureLogger();
    await Auth(get("/auth/session"), baseConfig({ secret: [], logger }));
    expect(errors[0]).toMatchObject({ type: "MissingSecret" });
    expect(errors[0]!.message).toContain("AUTH_SECRET");
    expect(errors[0]!.message).toContain("npx create-auth secret");
    expect(errors[0]!.message).toMatch(/`npx auth secret` runs another project's CLI/);
  });
});

describe("options carried into the resolved options", () => {
  async function resolved(config: AuthConfig) {
    const once = resolveConfig(config);
    return resolveOptions(once, await parseRequest(get("/auth/session"), once.rules));
  }

  it("keeps session.generateSessionToken (used by database sessions) and defaults it to 256 random bits as hex", async () => {
    const generateSessionToken = () => "token-from-the-app";
    const custom = await resolved(baseConfig({ session: { generateSessionToken } }));
    expect(custom.session.generateSessionToken).toBe(generateSessionToken);
    const fallback = (await resolved(baseConfig())).session.generateSessionToken;
    expect(fallback()).toMatch(/^[0-9a-f]{64}$/);
    expect(fallback()).not.toBe(fallback());
  });

  it("keeps experimental flags, defaulting to none", async () => {
    expect((await resolved(baseConfig())).experimental).toEqual({});
    const on = await resolved(baseConfig({ experimental: { enableWebAuthn: true } }));
    expect(on.experimental).toEqual({ enableWebAuthn: true });
  });

  it("refuses a WebAuthn provider unless experimental.enableWebAuthn is set", async () => {
    const { logger, errors } = captureLogger();
    const providers = [{ id: "passkey", name: "Passkey", type: "webauthn" } as never];
    await Auth(get("/auth/providers"), baseConfig({ logger, providers }));
    expect(errors[0]).toMatchObject({ type: "ExperimentalFeatureNotEnabled" });
  });
});

describe("debug and logger levels", () => {
  function recordingLogger() {
    const calls: Array<[string, string]> = [];
    return {
      calls,
      logger: {
        error: (error: Error) => calls.push(["error", error.name]),
        warn: (code: string) => calls.push(["warn", code]),
        debug: (code: string) => calls.push(["debug", code]),
      },
    };
  }

  it("logs each request at debug level only with debug: true, and warns once that debug is on", async () => {
    const on = recordingLogger();
    const config = baseConfig({ debug: true, logger: on.logger });
    await Auth(get("/auth/session"), config);
    await Auth(get("/auth/providers"), config);
    expect(on.calls.filter(([level]) => level === "debug")).toEqual([
      ["debug", "request"],
      ["debug", "request"],
    ]);
    expect(on.calls.filter(([level]) => level === "warn")).toEqual([["warn", "debug-enabled"]]);

    const off = recordingLogger();
    await Auth(get("/auth/session"), baseConfig({ logger: off.logger }));
    expect(off.calls).toEqual([]);
  });

  it("sends errors to logger.error", async () => {
    const { calls, logger } = recordingLogger();
    await Auth(get("/auth/session"), baseConfig({ secret: [], logger }));
    expect(calls).toEqual([["error", "MissingSecret"]]);
  });
});

/**
 * A framework build imports the auth module (and so runs the integration's factory) with
 * NODE_ENV=production and, typically, no runtime secrets. Nothing may throw then; the first request
 * answers the Configuration error instead.
 */
describe("during a framework build, no secret is demanded", () => {
  const SECRET_VARIABLES = ["AUTH_SECRET", "NEXTAUTH_SECRET", "AUTH_SECRET_1", "AUTH_SECRET_2", "AUTH_SECRET_3"];
  let saved: Record<string, string | undefined>;

  beforeEach(() => {
    saved = Object.fromEntries(["NODE_ENV", ...SECRET_VARIABLES].map((name) => [name, process.env[name]]));
    for (const name of SECRET_VARIABLES) delete process.env[name];
    process.env.NODE_ENV = "production";
  });
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  /** The test config as an app writes it for production: no secret, host trusted, no base path. */
  function noSecret(logger: AuthConfig["logger"]): AuthConfig {
    const { secret: _secret, basePath: _basePath, raw: _raw, ...config } = baseConfig({ logger });
    return config;
  }

  async function expectConfigurationError(response: Response | undefined, errors: Error[]) {
    expect(response?.status).toBe(500);
    expect(await response!.json()).toEqual({ message: CONFIGURATION_MESSAGE });
    expect(errors.map((error) => (error as { type?: string }).type)).toEqual(["MissingSecret"]);
  }

  it("core: setEnvDefaults", async () => {
    const { logger, errors } = captureLogger();
    const config = noSecret(logger);
    expect(() => setEnvDefaults(process.env, config)).not.toThrow();
    await expectConfigurationError(await Auth(get("/auth/session"), config), errors);
  });

  it("Next.js: NextAuth(config)", async () => {
    const { logger, errors } = captureLogger();
    const result = NextAuth(noSecret(logger));
    const response = await result.handlers.GET(new NextRequest(`${ORIGIN}/api/auth/session`));
    await expectConfigurationError(response, errors);
  });

  it("SvelteKit: SvelteKitAuth(config)", async () => {
    const { logger, errors } = captureLogger();
    const auth = createSvelteKitAuth(noSecret(logger), () => ({ ...process.env }));
    const { event } = requestEvent(new Request(`${ORIGIN}/auth/session`));
    const { resolve } = appResolver();
    await expectConfigurationError(await auth.handle({ event, resolve }), errors);
  });

  it("SolidStart: SolidAuth(config)", async () => {
    const { logger, errors } = captureLogger();
    const { GET } = SolidAuth(noSecret(logger));
    await expectConfigurationError(await GET({ request: new Request(`${ORIGIN}/api/auth/session`) }), errors);
  });

  it("Express: ExpressAuth(config)", async () => {
    const { logger, errors } = captureLogger();
    const app = express();
    app.use("/auth", ExpressAuth(noSecret(logger)));
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const { port } = server.address() as AddressInfo;
      await expectConfigurationError(await fetch(`http://127.0.0.1:${port}/auth/session`), errors);
    } finally {
      server.close();
    }
  });

  it("Qwik City: setEnvDefaults(env, config) as QwikAuth$ runs it per request", async () => {
    const { logger, errors } = captureLogger();
    const config = { ...noSecret(logger), basePath: "/auth" };
    expect(() => qwikSetEnvDefaults({ get: (name: string) => process.env[name] }, config)).not.toThrow();
    await expectConfigurationError(await Auth(get("/auth/session"), config), errors);
  });
});
