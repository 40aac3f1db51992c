// A passkey challenge replayed on another server: each "server" is the runtime loaded afresh (its own module
// instances, so nothing the first one remembers in memory), on one shared store. Only the adapter's record of
// the spent challenge can refuse the copy there. Each server's requests all come before the next one loads.
import { describe, expect, it, vi } from "vitest";
import { createMemoryStore, type MemoryStore } from "../../../src/runtime/adapters/memory.js";
import type { Adapter } from "../../../src/runtime/types.js";
import { ORIGIN } from "../core/support.js";
import { SoftwareAuthenticator } from "./software-authenticator.js";

const REJECTED = `${ORIGIN}/auth/error?error=WebAuthnVerificationError`;

/** A server process: the runtime, its memory adapter over `store`, and the passkey test steps, all fresh. */
async function server(store: MemoryStore, adapt: (adapter: Adapter) => Adapter = (adapter) => adapter) {
  vi.resetModules();
  const support = await import("./support.js");
  const { default: memory } = await import("../../../src/runtime/adapters/memory.js");
  return { ...support, ...support.passkeyConfig({ adapter: adapt(memory(store)) }) };
}

/** Registers a counterless passkey on `first`, signs in once, and returns the assertion and a cookie copy. */
async function spentOn(first: Awaited<ReturnType<typeof server>>) {
  const authenticator = new SoftwareAuthenticator(ORIGIN);
  authenticator.fixedCounter = true;
  await first.register(first.config, authenticator, "grace@example.test");
  const jar = new first.CookieJar();
  const answer = await first.fetchOptions(first.config, jar);
  const assertion = authenticator.get(answer.options);
  const copied = new first.CookieJar();
  copied.cookies.set(first.CHALLENGE_COOKIE, jar.get(first.CHALLENGE_COOKIE)!);
  expect((await first.postCallback(first.config, jar, "authenticate", assertion)).status).toBe(302);
  expect((await first.sessionOf(first.config, jar))?.user?.email).toBe("grace@example.test");
  return { assertion, copied };
}

describe("a passkey challenge replayed on another server", () => {
  it("is refused through the adapter's record of the spent challenge", async () => {
    const store = createMemoryStore();
    const { assertion, copied } = await spentOn(await server(store));
    const second = await server(store);
    const replay = await second.postCallback(second.config, copied, "authenticate", assertion);
    expect(replay.headers.get("location")).toBe(REJECTED);
    expect(second.errors.at(-1)?.message).toContain("already used");
    expect(await second.sessionOf(second.config, copied)).toBeNull();
  });

  it("gets through when the adapter has no createVerificationToken (the documented limit)", async () => {
    const store = createMemoryStore();
    const withoutTokens = ({ createVerificationToken: _create, ...rest }: Adapter): Adapter => rest;
    const { assertion, copied } = await spentOn(await server(store, withoutTokens));
    const second = await server(store, withoutTokens);
    const replay = await second.postCallback(second.config, copied, "authenticate", assertion);
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).not.toBe(REJECTED);
  });
});
