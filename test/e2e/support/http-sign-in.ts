/**
 * The two checks every server of an initialised app must pass over plain HTTP, whatever command started it
 * (dev, build + start, preview, the built output deployed alone): its built-in sign-in page answers with a
 * credentials form posting back to this same server, and a credentials sign-in that the app's `authorize`
 * refuses is denied back to that page on the app's own origin, without a 500 and without a session cookie.
 * Shared by scaffolds.test.ts and solid-start.test.ts; the browser stories are in sign-in-stories.ts.
 */
import { expect } from "vitest";

/** The cookies a response sets, as one Cookie header. */
export function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/**
 * `GET <appUrl><basePath>/signin` answers 200 with the credentials form posting to this server's own
 * callback. `log` (the server's output) is shown when it does not.
 */
export async function expectSignInPage(appUrl: string, basePath: string, log = ""): Promise<void> {
  const page = await fetch(`${appUrl}${basePath}/signin`);
  const html = await page.text();
  expect(page.status, `${html.slice(0, 2000)}\n${log}`).toBe(200);
  // The form posts back to this server: the same origin and port, whatever AUTH_URL the env file holds.
  const action = /<form action="([^"]*\/callback\/credentials)"/.exec(html)?.[1];
  expect(action && new URL(action, appUrl).href).toBe(`${appUrl}${basePath}/callback/credentials`);
}

/**
 * Posts a credentials sign-in as the sign-in page's form does from a browser (same origin, the CSRF cookie
 * and token) for someone `authorize` does not know, and expects it denied back to the sign-in page with
 * `error=CredentialsSignin`, setting no session cookie.
 */
export async function expectCredentialsDenied(appUrl: string, basePath: string, log = ""): Promise<void> {
  const csrf = await fetch(`${appUrl}${basePath}/csrf`);
  expect(csrf.status, log).toBe(200);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const attempt = await fetch(`${appUrl}${basePath}/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: cookieHeader(csrf),
      origin: appUrl,
    },
    body: new URLSearchParams({ csrfToken, email: "someone@example.test", password: "a guess" }),
  });
  expect([302, 303], log).toContain(attempt.status);
  const location = new URL(attempt.headers.get("location") ?? "", appUrl);
  expect(location.origin).toBe(appUrl);
  expect(location.pathname).toBe(`${basePath}/signin`);
  expect(location.searchParams.get("error")).toBe("CredentialsSignin");
  // Denied means no session: the attempt sets no session cookie.
  expect(attempt.headers.getSetCookie().filter((cookie) => cookie.includes("session-token="))).toEqual([]);
}
