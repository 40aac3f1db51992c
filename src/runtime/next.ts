/**
 * Next.js integration (App Router, Pages Router, middleware/proxy): a translation layer between Next's
 * request APIs (`next/headers`, route handlers, server actions, `redirect`, middleware, API routes,
 * `getServerSideProps`) and the framework-agnostic core. Every auth decision is the core's (or the app's
 * `authorized` callback); this file and `next/*` only build Requests, carry cookies and redirect.
 * Import specifiers: `next` has no `exports` map, so NodeNext needs `next/headers.js`; but `next/navigation`
 * must stay bare, because Next swaps exactly that specifier for its server build (see next/navigation.d.ts).
 */
import { cookies as nextCookies, headers as nextHeaders } from "next/headers.js";
import { redirect as nextRedirect } from "next/navigation";
import type { NextRequest } from "next/server.js";
import { helperRedirect } from "./core/redirect.js";
import { Auth, createActionURL, raw, setEnvDefaults, skipCSRFCheck } from "./index.js";
import { type NextAuthHandler, runMiddleware } from "./next/middleware.js";
import { type PagesContext, type PagesRequest, type PagesResponse, pagesSession } from "./next/pages.js";
import type {
  AuthorizationParams,
  NextAuthConfig,
  NextAuthFunction,
  NextAuthResult,
  SignInOptions,
  SignOutOptions,
} from "./next/types.js";
import type { AuthAction, AuthConfig, Awaitable, Cookie, ResponseInternal, Session, User } from "./types.js";

export type { NextAuthHandler, NextAuthRequest } from "./next/middleware.js";
export { type PagesContext, type PagesRequest, type PagesResponse, pagesApiRoute } from "./next/pages.js";
export type * from "./next/types.js";

type ConfigInit = NextAuthConfig | ((request?: NextRequest) => Awaitable<NextAuthConfig>);

/** Next mounts the routes at `app/api/auth/[...nextauth]`, so that is the base path unless AUTH_URL names one. */
function applyNextDefaults(config: NextAuthConfig): NextAuthConfig {
  if (!config.basePath) {
    const envUrl = process.env.AUTH_URL ?? process.env.NEXTAUTH_URL;
    const envPath = envUrl && URL.canParse(envUrl) ? new URL(envUrl).pathname.replace(/\/+$/, "") : "";
    config.basePath = envPath || "/api/auth";
  }
  setEnvDefaults(process.env, config, true);
  return config;
}

/**
 * Server-side calls (auth, signIn, signOut, update) want the core's internal result, not a Response, and
 * skip the core's CSRF check: they are made by the app's own server code, not posted by a browser, and
 * the server actions that usually call them are protected by Next itself (it rejects an action whose
 * Origin does not match the Host), which is what the double-submit token would otherwise provide.
 */
function serverSide(config: NextAuthConfig): AuthConfig & { raw: typeof raw } {
  return { ...config, raw, skipCSRFCheck };
}

/** Applies the cookies the core set. Server components get read-only cookies: Next throws, and we stop. */
async function applyCookies(cookies: Cookie[] | undefined): Promise<void> {
  if (!cookies?.length) return;
  const jar = await nextCookies();
  for (const cookie of cookies) {
    try {
      jar.set(cookie.name, cookie.value, cookie.options);
    } catch {
      return;
    }
  }
}

/** A Request to `<origin><basePath>/<action>[/<provider>]` carrying the incoming request's headers and cookies. */
async function actionRequest(
  config: NextAuthConfig,
  action: AuthAction,
  init: { providerId?: string; search?: AuthorizationParams; body?: URLSearchParams | string } = {},
): Promise<Request> {
  const headers = new Headers(await nextHeaders());
  // After a server action sets cookies (a sign-in, a session update), Next re-syncs `cookies()` for the
  // re-render but not `headers()`: the cookie header is rebuilt from `cookies()` so auth() sees the new session.
  const cookies = (await nextCookies()).getAll();
  if (cookies.length > 0)
    headers.set("cookie", cookies.map((c) => `${c.name}=${encodeURIComponent(c.value)}`).join("; "));
  else headers.delete("cookie");
  const protocol = headers.get("x-forwarded-proto") === "https" ? "https" : "http";
  const url = createActionURL(action, protocol, headers, process.env, config);
  if (init.providerId) url.pathname += `/${encodeURIComponent(init.providerId)}`;
  for (const [key, value] of new URLSearchParams(init.search)) url.searchParams.append(key, value);
  // The incoming body (a server action's multipart form) is not forwarded, so neither are its framing headers.
  for (const name of ["content-type", "content-length", "transfer-encoding"]) headers.delete(name);
  if (init.body === undefined) return new Request(url, { headers });
  headers.set("content-type", typeof init.body === "string" ? "application/json" : "application/x-www-form-urlencoded");
  return new Request(url, { method: "POST", headers, body: init.body });
}

/** The session in a `/session` result, or null for anything that is not a successful session (fail closed). */
async function sessionFrom(result: ResponseInternal): Promise<Session | null> {
  const status = result.status ?? 200;
  if (status < 200 || status > 299) return null;
  await applyCookies(result.cookies);
  const body = result.body as Session | null | undefined;
  return typeof body === "object" && body !== null && typeof body.expires === "string" ? body : null;
}

