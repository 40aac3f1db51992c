/**
 * What the React Router integration reads of the web Request React Router hands a loader, an action or a
 * middleware: the origin it was sent to (as its Host header names it, never a forwarded header an adapter
 * may have baked into `request.url`), the app's own path behind a data request's `.data` URL, and whether the
 * request is a data request (a script's, answered 401 rather than redirected).
 */

import type { IncomingRequest } from "../core/server/action-request.js";
import { requestAt } from "../core/server/request-at.js";

type Env = Record<string, string | undefined>;

/**
 * The request's URL on the host its Host header names. Some adapters build `request.url` from
 * X-Forwarded-Host (Architect's, any custom server that copies it): the core's rule believes that header only
 * under `trustHost`, and it reads it from the headers itself, so the URL it is handed carries the Host's.
 */
export function hostUrl(request: Request): URL {
  const url = new URL(request.url);
  const host = request.headers.get("host")?.trim();
  if (host && host !== url.host && URL.canParse(`${url.protocol}//${host}`)) {
    const own = new URL(`${url.protocol}//${host}`);
    // Only a plain host: a Host header with a path or credentials in it is not one.
    if (own.pathname === "/" && !own.username && !own.password) url.host = own.host;
  }
  return url;
}

/**
 * The Request the core is handed: React Router's own, its body unread, so the core reads it once under its
 * limits; rebuilt around the same body stream only when its URL names another host than its Host header.
 */
export function coreRequest(request: Request): Request {
  return requestAt(request, hostUrl(request));
}

/** The request as the core's server layer reads it for a session read, a guard or a helper. */
export function incomingOf(request: Request, env: Env): IncomingRequest & { headers: Headers; url: URL } {
  return { headers: request.headers, url: hostUrl(request), env };
}

/**
 * A data request: React Router's client fetching a route's data (`/page.data`, `/_root.data`, `/page/_.data`,
 * the URL a loader sees under `future.v8_passThroughRequests` and in React Router 8), or Remix's `?_data=`.
 * A script reads its answer, so it gets a status, never a redirect to an HTML page it cannot render.
 */
export function isDataRequest(url: URL): boolean {
  return url.pathname.endsWith(".data") || url.searchParams.has("_data");
}

/**
 * The app's own path and query of the request (where sign-in comes back to): a data request's URL without
 * React Router's `.data` suffix and its own query parameters.
 */
export function appPath(url: URL): { path: string; search: string } {
  let path = url.pathname;
  if (path.endsWith("/_root.data") || path.endsWith("/_.data")) path = path.replace(/(_root)?_?\.data$/, "");
  else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  const search = new URLSearchParams(url.search);
  for (const name of ["_routes", "_data"]) search.delete(name);
  const query = search.toString();
  return { path: path || "/", search: query ? `?${query}` : "" };
}
