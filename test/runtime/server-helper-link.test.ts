/**
 * A link started by a server-side `signIn` (here SvelteKit's form action, which runs with the framework's own
 * CSRF protection, `skipCSRFCheck`) completes in the browser: the intent is bound to the browser's csrf cookie,
 * read by the link itself since the action skipped the check, and the callback is an ordinary browser request.
 */
import { expect, it } from "vitest";
import memory, { createMemoryStore } from "../../src/runtime/adapters/memory.js";
import { Auth } from "../../src/runtime/index.js";
import email from "../../src/runtime/providers/email.js";
import { createSvelteKitAuth } from "../../src/runtime/sveltekit/auth.js";
import { baseConfig, CookieJar, csrfToken, get, ORIGIN, postForm } from "./core/support.js";
import { httpPost, keepCookies, requestEvent } from "./sveltekit/event.js";

it("a link started from the SvelteKit form action completes when the mailed link is followed in the same browser", async () => {
  const mailed: string[] = [];
  const store = createMemoryStore();
  const { basePath: _b, ...config } = baseConfig({
    adapter: memory(store),
    providers: [email({ sendVerificationRequest: async ({ url }) => void mailed.push(url) })],
  });
  const auth = createSvelteKitAuth(config, () => ({}));
  const core = { ...config, basePath: "/auth" };
  const jar = new CookieJar();
  // The browser signs in by email first (a session whose sign-in is recent, and a CSRF cookie).
  jar.apply(
    await Auth(
      postForm("/auth/signin/email", { csrfToken: await csrfToken(core, jar), email: "ada@example.test" }, jar),
      core,
    ),
  );
  jar.apply(await Auth(new Request(mailed.pop()!, { headers: { cookie: jar.header() } }), core));
  // The app's form action starts the link (as <SignIn provider="email" options={{ link: true }}> posts it).
  const { event, cookiesSet } = requestEvent(
    httpPost("/signin", { providerId: "email", email: "ada.work@example.test", link: "true" }, jar, {
      origin: ORIGIN,
      referer: `${ORIGIN}/settings`,
    }),
  );
  await auth.signIn(event).catch(() => {});
  keepCookies(jar, cookiesSet);
  expect(jar.get("authjs.link-intent")).toBeTruthy();
  // The user follows the mailed link in the same browser.
  const followed = await Auth(new Request(mailed.pop()!, { headers: { cookie: jar.header() } }), core);
  expect(followed.headers.get("location")).not.toContain("error=");
  jar.apply(followed);
  const session = (await (await Auth(get("/auth/session", jar), core)).json()) as { user?: { email?: string } };
  expect(session.user?.email).toBe("ada.work@example.test");
});
