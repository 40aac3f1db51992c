/**
 * A web Request moved to another URL, for an integration whose framework hands over a URL the core must not
 * read (Next's loopback rewrite, a React Router adapter's host): the same method, headers, signal and body
 * stream, unread, so the core still reads the body once under its limits. Web-standard only (Next's edge).
 */
export function requestAt(request: Request, url: URL): Request {
  if (url.href === request.url) return request;
  const init: RequestInit & { duplex?: "half" } = {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
  };
  if (request.body) {
    init.body = request.body;
    init.duplex = "half";
  }
  return new Request(url, init);
}
