/**
 * Configuration checks run before any action, so a misconfigured deployment fails the same way on every
 * route instead of half-working. Returns the first error (answered as a Configuration error) and logs
 * warnings for risky-but-valid settings.
 */
import {
  ExperimentalFeatureNotEnabled,
  InvalidCallbackUrl,
  MissingAdapter,
  MissingAuthorize,
  MissingSecret,
  UnsupportedStrategy,
  UntrustedHost,
} from "../errors.js";
import type { AuthConfig } from "../types.js";
import type { InternalOptions, RequestInternal } from "./internal.js";

/** A callback URL must be http(s), or a path on this origin. */
function isValidHttpUrl(value: string, origin: string): boolean {
  try {
    const url = new URL(value, value.startsWith("/") ? origin : undefined);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

const warned = new WeakSet<AuthConfig>();

export function assertConfig(
  request: RequestInternal,
  options: InternalOptions,
  config: AuthConfig,
): Error | undefined {
  const { logger } = options;
  if (!warned.has(config)) {
    warned.add(config);
    if (options.debug)
      logger.warn(
        "debug-enabled",
        "Debug logging is on: it may log tokens and profiles. Never enable it in production.",
      );
    if (options.experimental.enableWebAuthn)
      logger.warn("experimental-webauthn", "WebAuthn is experimental and may change.");
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

  const callbackUrls = [
    ["query parameter", request.query.callbackUrl],
    ["form field", request.body?.callbackUrl],
    ["cookie", request.cookies[options.cookies.callbackUrl.name]],
  ] as const;
  for (const [where, value] of callbackUrls) {
    if (value && !isValidHttpUrl(value, request.url.origin)) {
      return new InvalidCallbackUrl(`Invalid callback URL in the ${where}. Received: ${value}`);
    }
  }

  if (config.adapter || options.session.strategy === "database") {
    return new UnsupportedStrategy(
      "Adapters and the database session strategy are not available in this runtime version: use JWT sessions (no adapter).",
    );
  }
  for (const provider of options.providers) {
    if (provider.type === "credentials" && typeof provider.authorize !== "function") {
      return new MissingAuthorize(`The credentials provider "${provider.id}" needs an \`authorize\` function.`);
    }
    if (provider.type === "email") {
      return new MissingAdapter(`The email provider "${provider.id}" needs an adapter to store verification tokens.`);
    }
    if (provider.type === "webauthn" && !options.experimental.enableWebAuthn) {
      return new ExperimentalFeatureNotEnabled(
        `The WebAuthn provider "${provider.id}" is experimental: set \`experimental: { enableWebAuthn: true }\`.`,
      );
    }
    if (provider.type === "webauthn") {
      return new MissingAdapter(`The WebAuthn provider "${provider.id}" needs an adapter to store authenticators.`);
    }
  }
  return undefined;
}
