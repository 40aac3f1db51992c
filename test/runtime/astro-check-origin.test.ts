/**
 * Astro's `checkOrigin` turned off for a provider that posts its answer cross-site (Apple's form_post), with
 * `auth.checkOrigin` first in the app's middleware, as docs/astro.md tells: the provider's answer reaches the
 * core, the app's own pages and endpoints are still refused a cross-site form exactly as Astro would, and the
 * auth actions keep the core's own guards. A real Astro 7 app (test/runtime/support/astro-app.ts), built once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, DEMO_USER } from "./core/support.js";
import { type AstroApp, buildAstroApp } from "./support/astro-app.js";
import { call, csrfToken, form } from "./support/loopback.js";

const SESSION_COOKIE = "authjs.session-token";

let app: AstroApp;
let origin: string;

beforeAll(async () => {
  app = await buildAstroApp({ checkOrigin: false });
  ({ origin } = await app.start());
}, 300_000);

afterAll(async () => {
  await app?.dispose();
});

describe("auth.checkOrigin in place of Astro's security.checkOrigin", () => {
  it("lets a provider's cross-site form_post answer reach the core, which judges it (no state cookie: refused)", async () => {
    const jar = new CookieJar();
    const answer = form(
      { code: "c", state: "s" },
      { origin: "https://appleid.apple.com", "sec-fetch-site": "cross-site" },
    );
    const response = await call(`${origin}/auth/callback/github`, jar, answer);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(location.pathname).toBe("/auth/error");
    expect(location.searchParams.get("error")).toBeTruthy();
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
  });

  it("still refuses a cross-site form to the app's own page and endpoints, with Astro's own answer", async () => {
    const jar = new CookieJar();
    const foreign = { origin: "https://evil.example" };
    const page = await call(`${origin}/notes`, jar, form({ title: "planted" }, foreign));
    expect(page.status).toBe(403);
    expect(await page.text()).toBe("Cross-site POST form submissions are forbidden");
    const login = await call(
      `${origin}/login`,
      jar,
      form({ email: DEMO_USER.email!, password: "correct horse" }, foreign),
    );
    expect(login.status).toBe(403);
    expect((await call(`${origin}/logout`, jar, { method: "POST" })).status).toBe(403);
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();

    const own = await call(`${origin}/notes`, jar, form({ title: "mine" }, { origin }));
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('<p id="saved">mine</p>');
  });

  it("leaves the auth actions to the core's guards: the CSRF token, and the browser's Origin on a sign-in", async () => {
    const jar = new CookieJar();
    const csrf = await csrfToken(origin, jar);
    const fields = { csrfToken: csrf, email: DEMO_USER.email!, password: "correct horse" };
    const foreign = await call(
      `${origin}/auth/callback/credentials`,
      jar,
      form(fields, { origin: "https://evil.example" }),
    );
    expect(foreign.status).toBe(302);
    expect(new URL(foreign.headers.get("location")!).searchParams.get("error")).toBe("MissingCSRF");
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    const forged = await call(
      `${origin}/auth/callback/credentials`,
      jar,
      form({ ...fields, csrfToken: "forged" }, { origin }),
    );
    expect(new URL(forged.headers.get("location")!).searchParams.get("error")).toBe("MissingCSRF");
    const own = await call(`${origin}/auth/callback/credentials`, jar, form(fields, { origin }));
    expect(own.status).toBe(302);
    expect(jar.get(SESSION_COOKIE)).toBeTruthy();
  });
});
