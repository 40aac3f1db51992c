import { describe, expect, it } from "vitest";
import memory from "../../../src/runtime/adapters/memory.js";
import { Auth } from "../../../src/runtime/index.js";
import type { Adapter } from "../../../src/runtime/types.js";
import { ORIGIN, postJson } from "../core/support.js";
import { SoftwareAuthenticator } from "./software-authenticator.js";
import {
  authenticate,
  CookieJar,
  fetchOptions,
  passkeyConfig,
  postCallback,
  register,
  sessionOf,
  startPasskeyLink,
} from "./support.js";

describe("passkey registration and sign-in", () => {
  it("registers a new user with a passkey and signs them in", async () => {
    const { config, adapter } = passkeyConfig();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const { response, jar } = await register(config, authenticator, "grace@example.test");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect((await sessionOf(config, jar))?.user?.email).toBe("grace@example.test");

    const user = await adapter.getUserByEmail!("grace@example.test");
    const account = await adapter.getAccount!(authenticator.storedId, "passkey");
    expect(account).toMatchObject({ userId: user!.id, type: "webauthn", providerAccountId: authenticator.storedId });
    expect(await adapter.getAuthenticator!(authenticator.storedId)).toMatchObject({
      userId: user!.id,
      providerAccountId: authenticator.storedId,
      counter: 0,
      transports: "internal",
      credentialBackedUp: false,
    });
  });

  it("signs the same user in again with the registered passkey and stores the new counter", async () => {
    const { config, adapter } = passkeyConfig();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await register(config, authenticator, "grace@example.test");
    const { response, jar } = await authenticate(config, authenticator);
    expect(response.status).toBe(302);
    const session = await sessionOf(config, jar);
    expect(session?.user?.email).toBe("grace@example.test");
    expect((await adapter.getAuthenticator!(authenticator.storedId))?.counter).toBe(1);
  });

  it("lets a signed-in user who starts a link add a second passkey to their own user", async () => {
    const { config, adapter } = passkeyConfig();
    const first = new SoftwareAuthenticator(ORIGIN);
    const { jar } = await register(config, first, "grace@example.test");
    await startPasskeyLink(config, jar);
    const second = new SoftwareAuthenticator(ORIGIN);
    const answer = await fetchOptions(config, jar, { action: "register" });
    expect(answer.action).toBe("register");
    const response = await postCallback(config, jar, "register", second.create(answer.options));
    expect(response.status).toBe(302);
    const user = await adapter.getUserByEmail!("grace@example.test");
    const stored = await adapter.listAuthenticatorsByUserId!(user!.id);
    expect(stored.map((entry) => entry.credentialID).sort()).toEqual([first.storedId, second.storedId].sort());
  });
});

describe("passkey sessions", () => {
  it("survives sign-out and sign-in as the same user", async () => {
    const { config } = passkeyConfig();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const registered = await register(config, authenticator, "grace@example.test");
    const before = await sessionOf(config, registered.jar);
    const { jar } = await authenticate(config, authenticator, new CookieJar());
    const after = await sessionOf(config, jar);
    expect(after?.user).toEqual(before?.user);
  });
});

describe("passkeys with JWT sessions", () => {
  it("registers and signs in again with the adapter storing users but the session in a JWT", async () => {
    const { config } = passkeyConfig({ session: { strategy: "jwt" } });
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const registered = await register(config, authenticator, "grace@example.test");
    expect(registered.jar.get("authjs.session-token")?.split(".")).toHaveLength(5);
    const { jar } = await authenticate(config, authenticator);
    expect((await sessionOf(config, jar))?.user?.email).toBe("grace@example.test");
  });
});

describe("the callback's body", () => {
  it("accepts JSON with the credential as an object", async () => {
    const { config } = passkeyConfig();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await register(config, authenticator, "grace@example.test");
    const jar = new CookieJar();
    const answer = await fetchOptions(config, jar);
    const response = await Auth(
      postJson("/auth/callback/passkey", { action: "authenticate", data: authenticator.get(answer.options) }, jar),
      config,
    );
    jar.apply(response);
    expect(response.status).toBe(302);
    expect((await sessionOf(config, jar))?.user?.email).toBe("grace@example.test");
  });
});

describe("a registration whose authenticator cannot be stored", () => {
  it("signs nobody in and leaves the passkey free to register again", async () => {
    const store = memory();
    let failing = true;
    const adapter: Adapter = {
      ...store,
      createAuthenticator: async (authenticator) => {
        if (failing) throw new Error("the authenticators table is unavailable");
        return store.createAuthenticator!(authenticator);
      },
    };
    const { config } = passkeyConfig({ adapter });
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const first = await register(config, authenticator, "ada@example.test");
    expect(first.response.headers.get("location")).toContain("/auth/error");
    expect(await sessionOf(config, first.jar)).toBeNull();
    expect(await store.getAccount!(authenticator.storedId, "passkey")).toBeNull();

    failing = false;
    const second = await register(config, authenticator, "ada@example.test");
    expect((await sessionOf(config, second.jar))?.user?.email).toBe("ada@example.test");
  });
});