/** Where the user came from: the default destination after signing in or out. */
async function referer(): Promise<string> {
  return (await nextHeaders()).get("referer") ?? "/";
}

function redirectOrReturn<T>(url: string, shouldRedirect: unknown): T {
  if (shouldRedirect !== false && shouldRedirect !== "false") nextRedirect(url);
  return url as T;
}

/** Middleware and route handlers get a web Request (`headers.get`); Node's request has a plain object. */
function isWebRequest(value: unknown): boolean {
  return typeof (value as Request | undefined)?.headers?.get === "function";
}

function isPagesContext(value: unknown): value is PagesContext {
  return typeof value === "object" && value !== null && "req" in value && "res" in value;
}

export default function NextAuth(init: ConfigInit): NextAuthResult {
  const staticConfig = typeof init === "function" ? undefined : applyNextDefaults(init);
  const staticServerConfig = staticConfig && serverSide(staticConfig);
  const resolve = async (request?: NextRequest) =>
    staticConfig ?? applyNextDefaults(await (init as Exclude<ConfigInit, NextAuthConfig>)(request));
  const resolveServerSide = async () => staticServerConfig ?? serverSide(await resolve());

  const handle = async (request: NextRequest) => Auth(request, await resolve(request));

  async function appRouterSession(): Promise<Session | null> {
    const config = await resolveServerSide();
    // Outside the try: what Next's `headers()` throws (dynamic-rendering signals, calls outside a request)
    // is Next's to handle, not a session failure.
    const request = await actionRequest(config, "session");
    let result: ResponseInternal;
    try {
      result = await Auth(request, config);
    } catch {
      // Fail closed: a session that cannot be read is no session. The core has logged the cause.
      return null;
    }
    return sessionFrom(result);
  }

  async function signIn<Redirect extends boolean = true>(
    providerId?: string,
    options: FormData | SignInOptions<Redirect> = {},
    authorizationParams?: AuthorizationParams,
  ): Promise<Redirect extends false ? string : never> {
    const config = await resolveServerSide();
    const { redirect, redirectTo, ...fields } = options instanceof FormData ? Object.fromEntries(options) : options;
    const callbackUrl = typeof redirectTo === "string" && redirectTo ? redirectTo : await referer();
    if (!providerId) {
      const url = createActionURL("signin", "http", new Headers(await nextHeaders()), process.env, config);
      return redirectOrReturn(`${url.pathname}?${new URLSearchParams({ callbackUrl })}`, redirect);
    }
    const provider = config.providers
      .map((entry) => (typeof entry === "function" ? entry() : entry))
      .find((candidate) => candidate.id === providerId);
    // Credentials are verified by the callback action directly; every other provider starts at signin.
    const action = provider?.type === "credentials" ? "callback" : "signin";
    const body = new URLSearchParams({ callbackUrl });
    // A form posted without JavaScript also carries Next's own `$ACTION_*` fields: they are not credentials.
    for (const [key, value] of Object.entries(fields)) {
      if (typeof value === "string" && !key.startsWith("$ACTION")) body.set(key, value);
    }
    const request = await actionRequest(config, action, { providerId, search: authorizationParams, body });
    // Server actions handle the form on the server: with `raw`, the core throws a rejected sign-in (for
    // example CredentialsSignin with its safe `code`) to the caller instead of redirecting to an error page.
    const result = await Auth(request, config);
    await applyCookies(result.cookies);
    return redirectOrReturn(helperRedirect(result, request), redirect);
  }

  async function signOut<Redirect extends boolean = true>(
    options: SignOutOptions<Redirect> = {},
  ): Promise<Redirect extends false ? string : never> {
    const config = await resolveServerSide();
    const callbackUrl = options.redirectTo || (await referer());
    const request = await actionRequest(config, "signout", { body: new URLSearchParams({ callbackUrl }) });
    const result = await Auth(request, config);
    await applyCookies(result.cookies);
    return redirectOrReturn(helperRedirect(result, request), options.redirect);
  }

  async function unstable_update(data: Partial<Session | { user: Partial<User> }>): Promise<Session | null> {
    const config = await resolveServerSide();
    const request = await actionRequest(config, "session", { body: JSON.stringify({ data }) });
    return sessionFrom(await Auth(request, config));
  }

  function auth(...args: unknown[]): unknown {
    const [first, second] = args;
    if (args.length === 0) return appRouterSession();
    if (typeof first === "function") {
      const handler = first as NextAuthHandler<unknown>;
      return async (request: NextRequest, context: unknown) =>
        runMiddleware(await resolve(request), request, context, handler);
    }
    if (isWebRequest(first)) {
      const request = first as NextRequest;
      return resolve(request).then((config) => runMiddleware(config, request, second));
    }
    const { req, res } = isPagesContext(first) ? first : { req: first as PagesRequest, res: second as PagesResponse };
    return resolve().then((config) => pagesSession(config, req, res));
  }

  return {
    handlers: { GET: handle, POST: handle },
    auth: auth as NextAuthFunction,
    signIn,
    signOut,
    unstable_update,
  };
}
