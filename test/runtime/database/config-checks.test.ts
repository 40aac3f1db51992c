/**
 * Configuration checks for adapters and the database strategy: a deployment that cannot work fails on
 * its first request, whatever the route, naming what is missing, instead of half-way through a sign-in.
 */
import { describe, expect, it } from "vitest";
import memory from "../../../src/runtime/adapters/memory.js";
import { Auth } from "../../../src/runtime/index.js";
import email from "../../../src/runtime/providers/email.js";
import OIDC from "../../../src/runtime/providers/oidc.js";
import type { Adapter, AuthConfig, Provider } from "../../../src/runtime/types.js";
import {
  baseConfig,
  CookieJar,
  captureLogger,
  csrfToken,
  DEMO_USER,
  get,
  ORIGIN,
  postForm,
  setCookies,
} from "../core/support.js";
import { recordingAdapter } from "./support.js";

/** Discovery is never reached: the configuration is checked before any action runs. */
const oidc = OIDC({ id: "corp", name: "Corp", issuer: "https://idp.example.test", clientId: "c", clientSecret: "s" });
const magicLink = email({ sendVerificationRequest: async () => {} });
const passkey = { id: "passkey", name: "Passkey", type: "webauthn" } as unknown as Provider;

async function firstError(overrides: Partial<AuthConfig>) {
  const { logger, errors } = captureLogger();
  const response = await Auth(get("/auth/session"), baseConfig({ logger, ...overrides }));
  return { response, error: errors[0] as (Error & { type?: string }) | undefined };
}

function adapterWithout(...methods: Array<keyof Adapter>): Adapter {
  return recordingAdapter(methods).adapter;
}

describe("the database strategy", () => {
  it("needs an adapter: MissingAdapter", async () => {
    const { response, error } = await firstError({ providers: [oidc], session: { strategy: "database" } });
    expect(response.status).toBe(500);
    expect(error?.type).toBe("MissingAdapter");
  });

  it("serves credentials providers alone once the adapter can find and create users", async () => {
    const { response, error } = await firstError({ adapter: memory(), session: { strategy: "database" } });
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
  });

  it("with credentials, needs getUser, getUserByEmail and createUser: MissingAdapterMethods naming them", async () => {
    const { error } = await firstError({
      adapter: adapterWithout("getUser", "getUserByEmail", "createUser"),
      session: { strategy: "database" },
    });
    expect(error?.type).toBe("MissingAdapterMethods");
    expect(error?.message).toContain("`getUser`, `getUserByEmail`, `createUser`");
  });

  it("with credentials and JWT sessions, asks nothing of the adapter's user methods", async () => {
    const { error } = await firstError({
      adapter: adapterWithout("getUser", "getUserByEmail", "createUser"),
      session: { strategy: "jwt" },
    });
    expect(error).toBeUndefined();
  });

  it("is the default with an adapter, and a complete adapter passes the checks", async () => {
    const { response, error } = await firstError({ adapter: memory(), providers: [oidc] });
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
  });

  it("needs the session methods: MissingAdapterMethods naming the one missing", async () => {
    const { error } = await firstError({ adapter: adapterWithout("getSessionAndUser"), providers: [oidc] });
    expect(error?.type).toBe("MissingAdapterMethods");
    expect(error?.message).toContain("`getSessionAndUser`");
    expect(error?.message).not.toContain("`createSession`");
  });

  it("names every missing method at once", async () => {
    const { error } = await firstError({
      adapter: adapterWithout("updateSession", "deleteSession", "linkAccount"),
      providers: [oidc],
    });
    expect(error?.message).toContain("`updateSession`, `deleteSession`, `linkAccount`");
  });
});

describe("adapter methods per sign-in method", () => {
  it("OAuth/OIDC with an adapter and JWT sessions needs the account methods, not the session ones", async () => {
    const jwt = { strategy: "jwt" as const };
    const withoutSessions = adapterWithout("createSession", "getSessionAndUser", "updateSession", "deleteSession");
    expect((await firstError({ adapter: withoutSessions, providers: [oidc], session: jwt })).error).toBeUndefined();
    const { error } = await firstError({
      adapter: adapterWithout("getUserByAccount"),
      providers: [oidc],
      session: jwt,
    });
    expect(error?.type).toBe("MissingAdapterMethods");
    expect(error?.message).toContain("`getUserByAccount`");
  });

  it("OAuth/OIDC with allowDangerousEmailAccountLinking needs updateUser too (a proof detaches an unproved holder)", async () => {
    const jwt = { strategy: "jwt" as const };
    const adapter = adapterWithout("updateUser");
    expect((await firstError({ adapter, providers: [oidc], session: jwt })).error).toBeUndefined();
    const linking = OIDC({
      id: "corp",
      name: "Corp",
      issuer: "https://idp.example.test",
      clientId: "c",
      clientSecret: "s",
      allowDangerousEmailAccountLinking: true,
    });
    const { error } = await firstError({ adapter, providers: [linking], session: jwt });
    expect(error?.type).toBe("MissingAdapterMethods");
    expect(error?.message).toContain("`updateUser`");
  });

  it("credentials alone with JWT sessions need nothing from the adapter", async () => {
    const { error } = await firstError({ adapter: {}, session: { strategy: "jwt" } });
    expect(error).toBeUndefined();
  });

  it("email needs an adapter at all: MissingAdapter", async () => {
    const { error } = await firstError({ providers: [magicLink] });
    expect(error?.type).toBe("MissingAdapter");
  });

  it("email needs the verification token methods", async () => {
    const { error } = await firstError({
      adapter: adapterWithout("useVerificationToken"),
      providers: [magicLink],
      session: { strategy: "jwt" },
    });
    expect(error?.type).toBe("MissingAdapterMethods");
    expect(error?.message).toContain("`useVerificationToken`");
  });

  it("passkeys need the authenticator methods", async () => {
    const { error } = await firstError({
      adapter: adapterWithout("updateAuthenticatorCounter"),
      providers: [passkey],
      experimental: { enableWebAuthn: true },
      session: { strategy: "jwt" },
    });
    expect(error?.type).toBe("MissingAdapterMethods");
    expect(error?.message).toContain("`updateAuthenticatorCounter`");
  });
});

describe("credentials next to a database strategy", () => {
  it("starts a database session for the credentials sign-in: the cookie holds a token the adapter knows", async () => {
    const { logger, errors } = captureLogger();
    const adapter = memory();
    const config = baseConfig({ logger, adapter, providers: [...baseConfig().providers, oidc] });
    const jar = new CookieJar();
    const csrf = await csrfToken(config, jar);
    const response = await Auth(
      postForm(
        "/auth/callback/credentials",
        { csrfToken: csrf, email: DEMO_USER.email!, password: "correct horse" },
        jar,
      ),
      config,
    );
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(errors).toEqual([]);
    const token = setCookies(response).find((cookie) => cookie.name === "authjs.session-token")?.value;
    expect((await adapter.getSessionAndUser?.(token ?? ""))?.user).toMatchObject({ id: DEMO_USER.id });
  });
});
