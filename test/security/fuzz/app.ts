/**
 * The app under attack: one core `Auth` configuration with every kind of sign-in a deployment offers
 * (credentials, an OAuth provider with explicit endpoints, optionally an OIDC provider on the real
 * oidc-provider test server, email links through a real SMTP server, passkeys), `AUTH_URL` fixing the origin.
 * The attack files and the fuzz send their requests to this app.
 */
import memory from "../../../src/runtime/adapters/memory.js";
import { setEnvDefaults } from "../../../src/runtime/index.js";
import credentials from "../../../src/runtime/providers/credentials.js";
import nodemailer from "../../../src/runtime/providers/nodemailer.js";
import OIDC from "../../../src/runtime/providers/oidc.js";
import passkey from "../../../src/runtime/providers/passkey.js";
import type { AuthConfig, OAuthConfig, Provider } from "../../../src/runtime/types.js";
import { captureLogger, DEMO_USER, ORIGIN, SECRET } from "../../runtime/core/support.js";

export { DEMO_USER, ORIGIN, SECRET };
export const BASE = "/auth";
export const PASSWORD = "correct horse";
export const SESSION_COOKIE = "authjs.session-token";
export const CALLBACK_URL_COOKIE = "authjs.callback-url";
export const CSRF_COOKIE = "authjs.csrf-token";

/** An OAuth provider with explicit endpoints: starting a sign-in needs no network round trip. */
export const ACME_AUTHORIZE = "https://idp.example.test/authorize";
export function acme(): OAuthConfig {
  return {
    id: "acme",
    name: "Acme",
    type: "oauth",
    clientId: "acme-client",
    clientSecret: "acme-secret",
    authorization: ACME_AUTHORIZE,
    token: "https://idp.example.test/token",
    userinfo: "https://idp.example.test/me",
  };
}

export interface AppOptions {
  /** The issuer of a running oidc-provider: adds the OIDC provider `oidc` (client `app`/`app-secret`). */
  oidcIssuer?: string;
  /** An SMTP URL: adds email links (nodemailer) and, with them, passkeys on the memory adapter. */
  smtpUrl?: string;
  /** The deployment URL; default ORIGIN. `null` leaves AUTH_URL unset (the host comes from the request). */
  authUrl?: string | null;
  /** Set after the env defaults, like a user's explicit config. */
  overrides?: Partial<AuthConfig>;
}

export interface App {
  config: AuthConfig;
  errors: Error[];
  /** Origins a browser may be sent to: the app's and its providers' authorization endpoints. */
  allowedOrigins: string[];
}

export function attackedApp(options: AppOptions = {}): App {
  const { logger, errors } = captureLogger();
  const providers: Provider[] = [
    credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(input) {
        if (input.email === DEMO_USER.email && input.password === PASSWORD) return DEMO_USER;
        return null;
      },
    }),
    acme(),
  ];
  const allowedOrigins = [new URL(options.authUrl ?? ORIGIN).origin, new URL(ACME_AUTHORIZE).origin];
  if (options.oidcIssuer) {
    providers.push(OIDC({ issuer: options.oidcIssuer, clientId: "app", clientSecret: "app-secret" }));
    allowedOrigins.push(new URL(options.oidcIssuer).origin);
  }
  if (options.smtpUrl) {
    providers.push(nodemailer({ server: options.smtpUrl, from: "App <no-reply@example.test>" }), passkey());
  }
  const config: AuthConfig = {
    secret: SECRET,
    basePath: BASE,
    logger,
    providers,
    session: { strategy: "jwt" },
    // These files send thousands of requests from one client at one account and one address: the rate limits
    // (tested in test/runtime/rate-limit/) would answer 429 long before. What is checked here is each answer.
    rateLimit: false,
    ...(options.smtpUrl ? { adapter: memory(), experimental: { enableWebAuthn: true } } : {}),
  };
  const env: Record<string, string> = { NODE_ENV: "production" };
  if (options.authUrl !== null) env.AUTH_URL = options.authUrl ?? ORIGIN;
  setEnvDefaults(env, config);
  Object.assign(config, options.overrides);
  return { config, errors, allowedOrigins };
}

/** The OIDC test server's client for `attackedApp({ oidcIssuer })`. */
export function oidcClient(origin = ORIGIN) {
  return { client_id: "app", client_secret: "app-secret", redirect_uris: [`${origin}${BASE}/callback/oidc`] };
}
