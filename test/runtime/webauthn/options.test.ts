import { describe, expect, it } from "vitest";
import { Auth, setEnvDefaults } from "../../../src/runtime/index.js";
import passkey from "../../../src/runtime/providers/passkey.js";
import { ORIGIN, setCookies } from "../core/support.js";
import { SoftwareAuthenticator } from "./software-authenticator.js";
import { CHALLENGE_COOKIE, CookieJar, fetchOptions, passkeyConfig, register, startPasskeyLink } from "./support.js";

const b64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");

describe("webauthn-options decides the ceremony", () => {
  it("offers a discoverable-credential sign-in when no email is given", async () => {
    const { config } = passkeyConfig();
    const answer = await fetchOptions(config, new CookieJar());
    expect(answer.status).toBe(200);
    expect(answer.action).toBe("authenticate");
    expect(answer.options.rpId).toBe("localhost");
    expect(answer.options.allowCredentials ?? []).toEqual([]);
  });

  it("registers an address nobody owns", async () => {
    const { config } = passkeyConfig();
    const answer = await fetchOptions(config, new CookieJar(), { email: "  Grace@Example.test " });
    expect(answer.action).toBe("register");
    expect(answer.options.rp).toEqual({ id: "localhost", name: "localhost:3000" });
    expect(answer.options.user.name).toBe("grace@example.test");
    expect(answer.options.excludeCredentials).toEqual([]);
  });

  it("authenticates a known address with its own authenticators only", async () => {
    const { config } = passkeyConfig();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await register(config, authenticator, "grace@example.test");
    await register(config, new SoftwareAuthenticator(ORIGIN), "alan@example.test");
    const answer = await fetchOptions(config, new CookieJar(), { email: "grace@example.test" });
    expect(answer.action).toBe("authenticate");
    expect(answer.options.allowCredentials).toEqual([
      { id: authenticator.id, type: "public-key", transports: ["internal"] },
    ]);
  });

  it("refuses to register a known address for someone signed out", async () => {
    const { config } = passkeyConfig();
    await register(config, new SoftwareAuthenticator(ORIGIN), "grace@example.test");
    const jar = new CookieJar();
    const answer = await fetchOptions(config, jar, { action: "register", email: "grace@example.test" });
    expect(answer).toEqual({ status: 400, error: "Invalid request" });
    expect(jar.get(CHALLENGE_COOKIE)).toBeUndefined();
  });

  it("refuses to register without an address for someone signed out", async () => {
    const { config } = passkeyConfig();
    const answer = await fetchOptions(config, new CookieJar(), { action: "register" });
    expect(answer).toEqual({ status: 400, error: "Invalid request" });
  });

  it("registers another passkey for the signed-in user who started a link, excluding the ones they have", async () => {
    const { config, adapter } = passkeyConfig();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const { jar } = await register(config, authenticator, "grace@example.test");
    const user = await adapter.getUserByEmail!("grace@example.test");
    await startPasskeyLink(config, jar);
    const answer = await fetchOptions(config, jar, { action: "register", email: "someone@else.test" });
    expect(answer.action).toBe("register");
    expect(answer.options.user).toMatchObject({ id: b64url(user!.id), name: "grace@example.test" });
    expect(answer.options.excludeCredentials).toEqual([
      { id: authenticator.id, type: "public-key", transports: ["internal"] },
    ]);
  });

  it("registers for a signed-in user linking a passkey who names no ceremony (the sign-in page's passkey form)", async () => {
    const { config, adapter } = passkeyConfig();
    const { jar } = await register(config, new SoftwareAuthenticator(ORIGIN), "grace@example.test");
    const grace = await adapter.getUserByEmail!("grace@example.test");
    await startPasskeyLink(config, jar);
    const answer = await fetchOptions(config, jar);
    expect(answer.action).toBe("register");
    expect(answer.options.user.id).toBe(b64url(grace!.id));
  });

  it("treats a signed-in user who started no link as signed out: a new address registers a new user", async () => {
    const { config, adapter } = passkeyConfig();
    const { jar } = await register(config, new SoftwareAuthenticator(ORIGIN), "grace@example.test");
    const grace = await adapter.getUserByEmail!("grace@example.test");
    const answer = await fetchOptions(config, jar, { action: "register", email: "someone@else.test" });
    expect(answer.action).toBe("register");
    expect(answer.options.user.name).toBe("someone@else.test");
    expect(answer.options.user.id).not.toBe(b64url(grace!.id));
    expect(answer.options.excludeCredentials).toEqual([]);
    // Without an address, nothing to register: the discoverable sign-in of anyone signed out.
    expect((await fetchOptions(config, jar)).action).toBe("authenticate");
  });

  it("sets a sealed, HttpOnly, 15-minute challenge cookie and forbids caching", async () => {
    const { config } = passkeyConfig();
    const response = await Auth(new Request(`${ORIGIN}/auth/webauthn-options/passkey`), config);
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store");
    const challenge = setCookies(response).find((cookie) => cookie.name === CHALLENGE_COOKIE);
    expect(challenge!.attributes).toEqual(
      expect.arrayContaining(["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=900"]),
    );
    const { options } = (await response.json()) as { options: { challenge: string } };
    expect(challenge!.value.split(".")).toHaveLength(5);
    expect(challenge!.value).not.toContain(options.challenge);
  });
});

describe("the relying party", () => {
  it("comes from AUTH_URL, not from a spoofed X-Forwarded-Host", async () => {
    const { config } = passkeyConfig();
    setEnvDefaults({ AUTH_URL: "https://app.example.test" }, config);
    const request = new Request("http://10.0.0.7:3000/auth/webauthn-options/passkey?email=grace%40example.test", {
      headers: { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    });
    const { options } = (await (await Auth(request, config)).json()) as { options: { rp: { id: string } } };
    expect(options.rp.id).toBe("app.example.test");
  });

  it("follows the forwarded host only when the host is trusted and no AUTH_URL is set", async () => {
    const { config } = passkeyConfig();
    const request = new Request("http://10.0.0.7:3000/auth/webauthn-options/passkey", {
      headers: { "x-forwarded-host": "proxy.example.test", "x-forwarded-proto": "https" },
    });
    const { options } = (await (await Auth(request, config)).json()) as { options: { rpId: string } };
    expect(options.rpId).toBe("proxy.example.test");
  });

  it("uses the configured relying party over the deployment URL", async () => {
    const { config } = passkeyConfig({
      providers: [passkey({ relayingParty: { id: "example.test", name: "Example" } })],
    });
    const answer = await fetchOptions(config, new CookieJar(), { email: "grace@example.test" });
    expect(answer.options.rp).toEqual({ id: "example.test", name: "Example" });
  });
});

describe("the app's extra options", () => {
  it("reach the library, but never a fixed challenge or credential list", async () => {
    const { config } = passkeyConfig({
      providers: [
        passkey({
          authenticationOptions: { timeout: 12_345, challenge: "fixed", allowCredentials: [{ id: "AAAA" }] },
        }),
      ],
    });
    const first = await fetchOptions(config, new CookieJar());
    const second = await fetchOptions(config, new CookieJar());
    expect(first.options.timeout).toBe(12_345);
    expect(first.options.challenge).not.toBe(second.options.challenge);
    expect(first.options.allowCredentials ?? []).toEqual([]);
  });
});
