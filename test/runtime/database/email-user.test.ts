/**
 * The user an email sign-in resolves to, with database sessions: the owner of a proved address (marked
 * verified again, `events.updateUser`) or a new user (`events.createUser`; a user holding the address without
 * proof is detached from it first), and the session the browser held before is replaced, not left behind.
 */
import { describe, expect, it } from "vitest";
import { Auth } from "../../../src/runtime/index.js";
import email from "../../../src/runtime/providers/email.js";
import type { AuthConfig, EventsOptions } from "../../../src/runtime/types.js";
import { baseConfig, CookieJar, csrfToken, postForm } from "../core/support.js";
import { readSession, recordingAdapter, SESSION_COOKIE } from "./support.js";

function setup(events: EventsOptions = {}) {
  const links: string[] = [];
  const recording = recordingAdapter();
  const config: AuthConfig = baseConfig({
    adapter: recording.adapter,
    events,
    providers: [email({ sendVerificationRequest: ({ url }) => void links.push(url) })],
  });
  return { ...recording, config, links };
}

async function signInByEmail(setupResult: ReturnType<typeof setup>, address: string, jar = new CookieJar()) {
  const { config, links } = setupResult;
  const csrf = await csrfToken(config, jar);
  jar.apply(await Auth(postForm("/auth/signin/email", { csrfToken: csrf, email: address }, jar), config));
  const response = await Auth(new Request(links.at(-1)!, { headers: { cookie: jar.header() } }), config);
  expect(response.status).toBe(302);
  jar.apply(response);
  return jar;
}

describe("email sign-in with an adapter", () => {
  it("marks the owner of the address verified and emits updateUser with the updated user", async () => {
    const seen: Array<[string, unknown]> = [];
    const events: EventsOptions = {
      createUser: (message) => void seen.push(["createUser", message]),
      updateUser: (message) => void seen.push(["updateUser", message]),
      signIn: (message) => void seen.push(["signIn", message]),
    };
    const context = setup(events);
    const existing = await context.store.createUser!({
      id: "user-ada",
      email: "ada@example.test",
      name: "Ada",
      emailVerified: new Date(Date.now() - 86_400_000),
    });
    await signInByEmail(context, "ada@example.test");
    const stored = await context.store.getUser!(existing.id);
    expect(stored?.emailVerified).toBeInstanceOf(Date);
    expect(seen.map(([name]) => name)).toEqual(["updateUser", "signIn"]);
    expect(seen[0]![1]).toEqual({ user: stored });
    expect(seen[1]![1]).toMatchObject({ user: stored, account: { type: "email" }, isNewUser: false });
  });

  it("creates a new user when the address's user never proved it, detaching that user from the address", async () => {
    const seen: Array<[string, unknown]> = [];
    const context = setup({
      createUser: (message) => void seen.push(["createUser", message]),
      updateUser: (message) => void seen.push(["updateUser", message]),
      signIn: (message) => void seen.push(["signIn", message]),
    });
    // Created without proof (a passkey registered while signed out, an untrusted provider): maybe not Ada's.
    await context.store.createUser!({ id: "unproved", email: "ada@example.test", name: "?", emailVerified: null });
    const jar = await signInByEmail(context, "ada@example.test");
    const ada = (await context.store.getUserByEmail!("ada@example.test"))!;
    expect(ada.id).not.toBe("unproved");
    expect(ada.emailVerified).toBeInstanceOf(Date);
    expect((await context.store.getUser!("unproved"))?.email).toBeNull();
    expect(seen.map(([name]) => name)).toEqual(["updateUser", "createUser", "signIn"]);
    expect(seen[2]![1]).toMatchObject({ user: { id: ada.id }, isNewUser: true });
    expect((await context.store.getSessionAndUser!(jar.get(SESSION_COOKIE)!))?.user.id).toBe(ada.id);
  });

  it("creates a verified user for a new address and signs them in with a database session", async () => {
    const seen: string[] = [];
    const context = setup({ createUser: () => void seen.push("createUser") });
    const jar = await signInByEmail(context, "grace@example.test");
    const user = await context.store.getUserByEmail!("grace@example.test");
    expect(user?.emailVerified).toBeInstanceOf(Date);
    expect(seen).toEqual(["createUser"]);
    expect(jar.get(SESSION_COOKIE)).toMatch(/^[0-9a-z]+\.[0-9a-f]{64}$/);
    expect(((await readSession(context.config, jar)).body as { user: { email: string } }).user.email).toBe(
      "grace@example.test",
    );
  });

  it("replaces the session of whoever was signed in on this browser", async () => {
    const context = setup();
    const jar = await signInByEmail(context, "ada@example.test");
    const first = jar.get(SESSION_COOKIE)!;
    await signInByEmail(context, "grace@example.test", jar);
    expect(await context.store.getSessionAndUser!(first)).toBeNull();
    expect(((await readSession(context.config, jar)).body as { user: { email: string } }).user.email).toBe(
      "grace@example.test",
    );
  });
});
