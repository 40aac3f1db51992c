import { describe, expect, it } from "vitest";
import { AccountNotLinked, WebAuthnVerificationError } from "../../../src/runtime/errors.js";
import { Auth } from "../../../src/runtime/index.js";
import passkey from "../../../src/runtime/providers/passkey.js";
import type { Adapter } from "../../../src/runtime/types.js";
import { get, ORIGIN } from "../core/support.js";
import { type CreationOptions, SoftwareAuthenticator } from "./software-authenticator.js";
import {
  authenticate,
  CHALLENGE_COOKIE,
  CookieJar,
  fetchOptions,
  passkeyConfig,
  postCallback,
  register,
  sessionOf,
  startPasskeyLink,
} from "./support.js";

const SESSION_COOKIE = "authjs.session-token";
const REJECTED = `${ORIGIN}/auth/error?error=WebAuthnVerificationError`;

/** The error the core logged for the last failed request. */
function lastError(errors: Error[]) {
  return errors.at(-1);
}

describe("passkey challenge", () => {
  it("rejects a replayed assertion even from an authenticator that keeps no counter", async () => {
    const { config, errors } = passkeyConfig();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    authenticator.fixedCounter = true; // like synced passkeys: the counter stays 0
    await register(config, authenticator, "grace@example.test");

    const jar = new CookieJar();
    const answer = await fetchOptions(config, jar);
    const assertion = authenticator.get(answer.options);
    const copied = new CookieJar();
    copied.cookies.set(CHALLENGE_COOKIE, jar.get(CHALLENGE_COOKIE)!);
    expect((await postCallback(config, jar, "authenticate", assertion)).status).toBe(302);

    const replay = await postCallback(config, copied, "authenticate", assertion);
    expect(replay.headers.get("location")).toBe(REJECTED);
    expect(lastError(errors)).toBeInstanceOf(WebAuthnVerificationError);
    expect(lastError(errors)?.message).toContain("already used");
    expect(await sessionOf(config, copied)).toBeNull();
  });

  it("rejects a replayed assertion in one process when the adapter stores no verification tokens", async () => {
    const { memoryWithout } = await import("./adapters.js");
    const { config, errors } = passkeyConfig({
      adapter: memoryWithout("createVerificationToken", "useVerificationToken"),
    });
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    authenticator.fixedCounter = true;
    await register(config, authenticator, "grace@example.test");

    const jar = new CookieJar();
    const answer = await fetchOptions(config, jar);
    const assertion = authenticator.get(answer.options);
    const copied = new CookieJar();
    copied.cookies.set(CHALLENGE_COOKIE, jar.get(CHALLENGE_COOKIE)!);
    expect((await postCallback(config, jar, "authenticate", assertion)).status).toBe(302);
    const replay = await postCallback(config, copied, "authenticate", assertion);
    expect(replay.headers.get("location")).toBe(REJECTED);
    expect(lastError(errors)?.message).toContain("already used");
  });

  it("clears the challenge cookie after the callback", async () => {
    const { config } = passkeyConfig();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const { jar } = await register(config, authenticator, "grace@example.test");
    expect(jar.get(CHALLENGE_COOKIE)).toBeUndefined();
  });

  it("rejects an assertion without a challenge cookie", async () => {
    const { config, errors } = passkeyConfig();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await register(config, authenticator, "grace@example.test");
    const answer = await fetchOptions(config, new CookieJar());
    const response = await postCallback(config, new CookieJar(), "authenticate", authenticator.get(answer.options));
    expect(response.headers.get("location")).toBe(REJECTED);
    expect(lastError(errors)?.message).toContain("cookie is missing");
  });

  it("rejects a registration response sent with an authentication challenge", async () => {
    const { config, errors } = passkeyConfig();
    const jar = new CookieJar();
    const registration = await fetchOptions(config, jar, { email: "grace@example.test" });
    const credential = new SoftwareAuthenticator(ORIGIN).create(registration.options);
    await fetchOptions(config, jar); // replaces the cookie with an authentication challenge
    const response = await postCallback(config, jar, "register", credential);
    expect(response.headers.get("location")).toBe(REJECTED);
    expect(lastError(errors)?.message).toContain("issued to authenticate");
  });
});

