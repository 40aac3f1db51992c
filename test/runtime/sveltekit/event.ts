/**
 * SvelteKit's input to a hook or form action, built from a real web Request: the `RequestEvent` fields the
 * integration reads (`request`, `url`, `locals`, `cookies`) and plain values for the rest. `cookies` follows
 * SvelteKit's contract (read from the request's Cookie header and from earlier `set` calls, `path` required,
 * `maxAge: 0` deletes) and records every `set`, which is what SvelteKit turns into Set-Cookie headers.
 */
import type { Cookies, RequestEvent } from "@sveltejs/kit";
import { parseCookieHeader } from "../../../src/runtime/core/cookies/header.js";
import { type CookieJar, get, ORIGIN, postForm } from "../core/support.js";

type SetOptions = Parameters<Cookies["set"]>[2];

export interface CookieSet {
  name: string;
  value: string;
  options: SetOptions;
}

function recordingCookies(request: Request, recorded: CookieSet[]): Cookies {
  const fromRequest = parseCookieHeader(request.headers.get("cookie"));
  const current = (): Map<string, string> => {
    const all = new Map(Object.entries(fromRequest));
    for (const { name, value, options } of recorded) {
      if (options.maxAge === 0) all.delete(name);
      else all.set(name, value);
    }
    return all;
  };
  const requirePath = (options: SetOptions | undefined) => {
    // SvelteKit 2 throws this way too: a cookie without a path would land on the route's own path.
    if (options?.path === undefined) throw new Error("You must specify a `path` when setting cookies");
  };
  const cookies: Cookies = {
    get: (name) => current().get(name),
    getAll: () => [...current()].map(([name, value]) => ({ name, value })),
    set(name, value, options) {
      requirePath(options);
      recorded.push({ name, value, options });
    },
    delete(name, options) {
      cookies.set(name, "", { ...options, maxAge: 0 });
    },
    serialize(name, value, options) {
      requirePath(options);
      return `${name}=${encodeURIComponent(value)}; Path=${options.path}`;
    },
  };
  return cookies;
}

export interface TestEvent {
  event: RequestEvent;
  /** Every `event.cookies.set` call, in order. */
  cookiesSet: CookieSet[];
}

export function requestEvent(request: Request): TestEvent {
  const cookiesSet: CookieSet[] = [];
  const event: Omit<RequestEvent, "tracing"> = {
    request,
    url: new URL(request.url),
    cookies: recordingCookies(request, cookiesSet),
    // `handle` sets `auth` on it; until then it is the empty object SvelteKit starts with.
    locals: {} as App.Locals,
    params: {},
    route: { id: null },
    platform: undefined,
    fetch: globalThis.fetch,
    getClientAddress: () => "127.0.0.1",
    setHeaders: () => {},
    isDataRequest: false,
    isSubRequest: false,
    isRemoteRequest: false,
  };
  // The integration never touches `tracing` (OpenTelemetry spans, SvelteKit ≥ 2.31).
  return { event: event as RequestEvent, cookiesSet };
}

/** SvelteKit's `resolve`: renders the app's own route. Records the events it was given. */
export function appResolver() {
  const resolved: RequestEvent[] = [];
  const resolve = (event: RequestEvent) => {
    resolved.push(event);
    return new Response("the app's page", { headers: { "content-type": "text/plain" } });
  };
  return { resolve, resolved };
}

/** What the browser keeps from the cookies a request set (SvelteKit sends them as Set-Cookie). */
export function keepCookies(jar: CookieJar, cookiesSet: CookieSet[]): CookieJar {
  for (const { name, value, options } of cookiesSet) {
    if (options.maxAge === 0) jar.cookies.delete(name);
    else jar.cookies.set(name, value);
  }
  return jar;
}

/**
 * Requests as they reach SvelteKit over HTTP: with a Host header (SvelteKit's Node adapter maps HTTP/2's
 * `:authority` to it too). A web Request built in a test has none unless it is given one.
 */
const HOST = { host: new URL(ORIGIN).host };

export function httpGet(path: string, jar?: CookieJar, headers: Record<string, string> = {}): Request {
  return get(path, jar, { ...HOST, ...headers });
}

export function httpPost(
  path: string,
  fields: Record<string, string>,
  jar?: CookieJar,
  headers: Record<string, string> = {},
): Request {
  return postForm(path, fields, jar, { ...HOST, ...headers });
}
