/**
 * The framework-free session store behind Nuxt's `useSession()` (src/runtime/nuxt/session.ts), on a Vue `ref`
 * as Nuxt's `useState` gives it, against the Nuxt integration served by a real h3 1.15 app on loopback: the
 * server-side read through the Nitro plugin's context, hydration without a second read, the browser's read of
 * `/auth/session`, another tab's sign-out heard over the BroadcastChannel, and the route middleware's redirect.
 * Node's fetch keeps no cookies: the jar stands in for the browser's cookie store, added to each request.
 */
import { defineEventHandler } from "h3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ref } from "vue";
import {
  initialSessionState,
  type SessionState,
  type SessionStore,
  serverRead,
  sessionStore,
  signInRedirect,
} from "../../src/runtime/nuxt/session.js";
import type { Session } from "../../src/runtime/types.js";
import { CookieJar, DEMO_USER } from "./core/support.js";
import { call, signIn } from "./support/loopback.js";
import { type NuxtServer, nuxtServer, userConfig } from "./support/nuxt-app.js";

const servers: NuxtServer[] = [];
const stops: Array<() => void> = [];
const browserFetch = globalThis.fetch;
let jar = new CookieJar();
/** The requests the app's `/auth/session` answered. */
let sessionReads = 0;

beforeEach(() => {
  jar = new CookieJar();
  sessionReads = 0;
  // The browser sends its cookies with every same-origin fetch of the page's scripts, and keeps the ones it is
  // given; a request that carries its own (the loopback helper's) is another client's, left as it is.
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (headers.has("cookie")) return browserFetch(input, init);
    if (jar.cookies.size > 0) headers.set("cookie", jar.header());
    const response = await browserFetch(input, { ...init, headers });
    jar.apply(response);
    return response;
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  for (const stop of stops.splice(0)) stop();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function start(): Promise<NuxtServer> {
  const server = await nuxtServer(userConfig(), {
    onRequest: (event) => {
      if (event.path.startsWith("/auth/session")) sessionReads += 1;
    },
    // What the composable does on the server: the store with the plugin's read of this event.
    setup: (router) =>
      router.get(
        "/page",
        defineEventHandler(async (event) => {
          const state = ref(initialSessionState());
          const read = serverRead(event);
          if (!read) throw new Error("the Nitro plugin gave the event no session read");
          await sessionStore(state, { read }).load();
          return state.value;
        }),
      ),
  });
  servers.push(server);
  return server;
}

function store(origin: string, initial: SessionState = initialSessionState()): SessionStore {
  return sessionStore(ref(initial), { basePath: `${origin}/auth` });
}

describe("the Nuxt session store (useSession's runtime part)", () => {
  it("reads the session on the server through the Nitro plugin, with the request's own cookies", async () => {
    const { origin } = await start();
    expect(await (await browserFetch(`${origin}/page`)).json()).toEqual({ data: null, status: "unauthenticated" });
    const signedIn = new CookieJar();
    await signIn(origin, signedIn);
    const page = (await (await call(`${origin}/page`, signedIn)).json()) as SessionState;
    expect(page).toMatchObject({ status: "authenticated", data: { user: { email: DEMO_USER.email } } });
  });

  it("has no server read in the browser (no event) nor on a server without the plugin", () => {
    expect(serverRead(undefined)).toBeUndefined();
    expect(serverRead({ context: {} })).toBeUndefined();
  });

  it("takes the server's read as it is when hydrated: no second read in the browser", async () => {
    const { origin } = await start();
    const hydrated: SessionState = {
      status: "authenticated",
      data: { user: { email: DEMO_USER.email }, expires: new Date(Date.now() + 60_000).toISOString() },
    };
    const session = store(origin, hydrated);
    expect(await session.load()).toEqual(hydrated);
    expect(sessionReads).toBe(0);
  });

  it("reads /auth/session in the browser when nothing was read yet, once for overlapping reads", async () => {
    const { origin } = await start();
    const session = store(origin);
    expect(session.state.value.status).toBe("loading");
    await Promise.all([session.load(), session.refresh()]);
    expect(session.state.value).toEqual({ data: null, status: "unauthenticated" });
    expect(sessionReads).toBe(1);

    await signIn(origin, jar);
    await session.refresh();
    expect(session.state.value).toMatchObject({ status: "authenticated", data: { user: { email: DEMO_USER.email } } });
  });

  it("signs out and in from the browser with the client, the state following (redirect: false)", async () => {
    const { origin } = await start();
    // The page the client signs in from (it resolves where the core sends it against the page's URL).
    vi.stubGlobal("window", { location: { href: `${origin}/settings`, reload() {} } });
    await signIn(origin, jar);
    const session = store(origin);
    await session.load();
    expect(session.state.value.status).toBe("authenticated");

    await session.signOut({ redirect: false, redirectTo: "/" });
    expect(session.state.value).toEqual({ data: null, status: "unauthenticated" });
    expect(jar.get("authjs.session-token")).toBeUndefined();

    const wrong = await session.signIn(
      "credentials",
      { redirect: false, redirectTo: "/", email: DEMO_USER.email!, password: "wrong" },
      undefined,
    );
    expect(wrong).toMatchObject({ ok: false, error: "CredentialsSignin" });
    expect(session.state.value.status).toBe("unauthenticated");
    const right = await session.signIn("credentials", {
      redirect: false,
      redirectTo: "/",
      email: DEMO_USER.email!,
      password: "correct horse",
    });
    expect(right).toMatchObject({ ok: true });
    expect(session.state.value.status).toBe("authenticated");
  });

  it("reads again when another tab signs out, with one set of listeners per state", async () => {
    const { origin } = await start();
    await signIn(origin, jar);
    const state = ref(initialSessionState());
    const first = sessionStore(state, { basePath: `${origin}/auth` });
    await first.load();
    const stop = first.watch();
    stops.push(stop);
    expect(sessionStore(state, { basePath: `${origin}/auth` }).watch()).toBe(stop);
    expect(state.value.status).toBe("authenticated");

    // Another tab signs out: its cookies are gone for this one too, and it says so on the channel.
    jar.cookies.delete("authjs.session-token");
    const otherTab = new BroadcastChannel("create-auth.session");
    const reads = sessionReads;
    otherTab.postMessage({ change: "signout" });
    // The message and the read that follows cross an event loop the rest of the suite keeps busy: the default
    // one-second poll ran out on a loaded CI machine.
    await expect.poll(() => state.value.status, { timeout: 10_000 }).toBe("unauthenticated");
    expect(sessionReads).toBe(reads + 1);
    otherTab.close();
  });

  it("reads again every refetchInterval seconds while watched, and stops when told", async () => {
    const { origin } = await start();
    const session = store(origin);
    await session.load();
    const stop = session.watch({ refetchInterval: 0.05 });
    await expect.poll(() => sessionReads, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    stop();
    // A read under way when it stopped still lands; none starts after.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = sessionReads;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sessionReads).toBe(after);
  });
});

describe("signInRedirect (the `auth` route middleware's part)", () => {
  const signedIn: Session = { user: { email: DEMO_USER.email }, expires: "2999-01-01T00:00:00.000Z" };

  it("sends a signed-out visitor to the sign-in page, coming back to the page asked for", () => {
    expect(signInRedirect(null, "/dashboard?tab=1#notes")).toBe(
      "/auth/signin?callbackUrl=%2Fdashboard%3Ftab%3D1%23notes",
    );
    expect(signInRedirect(null, "/admin", { basePath: "/api/auth/" })).toBe("/api/auth/signin?callbackUrl=%2Fadmin");
  });

  it("lets a signed-in user through", () => {
    expect(signInRedirect(signedIn, "/dashboard")).toBeUndefined();
  });

  it("never loops: the sign-in page and the auth routes are let through", () => {
    expect(signInRedirect(null, "/auth/signin?callbackUrl=%2F")).toBeUndefined();
    expect(signInRedirect(null, "/auth/error")).toBeUndefined();
    expect(signInRedirect(null, "/login/", { signInPage: "/login" })).toBeUndefined();
  });

  it("sends to the app's own sign-in page, keeping its query", () => {
    expect(signInRedirect(null, "/settings", { signInPage: "/login?theme=dark" })).toBe(
      "/login?theme=dark&callbackUrl=%2Fsettings",
    );
  });
});
