/**
 * Configuration checks run before any action, so a misconfigured deployment fails the same way on every
 * route instead of half-working. Returns the first error (answered as a Configuration error) and logs
 * warnings for risky-but-valid settings.
 */
import {
  ExperimentalFeatureNotEnabled,
  InvalidCallbackUrl,
  MissingAdapter,
  MissingAdapterMethods,
  MissingAuthorize,
  MissingSecret,
  UnsupportedStrategy,
  UntrustedHost,
} from "../errors.js";
import type { Adapter, AuthConfig } from "../types.js";
import type { InternalOptions, RequestInternal } from "./internal.js";
import { APP_CHOSEN, redirectTarget } from "./redirect.js";
import { assertWebAuthnProviders } from "./webauthn/assert.js";

/** What each flow calls on the adapter; checked up front so a gap fails at start-up, not mid sign-in. */
const METHODS_FOR = {
  databaseSessions: ["createSession", "getSessionAndUser", "updateSession", "deleteSession"],
  // core/account/resolve-user.ts: find the account's owner, link to the signed-in user, or create one.
  accountSignIn: ["createUser", "getUser", "getUserByEmail", "getUserByAccount", "linkAccount"],
  email: ["createVerificationToken", "useVerificationToken", "getUserByEmail", "createUser", "updateUser"],
  webauthn: [
    "createUser",
    "getUser",
    "getUserByEmail",
    "getUserByAccount",
    "linkAccount",
    "getAccount",
    "getAuthenticator",
    "createAuthenticator",
    "listAuthenticatorsByUserId",
    "updateAuthenticatorCounter",
  ],
} satisfies Record<string, Array<keyof Adapter>>;

/**
 * The strategy and the providers decide what the adapter must do. No adapter where one is needed →
 * MissingAdapter; an adapter lacking a method some flow calls → MissingAdapterMethods naming them all.
 */
function assertAdapter(options: InternalOptions): Error | undefined {
  const { adapter, providers } = options;
  const database = options.session.strategy === "database";
  const types = new Set(providers.map((provider) => provider.type));
  const emailProvider = providers.find((provider) => provider.type === "email");
  const webauthnProvider = providers.find((provider) => provider.type === "webauthn");

  if (!adapter) {
    if (emailProvider) {
      return new MissingAdapter(
        `The email provider "${emailProvider.id}" needs an adapter to store verification tokens.`,
      );
    }
    if (webauthnProvider) {
      return new MissingAdapter(
        `The WebAuthn provider "${webauthnProvider.id}" needs an adapter to store authenticators.`,
      );
    }
    if (database) {
      return new MissingAdapter(
        'The "database" session strategy needs an adapter to store sessions: pass `adapter`, or use `session: { strategy: "jwt" }`.',
      );
    }
    return undefined;
  }
  // §7: credentials sessions are always JWTs, so a database strategy with nothing else could never sign in.
  if (database && types.size > 0 && [...types].every((type) => type === "credentials")) {
    return new UnsupportedStrategy(
      'Credentials providers sign in with JWT sessions only: use `session: { strategy: "jwt" }`, or add a provider that can use database sessions.',
    );
  }

  const required = new Set<keyof Adapter>();
  const need = (methods: ReadonlyArray<keyof Adapter>) => {
    for (const method of methods) required.add(method);
  };
  if (database) need(METHODS_FOR.databaseSessions);
  if (types.has("oauth") || types.has("oidc")) need(METHODS_FOR.accountSignIn);
  // A proving sign-in that links by address detaches an unproved holder of it (core/account/resolve-user.ts).
  if (
    providers.some(
      (provider) => "allowDangerousEmailAccountLinking" in provider && provider.allowDangerousEmailAccountLinking,
    )
  ) {
    need(["updateUser"]);
  }
  if (emailProvider) need(METHODS_FOR.email);
  if (webauthnProvider) need(METHODS_FOR.webauthn);
  const missing = [...required].filter((method) => typeof adapter[method] !== "function");
  if (missing.length === 0) return undefined;
  return new MissingAdapterMethods(
    `The adapter does not implement ${missing.map((method) => `\`${method}\``).join(", ")}, which this configuration's sign-in methods and session strategy need.`,
  );
}

/**
 * Warnings already given, per destination (the user's logger, or the console): some integrations (Qwik)
 * build a fresh config on every request, and a warning per request would drown the log.
 */
const warned = new WeakMap<object, Set<string>>();

function warnOnce(config: AuthConfig, logger: InternalOptions["logger"], code: string, message: string): void {
  const destination = config.logger ?? console;
  const given = warned.get(destination) ?? new Set<string>();
  warned.set(destination, given);
  if (given.has(code)) return;
  given.add(code);
  logger.warn(code, message);
}

export function assertConfig(
  request: RequestInternal,
  options: InternalOptions,
  config: AuthConfig,
): Error | undefined {
  const { logger } = options;
  if (options.debug) {
    warnOnce(
      config,
      logger,
      "debug-enabled",
      "Debug logging is on: it may log tokens and profiles. Never enable it in production.",
    );
  }
  if (options.experimental.enableWebAuthn) {
    warnOnce(config, logger, "experimental-webauthn", "WebAuthn is experimental and may change.");
  }

  // Without a trusted host, the Host header (and so every URL we build) is attacker-controlled.
  if (config.trustHost !== true) {
    return new UntrustedHost(
      `Host must be trusted. URL was: ${request.url.href}. Set AUTH_TRUST_HOST=true (or \`trustHost: true\`) when your server or proxy sets the Host header safely, or set AUTH_URL.`,
    );
  }
  if (options.secret.length === 0) {
    return new MissingSecret(
      "No secret is set: set AUTH_SECRET in your environment or pass `secret` to the config. Create one with `npx create-auth secret` (or `openssl rand -hex 32`); note that `npx auth secret` runs another project's CLI from the public registry, not this one.",
    );
  }

  // The app's own destinations pass the redirect rule up front: a page that could never be redirected to
  // is the developer's to fix (a request's callbackUrl, by contrast, is the client's and is ignored in init).
  for (const [page, value] of Object.entries(options.pages)) {
    if (value !== undefined && redirectTarget(value, request.url.origin, APP_CHOSEN) === undefined) {
      return new InvalidCallbackUrl(
        `pages.${page} (${JSON.stringify(value)}) is not a path on this site or an absolute http(s) URL without credentials.`,
      );
    }
  }

  for (const provider of options.providers) {
    if (provider.type === "credentials" && typeof provider.authorize !== "function") {
      return new MissingAuthorize(`The credentials provider "${provider.id}" needs an \`authorize\` function.`);
    }
    if (provider.type === "webauthn" && !options.experimental.enableWebAuthn) {
      return new ExperimentalFeatureNotEnabled(
        `The WebAuthn provider "${provider.id}" is experimental: set \`experimental: { enableWebAuthn: true }\`.`,
      );
    }
  }
  return assertWebAuthnProviders(options.providers) ?? assertAdapter(options);
}
