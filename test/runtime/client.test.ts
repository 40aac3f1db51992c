// `@create-auth/runtime/client`, the browser client for any framework, in a page whose `fetch` is answered
// by the real `Auth` at /auth (browser-page.ts): the session read, a credentials sign-in that stays on the
// page, the session update, this tab's listeners told, sign-out, and a client for another mount.
import { afterEach, describe, expect, test, vi } from "vitest";
import {
  createAuthClient,
  getCsrfToken,
  getProviders,
  getSession,
  onSessionChange,
  signIn,
  signOut,
  updateSession,
} from "../../src/runtime/client.js";
import { browserAt } from "./browser-page.js";
import { baseConfig, CookieJar, DEMO_USER, ORIGIN } from "./core/support.js";

afterEach(() => vi.unstubAllGlobals());

describe("the browser client on /auth", () => {
  test("reads no session, signs in with credentials without leaving the page, updates, then signs out", async () => {
    const config = baseConfig({
      callbacks: {
        jwt: ({ token, trigger, session }) =>
          trigger === "update" ? { ...token, theme: (session as { theme?: string }).theme } : token,
        session: ({ session, token }) => ({ ...session, theme: token?.theme }) as typeof session,
      },
    });
    const jar = new CookieJar();
    const posted = browserAt(config, jar);
    const changes: string[] = [];
    const stop = onSessionChange((change) => changes.push(change));

    expect(await getSession()).toBeNull();
    expect(Object.keys((await getProviders()) ?? {})).toEqual(["credentials"]);
    expect(await getCsrfToken()).toMatch(/^[0-9a-f]{64}$/);

    const wrong = await signIn("credentials", { email: DEMO_USER.email, password: "nope", redirect: false });
    expect(wrong).toMatchObject({ ok: false, error: "CredentialsSignin", url: null });
    expect(changes).toEqual([]);

    const right = await signIn("credentials", {
      email: DEMO_USER.email,
      password: "correct horse",
      redirect: false,
      redirectTo: "/dashboard",
    });
    expect(right).toEqual({ ok: true, error: null, code: null, status: 200, url: `${ORIGIN}/dashboard` });
    expect(posted.at(-1)).toMatch(/^\/auth\/callback\/credentials /);
    expect(changes).toEqual(["signin"]);
    expect((await getSession())?.user?.email).toBe(DEMO_USER.email);

    expect(await updateSession({ theme: "dark" })).toMatchObject({ theme: "dark" });
    expect(await getSession()).toMatchObject({ theme: "dark" });

    expect(await signOut({ redirect: false, redirectTo: "/bye" })).toEqual({ url: `${ORIGIN}/bye` });
    expect(changes).toEqual(["signin", "signout"]);
    expect(await getSession()).toBeNull();
    stop();
  });

  test("signIn() without a provider navigates to the sign-in page, coming back to this page", async () => {
    browserAt(baseConfig(), new CookieJar());
    await signIn();
    expect((globalThis as unknown as { window: Window }).window.location.href).toBe(
      `/auth/signin?callbackUrl=${encodeURIComponent(`${ORIGIN}/settings`)}`,
    );
  });

  test("createAuthClient reaches actions mounted elsewhere; the default client there finds no CSRF token", async () => {
    const config = baseConfig({ basePath: "/api/auth" });
    browserAt(config, new CookieJar());
    const client = createAuthClient({ basePath: "/api/auth/" });
    expect(await client.getCsrfToken()).toMatch(/^[0-9a-f]{64}$/);
    await expect(getCsrfToken()).rejects.toThrow("GET /auth/csrf answered");
    expect(await getCsrfToken({ basePath: "/api/auth" })).toMatch(/^[0-9a-f]{64}$/);
  });

  test("another tab's sign-out reaches this tab's listeners, though an earlier page had no BroadcastChannel", async () => {
    // With isolate: false a file that stubbed BroadcastChannel away ran before the others in the same worker:
    // the channel it could not make must not stay missing for every page after it.
    browserAt(baseConfig(), new CookieJar());
    const before = onSessionChange(() => {});
    before();
    vi.unstubAllGlobals();

    const heard: string[] = [];
    const stop = onSessionChange((change) => heard.push(change));
    const otherTab = new BroadcastChannel("create-auth.session");
    otherTab.postMessage({ change: "signout" });
    await expect.poll(() => heard).toEqual(["signout"]);
    otherTab.close();
    stop();
  });
});
