/**
 * The reference implementation as a black box: the real `@auth/core` 0.41.3 (a devDependency, never
 * shipped) configured like our core test config (same secret, base path, credentials user), so a cookie
 * one side mints can be handed to the other.
 */
import { Auth as ReferenceAuth } from "@auth/core";
import ReferenceCredentials from "@auth/core/providers/credentials";
import type { AuthConfig as ReferenceConfig } from "@auth/core/types";
import { CookieJar, DEMO_USER, get, ORIGIN, postForm, SECRET } from "../core/support.js";

/** Where the wire tests run over https: the reference's session cookie is `__Secure-`, ours `__Host-`. */
export const HTTPS_ORIGIN = "https://app.example.test";

/** The same request (method, headers, body) sent to `origin` instead of the test origin. */
export function at(origin: string, request: Request): Request {
  if (origin === ORIGIN) return request;
  const url = new URL(request.url);
  return new Request(`${origin}${url.pathname}${url.search}`, request);
}

export function referenceConfig(overrides: Partial<ReferenceConfig> = {}): ReferenceConfig {
  return {
    secret: SECRET,
    trustHost: true,
    basePath: "/auth",
    // The reference logs every rejected cookie to the console; the assertions here are on responses.
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [
      ReferenceCredentials({
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(input) {
          if (input.email === DEMO_USER.email && input.password === "correct horse") {
            return { id: DEMO_USER.id!, name: DEMO_USER.name!, email: DEMO_USER.email!, image: null };
          }
          return null;
        },
      }),
    ],
    ...overrides,
  };
}

/** The reference's answer to a request. */
export function reference(request: Request, config: ReferenceConfig = referenceConfig()): Promise<Response> {
  return ReferenceAuth(request, config);
}

/** A CSRF token and cookie minted by the reference, in a fresh jar. */
export async function referenceCsrf(
  jar = new CookieJar(),
  origin = ORIGIN,
): Promise<{ jar: CookieJar; csrfToken: string }> {
  const response = await reference(at(origin, get("/auth/csrf", jar)));
  jar.apply(response);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { jar, csrfToken };
}

/** Signs the demo user in through the reference's credentials provider; the jar holds its cookies. */
export async function referenceSignIn(
  config: ReferenceConfig = referenceConfig(),
  origin = ORIGIN,
): Promise<CookieJar> {
  const { jar, csrfToken } = await referenceCsrf(new CookieJar(), origin);
  const fields = { csrfToken, email: DEMO_USER.email!, password: "correct horse" };
  const response = await reference(at(origin, postForm("/auth/callback/credentials", fields, jar)), config);
  if (response.status !== 302) throw new Error(`reference sign-in failed with ${response.status}`);
  return jar.apply(response);
}
