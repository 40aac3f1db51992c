/**
 * SvelteKit integration, without SvelteKit's virtual modules: a translation layer between SvelteKit's
 * request event (hooks, `event.locals`, `event.cookies`, form actions, `redirect`) and the framework-agnostic
 * core. The environment is passed in, so this module runs (and is tested) outside Vite; `../sveltekit.ts`
 * binds it to `$env/dynamic/private`. Every auth decision is the core's.
 */
import { type Handle, type RequestEvent, redirect } from "@sveltejs/kit";
import { helperRedirect } from "../core/redirect.js";
import { Auth, createActionURL, isAuthAction, raw, setEnvDefaults, skipCSRFCheck } from "../index.js";
import type { AuthAction, AuthConfig, Cookie, ResponseInternal, Session } from "../types.js";

/** The configuration accepted by `SvelteKitAuth`: the core's, minus the `raw` marker this layer manages. */
export type SvelteKitAuthConfig = Omit<AuthConfig, "raw">;

/** A configuration, or a function of the request event resolving to one (read per request). */
export type SvelteKitAuthInit = SvelteKitAuthConfig | ((event: RequestEvent) => PromiseLike<SvelteKitAuthConfig>);

export interface SvelteKitAuthResult {
  /** The `handle` hook: serves the auth actions under the base path and sets `event.locals.auth()`. */
  handle: Handle;
  /**
   * Form action (`export const actions = { default: signIn }` in `src/routes/signin/+page.server.ts`).
   * Reads `providerId`, `redirectTo`, `authorizationParams` and, for credentials, every other form field;
   * redirects on success. A rejected sign-in (e.g. `CredentialsSignin`) is thrown to the caller.
   */
  signIn: (event: RequestEvent) => Promise<never>;
  /** Form action (in `src/routes/signout/+page.server.ts`): ends the session, then redirects to `redirectTo`. */
  signOut: (event: RequestEvent) => Promise<never>;
}

declare global {
  namespace App {
    interface Locals {
      /** The current session, or `null` (fail closed). Set by the `handle` hook; read once per request. */
      auth(): Promise<Session | null>;
    }
  }
}

type Env = Record<string, string | undefined>;
type ServerConfig = AuthConfig & { raw: typeof raw };

/** Form fields the sign-in action consumes itself; the rest go to the provider (credentials read them). */
const ACTION_FIELDS = new Set(["providerId", "redirectTo", "callbackUrl", "authorizationParams", "csrfToken"]);

/**
 * Form actions call the core with `raw` (its result, or the AuthError it throws) and without its CSRF
 * token: SvelteKit itself rejects a form POST whose Origin is not the app's (`csrf.checkOrigin`), which is
 * the protection the double-submit token would otherwise provide.
 */
const serverConfigs = new WeakMap<SvelteKitAuthConfig, ServerConfig>();
function serverSide(config: SvelteKitAuthConfig): ServerConfig {
  let server = serverConfigs.get(config);
  if (!server) {
    server = { ...config, raw, skipCSRFCheck };
    serverConfigs.set(config, server);
  }
  return server;
}

/** Applies the cookies the core set. Once the response has started SvelteKit refuses new cookies: we stop. */
function applyCookies(event: RequestEvent, cookies: Cookie[] | undefined): void {
  for (const cookie of cookies ?? []) {
    try {
      event.cookies.set(cookie.name, cookie.value, { ...cookie.options, path: cookie.options.path ?? "/" });
    } catch {
      return;
    }
  }
}

/** `/auth/<action>[/…]` under the base path, with a known action: everything else is the app's. */
function isAuthPath(pathname: string, basePath: string): boolean {
  const prefix = `${basePath.replace(/\/+$/, "")}/`;
  return pathname.startsWith(prefix) && isAuthAction(pathname.slice(prefix.length).split("/")[0] ?? "");
}

/** The session in a `/session` result, or null for anything that is not a successful session (fail closed). */
function sessionFrom(event: RequestEvent, result: ResponseInternal): Session | null {
  const status = result.status ?? 200;
  if (status < 200 || status > 299) return null;
  applyCookies(event, result.cookies);
  const body = result.body as Session | null | undefined;
  return typeof body === "object" && body !== null && typeof body.expires === "string" ? body : null;
}

/** A Request to `<origin><basePath>/<action>[/<provider>]` carrying the event's headers (so its cookies). */
function actionRequest(
  event: RequestEvent,
  env: Env,
  config: SvelteKitAuthConfig,
  action: AuthAction,
  init: { providerId?: string; search?: string; body?: URLSearchParams } = {},
): Request {
  const headers = new Headers(event.request.headers);
  const url = createActionURL(action, event.url.protocol, headers, env, config);
  if (init.providerId) url.pathname += `/${encodeURIComponent(init.providerId)}`;
  if (init.search) url.search = init.search;
  // The incoming body (the action's form) is not forwarded, so neither are its framing headers.
  for (const name of ["content-type", "content-length", "transfer-encoding"]) headers.delete(name);
  if (!init.body) return new Request(url, { headers });
  headers.set("content-type", "application/x-www-form-urlencoded");
  return new Request(url, { method: "POST", headers, body: init.body });
}

