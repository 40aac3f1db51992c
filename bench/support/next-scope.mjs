/**
 * A Next.js route handler's request scope outside a Next server, so `auth()` can be timed as a route handler
 * calls it: what `headers()` and `cookies()` read, and the cookies an `auth()` writes back. The same Next 16
 * internals test/support/next-request-scope.ts uses (the unit tests' copy; this one is plain JavaScript,
 * because the bench runs under plain Node): if a Next upgrade moves them, mend both.
 */
import { createRequire } from "node:module";

const nextModule = createRequire(import.meta.url);
// Next's server loads this first: it exposes AsyncLocalStorage, which `next/headers` needs.
nextModule("next/dist/server/node-environment-baseline.js");
const { workAsyncStorage } = nextModule("next/dist/server/app-render/work-async-storage.external.js");
const { workUnitAsyncStorage } = nextModule("next/dist/server/app-render/work-unit-async-storage.external.js");
const { createRequestStoreForAPI } = nextModule("next/dist/server/async-storage/request-store.js");

/** Runs `action` in the scope of a route handler's request for `url` carrying `headers`; resolves its value. */
export function inRouteHandler(headers, url, action) {
  const store = createRequestStoreForAPI({ headers }, url, undefined, () => {});
  const work = { route: url.pathname, page: url.pathname, forceStatic: false, dynamicShouldError: false };
  return workAsyncStorage.run(work, () => workUnitAsyncStorage.run(store, action));
}
