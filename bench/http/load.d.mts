// Types of load.mjs, for the test that imports its checks.

/** One autocannon run's figures: latencies in ms, counts of requests. */
export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  mean: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  unanswered: number;
}

export function loadUrl(
  url: string,
  cookie: string,
  scale: { seconds: number; connections: number },
): Promise<LoadResult>;

export function checkSignedIn(
  url: string,
  cookie: string,
  expected: { name: string; kind: string },
): Promise<string | null>;

export function checkProtected(url: string): Promise<string | null>;
