/**
 * A Next.js request scope outside a Next server: what `headers()`, `cookies()` and `redirect()` need to run a
 * server component's or server action's code in a unit test, as Next's server sets it up for a page request.
 * Built from Next 16's internal modules, whose paths may move on a Next upgrade: this is the one place to mend.
 */
import { createRequire } from "node:module";

type Storage = { run<T>(store: unknown, callback: () => T): T };
const nextModule = createRequire(import.meta.url);
const { workAsyncStorage } = nextModule("next/dist/server/app-render/work-async-storage.external.js") as {
  workAsyncStorage: Storage;
};
const { workUnitAsyncStorage } = nextModule("next/dist/server/app-render/work-unit-async-storage.external.js") as {
  workUnitAsyncStorage: Storage;
};
const { createRequestStoreForAPI } = nextModule("next/dist/server/async-storage/request-store.js") as {
  createRequestStoreForAPI(
    request: { headers: Headers },
    url: URL,
    implicitTags: undefined,
    onUpdateCookies: (cookies: string[]) => void,
  ): unknown;
};
const { getURLFromRedirectError } = nextModule("next/dist/client/components/redirect.js") as {
  getURLFromRedirectError(error: unknown): string | null;
};
const { isRedirectError } = nextModule("next/dist/client/components/redirect-error.js") as {
  isRedirectError(error: unknown): boolean;
};

/** What the code did: its value, or what it threw (with the destination when it was Next's redirect). */
export type ScopeOutcome<T> = { setCookies: string[] } & ({ value: T } | { thrown: unknown; redirect: string | null });

/** Runs `action` in the request scope of a page request for `url` carrying `headers`. */
export async function inNextRequest<T>(headers: Headers, url: URL, action: () => Promise<T>): Promise<ScopeOutcome<T>> {
  let setCookies: string[] = [];
  const store = createRequestStoreForAPI({ headers }, url, undefined, (cookies) => {
    setCookies = cookies;
  });
  const work = { route: url.pathname, page: url.pathname, forceStatic: false, dynamicShouldError: false };
  try {
    const value = await workAsyncStorage.run(work, () => workUnitAsyncStorage.run(store, action));
    return { value, setCookies };
  } catch (thrown) {
    return { thrown, redirect: isRedirectError(thrown) ? getURLFromRedirectError(thrown) : null, setCookies };
  }
}
