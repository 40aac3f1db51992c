/**
 * Test support for the core: a realistic config, a cookie jar that applies Set-Cookie headers the way a
 * browser does, and form/JSON request builders. Everything runs the real `Auth`.
 */
import { parseCookieHeader } from "../../../src/runtime/core/cookies/header.js";
import { Auth } from "../../../src/runtime/index.js";
import credentials from "../../../src/runtime/providers/credentials.js";
import type { AuthConfig, User } from "../../../src/runtime/types.js";

export const SECRET = "a-test-secret-of-at-least-thirty-two-characters";
export const ORIGIN = "http://localhost:3000";

export const DEMO_USER: User = { id: "user-1", name: "Ada Lovelace", email: "ada@example.test", image: null };

/** Errors logged by the core during a test, instead of console noise. */
export function captureLogger() {
  const errors: Error[] = [];
  const warnings: string[] = [];
  return {
    errors,
    warnings,
    logger: { error: (e: Error) => errors.push(e), warn: (code: string) => warnings.push(code), debug: () => {} },
  };
}

export function baseConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    basePath: "/auth",
    logger: captureLogger().logger,
    providers: [
      credentials({
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(input) {
          if (input.email === DEMO_USER.email && input.password === "correct horse") return DEMO_USER;
          return null;
        },
      }),
    ],
    ...overrides,
  };
}

/** A browser-like cookie jar: honours Max-Age=0 deletions, keeps the rest by name. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  apply(response: Response): this {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";").map((part) => part.trim());
      const separator = pair!.indexOf("=");
      const name = pair!.slice(0, separator);
      const value = decodeURIComponent(pair!.slice(separator + 1));
      if (attributes.some((attribute) => attribute.toLowerCase() === "max-age=0")) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ");
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

export function get(path: string, jar?: CookieJar, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${path}`, { headers: { ...(jar ? { cookie: jar.header() } : {}), ...headers } });
}

export function postForm(
  path: string,
  body: Record<string, string>,
  jar?: CookieJar,
  headers: Record<string, string> = {},
): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(jar ? { cookie: jar.header() } : {}),
      ...headers,
    },
    body: new URLSearchParams(body),
  });
}

export function postJson(path: string, body: unknown, jar?: CookieJar, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(jar ? { cookie: jar.header() } : {}), ...headers },
    body: JSON.stringify(body),
  });
}

/** Fetches a CSRF token into the jar, as a browser does when it loads a page with a form. */
export async function csrfToken(config: AuthConfig, jar: CookieJar): Promise<string> {
  const response = await Auth(get("/auth/csrf", jar), config);
  jar.apply(response);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

/** Signs the demo user in with credentials; returns the jar holding the session. */
export async function signInWithCredentials(config: AuthConfig, jar = new CookieJar()): Promise<CookieJar> {
  const csrf = await csrfToken(config, jar);
  const response = await Auth(
    postForm(
      "/auth/callback/credentials",
      { csrfToken: csrf, email: DEMO_USER.email!, password: "correct horse" },
      jar,
    ),
    config,
  );
  if (response.status !== 302) throw new Error(`sign-in failed with ${response.status}`);
  return jar.apply(response);
}

export function setCookies(response: Response): Array<{ name: string; value: string; attributes: string[] }> {
  return response.headers.getSetCookie().map((header) => {
    const [pair, ...attributes] = header.split(";").map((part) => part.trim());
    const separator = pair!.indexOf("=");
    return { name: pair!.slice(0, separator), value: decodeURIComponent(pair!.slice(separator + 1)), attributes };
  });
}

export { parseCookieHeader };