describe("passkey challenge binding", () => {
  it("rejects a challenge issued for another WebAuthn provider", async () => {
    const securityKey = passkey({ id: "security-key", name: "Security key", enableConditionalUI: false });
    const { config, errors } = passkeyConfig({ providers: [passkey(), securityKey] });
    const jar = new CookieJar();
    const other = await Auth(get("/auth/webauthn-options/security-key?email=grace%40example.test", jar), config);
    jar.apply(other);
    const { options } = (await other.json()) as { options: CreationOptions };
    const response = await postCallback(config, jar, "register", new SoftwareAuthenticator(ORIGIN).create(options));
    expect(response.headers.get("location")).toBe(REJECTED);
    expect(lastError(errors)?.message).toContain("another provider");
  });

  it("rejects a passkey link completed after another user signed in to the same browser", async () => {
    const { config, adapter } = passkeyConfig();
    const { jar } = await register(config, new SoftwareAuthenticator(ORIGIN), "grace@example.test");
    await startPasskeyLink(config, jar);
    const started = await fetchOptions(config, jar, { action: "register" });
    const pending = new SoftwareAuthenticator(ORIGIN).create(started.options);
    const challenge = jar.get(CHALLENGE_COOKIE)!;
    // Meanwhile this browser comes to hold another user's session; then Grace's registration arrives.
    const alan = await register(config, new SoftwareAuthenticator(ORIGIN), "alan@example.test");
    jar.cookies.set(SESSION_COOKIE, alan.jar.get(SESSION_COOKIE)!);
    jar.cookies.set(CHALLENGE_COOKIE, challenge);
    const response = await postCallback(config, jar, "register", pending);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=AccountLinkRefused&code=restart`);
    const grace = await adapter.getUserByEmail!("grace@example.test");
    expect(await adapter.listAuthenticatorsByUserId!(grace!.id)).toHaveLength(1);
  });

  it("rejects a registration started for a signed-in user's link once the link is gone", async () => {
    const { config, errors } = passkeyConfig();
    const { jar } = await register(config, new SoftwareAuthenticator(ORIGIN), "grace@example.test");
    await startPasskeyLink(config, jar);
    const started = await fetchOptions(config, jar, { action: "register" });
    jar.cookies.delete("authjs.link-intent");
    const response = await postCallback(
      config,
      jar,
      "register",
      new SoftwareAuthenticator(ORIGIN).create(started.options),
    );
    expect(response.headers.get("location")).toBe(REJECTED);
    expect(lastError(errors)?.message).toContain("started for another user");
  });
});

describe("passkey verification", () => {
  it("rejects an assertion whose counter does not move forward", async () => {
    const { config, errors, adapter } = passkeyConfig();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await register(config, authenticator, "grace@example.test");
    await authenticate(config, authenticator); // stored counter: 1
    await authenticate(config, authenticator); // stored counter: 2
    authenticator.counter = 1; // a clone: the next assertion reports 2 again
    const { response, jar } = await authenticate(config, authenticator);
    expect(response.headers.get("location")).toBe(REJECTED);
    expect(lastError(errors)).toBeInstanceOf(WebAuthnVerificationError);
    expect(await sessionOf(config, jar)).toBeNull();
    expect((await adapter.getAuthenticator!(authenticator.storedId))?.counter).toBe(2);
  });

  it("rejects a credential no one registered", async () => {
    const { config, errors } = passkeyConfig();
    const { response } = await authenticate(config, new SoftwareAuthenticator(ORIGIN));
    expect(response.headers.get("location")).toBe(REJECTED);
    expect(lastError(errors)?.message).toContain("No stored authenticator");
  });

  it("rejects a response made for another origin", async () => {
    const { config, errors } = passkeyConfig();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await register(config, authenticator, "grace@example.test");
    const jar = new CookieJar();
    const answer = await fetchOptions(config, jar);
    const phished = authenticator.get(answer.options, { origin: "https://evil.example" });
    const response = await postCallback(config, jar, "authenticate", phished);
    expect(response.headers.get("location")).toBe(REJECTED);
    expect(lastError(errors)?.message).toContain("could not be verified");
    expect(await sessionOf(config, jar)).toBeNull();
  });

  it("rejects a response signed for another relying party id", async () => {
    const { config } = passkeyConfig();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await register(config, authenticator, "grace@example.test");
    const jar = new CookieJar();
    const answer = await fetchOptions(config, jar);
    const response = await postCallback(
      config,
      jar,
      "authenticate",
      authenticator.get(answer.options, { rpId: "evil.example" }),
    );
    expect(response.headers.get("location")).toBe(REJECTED);
  });

  it("refuses to register a credential id that is already stored (it would sign in as its owner)", async () => {
    const { config, errors } = passkeyConfig();
    const victim = new SoftwareAuthenticator(ORIGIN);
    await register(config, victim, "grace@example.test");
    // The attacker's authenticator claims the victim's credential id with its own key.
    const attacker = new SoftwareAuthenticator(ORIGIN);
    victim.credentialId.copy(attacker.credentialId);
    const { response, jar } = await register(config, attacker, "mallory@example.test");
    expect(response.headers.get("location")).toBe(REJECTED);
    expect(lastError(errors)?.message).toContain("already registered");
    expect(await sessionOf(config, jar)).toBeNull();
  });
});

describe("passkey account linking", () => {
  it("answers AccountNotLinked when the address was taken by another user before the registration finished", async () => {
    const { config, adapter, errors } = passkeyConfig();
    const jar = new CookieJar();
    const answer = await fetchOptions(config, jar, { email: "grace@example.test" });
    expect(answer.action).toBe("register");
    await (adapter as Required<Adapter>).createUser({
      id: "someone-else",
      email: "grace@example.test",
      emailVerified: null,
    });
    const response = await postCallback(
      config,
      jar,
      "register",
      new SoftwareAuthenticator(ORIGIN).create(answer.options),
    );
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=AccountNotLinked`);
    expect(lastError(errors)).toBeInstanceOf(AccountNotLinked);
  });
});
