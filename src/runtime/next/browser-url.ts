/**
 * The URL the browser used, where Next changed it. NextURL (next/dist/server/web/next-url.js, `parseURL`)
 * rewrites a loopback hostname, `127.x.x.x` or `[::1]`, to `localhost`, and a NextRequest's `url` is that
 * rewritten URL. The core compares the browser's `Origin` with the request's origin (core/csrf.ts) and builds
 * its redirects on it: a browser on `http://127.0.0.1:3000` was refused as cross-origin (MissingCSRF), and
 * sent to `localhost`, where its cookies for 127.0.0.1 are not sent. Only that rewrite is undone here: the
 * hostname goes back to the loopback literal the browser named, nothing else of the URL changes, and no
 * forwarded header is read (those are the core's to judge, under `trustHost`).
 */
import { requestAt } from "../core/server/request-at.js";

/** NextURL's REGEX_LOCALHOST_HOSTNAME without `localhost` itself: the hostnames it rewrites. */
const LOOPBACK_LITERAL = /^(?:127(?:\.(?:25[0-5]|2[0-4]\d|[01]?\d\d?)){3}|\[::1\])$/;

/** The `url` getter of Request itself: the URL a NextRequest was constructed with, before NextURL's rewrite. */
const constructedUrl = Object.getOwnPropertyDescriptor(Request.prototype, "url")?.get;

/**
 * The host the browser named: its `Host` header (Next's own server builds the request URL from the hostname
 * it listens on, not from the browser's), else the URL the NextRequest was constructed with.
 */
function namedHost(request: Request): string | undefined {
  const host = request.headers.get("host");
  if (host !== null) return host;
  try {
    return constructedUrl ? new URL(constructedUrl.call(request) as string).host : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `request.url`, with the loopback hostname the browser used where Next wrote `localhost`. Undone only when
 * the browser's host is a loopback literal on the same port: a Host header can then move the URL only between
 * names of this same machine and port, which is no more than the core already trusts it with (`trustHost`),
 * and with `AUTH_URL` set the core ignores the request's host altogether.
 */
export function browserUrl(request: Request): URL {
  const url = new URL(request.url);
  if (url.hostname !== "localhost") return url;
  const host = namedHost(request);
  if (host === undefined || !URL.canParse(`${url.protocol}//${host}`)) return url;
  const named = new URL(`${url.protocol}//${host}`);
  // Step 1 — only NextURL's rewrite is undone: a loopback literal, on the port Next kept.
  if (!LOOPBACK_LITERAL.test(named.hostname) || named.port !== url.port) return url;
  url.hostname = named.hostname;
  return url;
}

/**
 * The request as the core must see it: the NextRequest itself when its URL is the browser's, otherwise a
 * plain Request (a NextRequest would rewrite the host again) with the browser's URL and the same method,
 * headers, body and signal.
 */
export function browserRequest(request: Request): Request {
  return requestAt(request, browserUrl(request));
}
