/**
 * The configuration as the framework integrations accept it, and the one the app's own server code calls the
 * core with (a session read, a sign-in or sign-out helper): the core's internal result, no CSRF token.
 */
import { type AuthConfig, type RawMarker, raw, type SkipCSRFCheckMarker, skipCSRFCheck } from "../../types.js";

/** A configuration as the integrations accept it: the `raw` marker is theirs to set, not the app's. */
export type IntegrationConfig = Omit<AuthConfig, "raw">;

/** The configuration of a server-side call: the core's internal result, no CSRF token (see serverConfig). */
export type ServerConfig = AuthConfig & { raw: RawMarker; skipCSRFCheck: SkipCSRFCheckMarker };

const serverConfigs = new WeakMap<IntegrationConfig, ServerConfig>();

/**
 * The configuration for calls made by the app's own server code, not posted by a browser to the auth
 * routes. `raw`: the core answers with its internal result (cookies to set, where to redirect) and throws a
 * rejected sign-in (an AuthError with its safe `code`) to the caller. `skipCSRFCheck`: the double-submit
 * token is the framework's to replace, and each one does before a helper runs: Next rejects a server action
 * whose Origin does not match its Host, SvelteKit and Qwik City a cross-site form POST (`checkOrigin`).
 * Made once per config object, so the core's per-object cache (resolved options, keys) keeps working.
 */
export function serverConfig(config: IntegrationConfig): ServerConfig {
  let server = serverConfigs.get(config);
  if (!server) {
    server = { ...config, raw, skipCSRFCheck };
    serverConfigs.set(config, server);
  }
  return server;
}
