/**
 * The URL of an action as a framework integration sees it, for building the action request of `auth()`,
 * `signIn()`, `signOut()`: from AUTH_URL, or the request's own host, or a trusted proxy's forwarded headers.
 */
import type { AuthAction, LoggerInstance } from "../../types.js";
import { envTrustHost, envUrl } from "../env.js";
import { forwardedOrigin } from "../request.js";

/** Whether forwarded headers may be believed: the config's `trustHost`, else what the environment says. */
function hostTrusted(config: { trustHost?: boolean | undefined }, envObject: Record<string, string | undefined>) {
  return (config.trustHost ?? envTrustHost(envObject)) === true;
}

/**
 * `<origin><basePath>/<action>`. The origin is `AUTH_URL` (or `NEXTAUTH_URL`) when set; otherwise the
 * request's own (`Host` and `protocol`), or, when the host is trusted, what a trusted proxy reports through
 * `X-Forwarded-Host` / `X-Forwarded-Proto` under the core's one rule for them (forwardedOrigin: one plain
 * host, `http` or `https`; a list or anything else is ignored). The core reads the origin of the request it
 * is given by that same rule, so the URL built here is the one it would build itself.
 */
export function createActionURL(
  action: AuthAction,
  protocol: string,
  headers: Headers,
  envObject: Record<string, string | undefined>,
  config: { basePath?: string; logger?: Partial<LoggerInstance>; trustHost?: boolean | undefined },
): URL {
  const basePath = config.basePath;
  const fromEnv = envUrl(envObject);
  let url: URL;
  if (fromEnv) {
    url = new URL(fromEnv);
    if (basePath && basePath !== "/" && url.pathname !== "/") {
      if (url.pathname.replace(/\/$/, "") !== basePath.replace(/\/$/, "")) {
        config.logger?.warn?.(
          "env-url-basepath-mismatch",
          `AUTH_URL's path (${url.pathname}) differs from basePath (${basePath}); basePath is used.`,
        );
      }
      url.pathname = "/";
    }
  } else {
    const scheme = protocol || "https";
    url = new URL(`${scheme.endsWith(":") ? scheme : `${scheme}:`}//${firstValue(headers.get("host"))}`);
    // WSTG-INPV-17 (reset-link and cache poisoning): the first entry of an `X-Forwarded-Host` list is the
    // client's own, so only forwardedOrigin's rule, and only with a trusted host, may replace the origin.
    const forwarded = hostTrusted(config, envObject) ? forwardedOrigin(headers, url) : undefined;
    if (forwarded) url = new URL(forwarded);
  }
  const origin = url.toString().replace(/\/$/, "");
  const path = (basePath ?? "").replace(/^\/|\/$/g, "");
  return new URL(path ? `${origin}/${path}/${action}` : `${origin}/${action}`);
}

/**
 * The first value of a header given as a list (`a, b`) or, as Node hands a repeated header over, an array.
 * Not for the forwarded headers the core believes on a trusted host: a list there is the client's first
 * entry followed by a proxy's, and forwardedOrigin (core/request.ts) refuses it rather than take the first.
 */
export function firstValue(header: string | readonly string[] | null | undefined): string | undefined {
  const value = (typeof header === "string" ? header : header?.[0])?.split(",")[0]?.trim();
  return value || undefined;
}
