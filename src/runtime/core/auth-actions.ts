/**
 * The actions served under the base path, and the URL of one of them as a framework integration sees it
 * (for building the internal Request of `auth()`, `signIn()`, `signOut()`).
 */
import type { AuthAction, LoggerInstance } from "../types.js";
import { envUrl } from "./env.js";

export const AUTH_ACTIONS: readonly AuthAction[] = [
  "callback",
  "csrf",
  "error",
  "providers",
  "session",
  "signin",
  "signout",
  "verify-request",
  "webauthn-options",
];

/** Only these actions take a provider segment (`/signin/github`). */
export const ACTIONS_WITH_PROVIDER: ReadonlySet<AuthAction> = new Set(["signin", "callback", "webauthn-options"]);

export function isAuthAction(action: string): action is AuthAction {
  return (AUTH_ACTIONS as readonly string[]).includes(action);
}

/**
 * `<origin><basePath>/<action>`. The origin is `AUTH_URL` (or `NEXTAUTH_URL`) when set; otherwise it is
 * taken from the request's `X-Forwarded-Host`/`Host` and `X-Forwarded-Proto`, as an integration running
 * behind a trusted proxy must.
 */
export function createActionURL(
  action: AuthAction,
  protocol: string,
  headers: Headers,
  envObject: Record<string, string | undefined>,
  config: { basePath?: string; logger?: Partial<LoggerInstance> },
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
    const host = firstValue(headers.get("x-forwarded-host")) ?? firstValue(headers.get("host"));
    const detectedProtocol = firstValue(headers.get("x-forwarded-proto")) ?? protocol ?? "https";
    url = new URL(`${detectedProtocol.endsWith(":") ? detectedProtocol : `${detectedProtocol}:`}//${host}`);
  }
  const origin = url.toString().replace(/\/$/, "");
  const path = (basePath ?? "").replace(/^\/|\/$/g, "");
  return new URL(path ? `${origin}/${path}/${action}` : `${origin}/${action}`);
}

/**
 * Proxies may append to these headers (`a, b`): the first value is the client-facing one. Node hands a
 * repeated header over as an array: its first entry, likewise.
 */
export function firstValue(header: string | readonly string[] | null | undefined): string | undefined {
  const value = (typeof header === "string" ? header : header?.[0])?.split(",")[0]?.trim();
  return value || undefined;
}

/** `<origin><basePath>/<action>` from the resolved base URL (whose href may end in `/` when basePath is `/`). */
export function actionHref(base: URL, action: string): string {
  return `${base.href.replace(/\/$/, "")}/${action}`;
}