/** Where to land afterwards: the form's `redirectTo`, else the page the form was posted from. */
function destination(event: RequestEvent, form: FormData): string {
  const asked = form.get("redirectTo") ?? form.get("callbackUrl");
  if (typeof asked === "string" && asked) return asked;
  return event.request.headers.get("referer") ?? "/";
}

/** The path of AUTH_URL (or NEXTAUTH_URL) without its trailing slash; "" when unset, bare or invalid. */
function envUrlPath(env: Env): string {
  const url = env.AUTH_URL || env.NEXTAUTH_URL;
  if (!url) return "";
  try {
    return new URL(url).pathname.replace(/\/+$/, "");
  } catch {
    return "";
  }
}

/**
 * The app's base path (SvelteKit's `paths.base`: "" or `/a/b`), given the request event. `../sveltekit.ts`
 * reads it from `$app/paths`; the event is there for when only a path relative to the request is known.
 */
export type AppBase = (event: RequestEvent) => string;

/**
 * Builds the integration. `env` is read when the configuration is first resolved (never at import time);
 * `appBase` (default: no base path) puts the default auth base path at `${base}/auth`.
 */
export function createSvelteKitAuth(
  init: SvelteKitAuthInit,
  env: () => Env,
  appBase: AppBase = () => "",
): SvelteKitAuthResult {
  let prepared: SvelteKitAuthConfig | undefined;
  const withDefaults = (config: SvelteKitAuthConfig, event: RequestEvent) => {
    // A `basePath` in the config wins, then the path of AUTH_URL, then `${base}/auth` below the app's base.
    const environment = env();
    if (!config.basePath && !envUrlPath(environment)) config.basePath = `${appBase(event).replace(/\/+$/, "")}/auth`;
    setEnvDefaults(environment, config as AuthConfig, true);
    return config;
  };
  const configFor = async (event: RequestEvent): Promise<SvelteKitAuthConfig> => {
    if (typeof init === "function") return withDefaults(await init(event), event);
    prepared ??= withDefaults(init, event);
    return prepared;
  };

  async function session(event: RequestEvent, config: SvelteKitAuthConfig): Promise<Session | null> {
    let result: ResponseInternal;
    try {
      result = await Auth(actionRequest(event, env(), config, "session"), serverSide(config));
    } catch {
      // Fail closed: a session that cannot be read is no session. The core has logged the cause.
      return null;
    }
    return sessionFrom(event, result);
  }

  const handle: Handle = async ({ event, resolve }) => {
    const config = await configFor(event);
    let cached: Promise<Session | null> | undefined;
    event.locals.auth = () => {
      cached ??= session(event, config);
      return cached;
    };
    if (isAuthPath(event.url.pathname, config.basePath ?? "/auth")) return Auth(event.request, config);
    return resolve(event);
  };

  async function signIn(event: RequestEvent): Promise<never> {
    const config = await configFor(event);
    const form = await event.request.formData();
    const callbackUrl = destination(event, form);
    const providerId = form.get("providerId");
    if (typeof providerId !== "string" || !providerId) {
      const url = createActionURL("signin", event.url.protocol, event.request.headers, env(), config);
      redirect(303, `${url.pathname}?${new URLSearchParams({ callbackUrl })}`);
    }
    const provider = config.providers
      .map((entry) => (typeof entry === "function" ? entry() : entry))
      .find((candidate) => candidate.id === providerId);
    // Credentials are verified by the callback action directly; every other provider starts at signin.
    const action = provider?.type === "credentials" ? "callback" : "signin";
    const body = new URLSearchParams({ callbackUrl });
    for (const [key, value] of form) {
      if (typeof value === "string" && !ACTION_FIELDS.has(key)) body.set(key, value);
    }
    const params = form.get("authorizationParams");
    const search = typeof params === "string" ? params : "";
    const request = actionRequest(event, env(), config, action, { providerId, search, body });
    // With `raw` the core throws a rejected sign-in (CredentialsSignin with its safe `code`) to the caller.
    const result = await Auth(request, serverSide(config));
    applyCookies(event, result.cookies);
    redirect(303, helperRedirect(result, request));
  }

  async function signOut(event: RequestEvent): Promise<never> {
    const config = await configFor(event);
    const callbackUrl = destination(event, await event.request.formData());
    const request = actionRequest(event, env(), config, "signout", { body: new URLSearchParams({ callbackUrl }) });
    const result = await Auth(request, serverSide(config));
    applyCookies(event, result.cookies);
    redirect(303, helperRedirect(result, request));
  }

  return { handle, signIn, signOut };
}
