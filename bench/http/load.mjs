// One measured row of the HTTP benchmark: autocannon against one URL of one booted app for a fixed duration and
// connection count, on loopback, with the session cookie; then one request of the same kind checked by hand,
// so a run that was fast because it answered the wrong thing (signed out, an error page) is caught.
import autocannon from "autocannon";

/**
 * Runs autocannon against `url` with `cookie`. Resolves with what the table prints: requests, requests/s, the
 * mean, p50 and p99 latency (ms), errors, timeouts, non-2xx answers. The latencies are taken from each response's
 * own time (autocannon's histogram keeps whole milliseconds, too coarse for answers that take one or less).
 */
export async function loadUrl(url, cookie, { seconds, connections }) {
  const times = [];
  const instance = autocannon({ url, connections, duration: seconds, headers: { cookie } });
  instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  times.sort((a, b) => a - b);
  const percentile = (p) => (times.length === 0 ? 0 : times[Math.min(times.length - 1, Math.floor(p * times.length))]);
  return {
    requests: result.requests.total,
    seconds: result.duration,
    perSecond: result.requests.total / result.duration,
    mean: times.length === 0 ? 0 : times.reduce((total, time) => total + time, 0) / times.length,
    p50: percentile(0.5),
    p99: percentile(0.99),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    // Sent and never answered nor failed: at most one per connection may still be in flight when the time is up.
    unanswered: result.requests.sent - result.requests.total - result.errors,
  };
}

/**
 * Checks that `url` with `cookie` answers 200 with the signed-in user: a session whose user is `name` for
 * `GET <authBase>/session`, a body showing `name` for the protected page. Resolves with a problem, or null.
 */
export async function checkSignedIn(url, cookie, { name, kind }) {
  let response;
  try {
    response = await fetch(url, { headers: { cookie }, redirect: "manual" });
  } catch (error) {
    return `GET ${url} failed: ${error.message}`;
  }
  const body = await response.text();
  if (response.status !== 200) return `GET ${url} answered ${response.status}: ${body.slice(0, 300)}`;
  if (kind === "session") {
    let session;
    try {
      session = JSON.parse(body);
    } catch {
      return `GET ${url} answered no JSON: ${body.slice(0, 300)}`;
    }
    return session?.user?.name === name ? null : `GET ${url} answered another session: ${body.slice(0, 300)}`;
  }
  return body.includes(name) ? null : `GET ${url} does not show ${name}: ${body.slice(0, 300)}`;
}

/** Checks that `url` without a cookie is refused (401, or a redirect to sign-in): the page really is protected. */
export async function checkProtected(url) {
  const response = await fetch(url, { redirect: "manual" });
  await response.arrayBuffer();
  return response.status === 401 || (response.status >= 300 && response.status < 400)
    ? null
    : `GET ${url} signed out answered ${response.status}, not 401 or a redirect`;
}
