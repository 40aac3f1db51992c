/**
 * SvelteKit integration, without SvelteKit's virtual modules: a translation layer between SvelteKit's
 * request event (hooks, `event.locals`, `event.cookies`, form actions, `redirect`) and the framework-agnostic
 * core. The environment is passed in, so this module runs (and is tested) outside Vite; `../sveltekit.ts`
 * binds it to `$env/dynamic/private`. Every auth decision is the core's.
 */
import { error, type Handle, type RequestEvent, redirect } from "@sveltejs/kit";
import { Auth } from "../core/auth.js";
import { bodyLimits, readFormData } from "../core/body.js";
import { inputLimitStatus } from "../core/errors.js";
import { setClientAddress } from "../core/limits/client-address.js";
import { type IncomingRequest, isAuthPath } from "../core/server/action-request.js";
import type { IntegrationConfig } from "../core/server/config.js";
import { configSource } from "../core/server/config-source.js";
import { writeCookies } from "../core/server/cookie-jar.js";
import { helperCallbackUrl, signInPagePath } from "../core/server/helper-destination.js";
import { applyMountDefaults } from "../core/server/mount-defaults.js";
import { readSession } from "../core/server/session-read.js";
import { helperSignIn, helperSignOut } from "../core/server/sign-in-sign-out.js";
import { InputTooLarge } from "../errors.js";
import type { Cookie, Session } from "../types.js";

/** The configuration accepted by `SvelteKitAuth`: the core's, minus the `raw` marker this layer manages. */
export type SvelteKitAuthConfig = IntegrationConfig;

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

/** Applies the cookies the core set. Once the response has started SvelteKit refuses new cookies: we stop. */
function applyCookies(event: RequestEvent, cookies: Cookie[]): void {
  writeCookies(cookies, ({ name, value, options }) => event.cookies.set(name, value, options));
}

function incoming(event: RequestEvent, env: Env): IncomingRequest {
  return { headers: event.request.headers, url: event.url, env };
}

/**
 * Where to land afterwards: the form's `redirectTo`, else the page the form was posted from. The helpers
 * run as form actions, so SvelteKit's own `csrf.checkOrigin` has refused a cross-site POST before them.
 */
function destination(event: RequestEvent, form: FormData): string {
  return helperCallbackUrl(form.get("redirectTo") ?? form.get("callbackUrl"), event.request.headers.get("referer"));
}

/**
 * The action's form, read by the core's one reader under the config's limits (core/body.ts). A form over one
 * is SvelteKit's error (413 or 400), which a browser's form POST sees as the app's error page.
 */
async function formOf(event: RequestEvent, config: SvelteKitAuthConfig): Promise<FormData> {
  try {
    return await readFormData(event.request, bodyLimits(config.limits));
  } catch (thrown) {
    if (thrown instanceof InputTooLarge) error(inputLimitStatus(thrown), thrown.message);
    throw thrown;
  }
}

/**
 * The app's base path (SvelteKit's `paths.base`: "" or `/a/b`), given the request event. `../sveltekit.ts`
 * reads it from `$app/paths`; the event is there for when only a path relative to the request is known.
 */
export type AppBase = (event: RequestEvent) => string;

/**
 * The client's address as the app's adapter gives it (adapter-node reads ADDRESS_HEADER and XFF_DEPTH, the
 * platforms their own header), for the rate limits without a trusted header. An adapter that has none throws.
 */
function clientAddress(event: RequestEvent): string | undefined {
  try {
    return event.getClientAddress();
  } catch {
    return undefined;
  }
}

/**
 * Builds the integration. `env` is read when the configuration is first resolved (never at import time);
 * `appBase` (default: no base path) puts the default auth base path at `${base}/auth`.
 */
export function createSvelteKitAuth(
  init: SvelteKitAuthInit,
  env: () => Env,
  appBase: AppBase = () => "",
): SvelteKitAuthResult {
  // A `basePath` in the config wins, then the path of AUTH_URL, then `${base}/auth` below the app's base.
  const configFor = configSource(init, (config, event: RequestEvent) =>
    applyMountDefaults(config, env(), `${appBase(event).replace(/\/+$/, "")}/auth`),
  );

  async function session(event: RequestEvent, config: SvelteKitAuthConfig): Promise<Session | null> {
    const read = await readSession(config, incoming(event, env()));
    applyCookies(event, read.cookies);
    return read.session;
  }

  const handle: Handle = async ({ event, resolve }) => {
    const config = await configFor(event);
    let cached: Promise<Session | null> | undefined;
    event.locals.auth = () => {
      cached ??= session(event, config);
      return cached;
    };
    if (isAuthPath(event.url.pathname, config.basePath)) {
      setClientAddress(event.request, clientAddress(event));
      return Auth(event.request, config);
    }
    return resolve(event);
  };

  async function signIn(event: RequestEvent): Promise<never> {
    const config = await configFor(event);
    const form = await formOf(event, config);
    const callbackUrl = destination(event, form);
    const providerId = form.get("providerId");
    if (typeof providerId !== "string" || !providerId) {
      redirect(303, signInPagePath(config, incoming(event, env()), callbackUrl));
    }
    const params = form.get("authorizationParams");
    const authorizationParams = typeof params === "string" ? params : undefined;
    // The core throws a rejected sign-in (CredentialsSignin with its safe `code`) to the caller.
    const outcome = await helperSignIn(config, incoming(event, env()), {
      providerId,
      callbackUrl,
      // The form goes to the provider (credentials read it); the core leaves out the helper's own fields and files.
      fields: form,
      authorizationParams,
    });
    applyCookies(event, outcome.cookies);
    redirect(303, outcome.redirect);
  }

  async function signOut(event: RequestEvent): Promise<never> {
    const config = await configFor(event);
    const callbackUrl = destination(event, await formOf(event, config));
    const outcome = await helperSignOut(config, incoming(event, env()), callbackUrl);
    applyCookies(event, outcome.cookies);
    redirect(303, outcome.redirect);
  }

  return { handle, signIn, signOut };
}
