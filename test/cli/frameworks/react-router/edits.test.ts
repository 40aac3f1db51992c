/**
 * React Router's three edits of the app's own files, as pure transforms on realistic sources: the auth route
 * listed first in routes.ts, auth.middleware first in the root's middleware, future.v8_middleware on in the
 * config. Each in the file's style (quotes, semicolons, tabs, CRLF, no trailing comma), idempotent, and its
 * undo giving the file back byte for byte; an entry the user wrote themselves is never taken out.
 */
import { describe, expect, it } from "vitest";
import {
  disableMiddlewareFlag,
  enableMiddlewareFlag,
} from "../../../../src/cli/frameworks/react-router/future-flag.js";
import {
  unwireRootMiddleware,
  wireRootMiddleware,
} from "../../../../src/cli/frameworks/react-router/root-middleware.js";
import { listAuthRoute, unlistAuthRoute } from "../../../../src/cli/frameworks/react-router/routes-config.js";

const ROUTE = { path: "auth/*", module: "routes/auth.$.ts" };
const list = (source: string) => listAuthRoute(source, "app/routes.ts", ROUTE);
const unlist = (source: string) => unlistAuthRoute(source, "app/routes.ts", ROUTE);
const wire = (source: string) => wireRootMiddleware(source, "app/root.tsx", "./auth.server");
const unwire = (source: string) => unwireRootMiddleware(source, "app/root.tsx", "./auth.server");
const enable = (source: string) => enableMiddlewareFlag(source, "react-router.config.ts");
const disable = (source: string) => disableMiddlewareFlag(source, "react-router.config.ts");

/** The forward transform's text, checked idempotent and undone byte for byte. */
function roundTrip(source: string, forward: (source: string) => unknown, undo: (source: string) => unknown): string {
  const after = forward(source);
  if (typeof after !== "string" || after === "unchanged") throw new Error(`no edit: ${JSON.stringify(after)}`);
  expect(forward(after)).toBe("unchanged");
  expect(undo(after)).toBe(source);
  return after;
}

describe("routes.ts: the auth route listed first", () => {
  it("writes in the file's style: single quotes, no semicolons, tabs, no trailing comma, CRLF", () => {
    const source = [
      "import { type RouteConfig, index, route } from '@react-router/dev/routes'",
      "",
      "export default [",
      "\tindex('routes/home.tsx'),",
      "\troute('about', 'routes/about.tsx')",
      "] satisfies RouteConfig",
      "",
    ].join("\r\n");
    const after = roundTrip(source, list, unlist);
    expect(after).toContain("[\r\n\t// The auth routes");
    expect(after).toContain("\r\n\troute('auth/*', 'routes/auth.$.ts'),\r\n\tindex('routes/home.tsx'),");
  });

  it("imports route beside the file's other helpers, or on a line of its own after a type-only import", () => {
    const withIndex =
      'import { index } from "@react-router/dev/routes";\n\nexport default [\n  index("routes/home.tsx"),\n];\n';
    expect(roundTrip(withIndex, list, unlist)).toContain('import { index, route } from "@react-router/dev/routes";');
    const typeOnly =
      'import type { RouteConfig } from "@react-router/dev/routes";\n\nexport default [] satisfies RouteConfig;\n';
    const after = roundTrip(typeOnly, list, unlist);
    expect(after).toContain('import type { RouteConfig } from "@react-router/dev/routes";\nimport { route } from');
    expect(after).toContain('export default [route("auth/*", "routes/auth.$.ts")] satisfies RouteConfig;');
  });

  it("uses the name the file imports route under", () => {
    const source =
      'import { route as r } from "@react-router/dev/routes";\n\nexport default [\n  r("a", "routes/a.tsx"),\n];\n';
    expect(roundTrip(source, list, unlist)).toContain('  r("auth/*", "routes/auth.$.ts"),\n  r("a"');
  });

  it("leaves a route the user listed themselves where it is, and says when the config is not a list", () => {
    const theirs =
      'import { index, route } from "@react-router/dev/routes";\n\nexport default [\n  index("routes/home.tsx"),\n  route("auth/*", "routes/auth.$.ts"),\n];\n';
    expect(list(theirs)).toBe("unchanged");
    expect(unlist(theirs)).toBe("unchanged");
    const computed = 'import { routes } from "./all";\n\nexport default routes;\n';
    expect(list(computed)).toEqual({ unsupported: expect.stringContaining('route("auth/*", "routes/auth.$.ts")') });
  });
});

describe("root.tsx: auth.middleware first", () => {
  it("goes first in a multi-line middleware array, on its own lines, and comes back out", () => {
    const source = [
      'import { Outlet } from "react-router";',
      'import { timing } from "./timing.server";',
      "",
      "export const middleware = [",
      "  timing,",
      "];",
      "",
      "export default function App() {",
      "  return <Outlet />;",
      "}",
      "",
    ].join("\n");
    const after = roundTrip(source, wire, unwire);
    expect(after).toContain('import { timing } from "./timing.server";\nimport { auth } from "./auth.server";');
    expect(after).toContain("export const middleware = [\n  // Writes the session cookies");
    expect(after).toContain("  auth.middleware,\n  timing,\n];");
  });

  it("refuses a middleware export it cannot add to, and a name auth taken", () => {
    expect(wire('import { chain } from "./chain";\n\nexport const middleware = chain();\n')).toEqual({
      unsupported: expect.stringContaining("put auth.middleware"),
    });
    expect(wire('import auth from "./session";\n\nexport default function App() {}\n')).toEqual({
      unsupported: expect.stringContaining("already names something `auth`"),
    });
  });

  it("takes out nothing the user wired themselves", () => {
    const theirs =
      'import { auth } from "~/auth.server";\n\nexport const middleware = [auth.middleware];\n\nexport default function App() {}\n';
    expect(wire(theirs)).toBe("unchanged");
    expect(unwire(theirs)).toBe("unchanged");
  });
});

describe("react-router.config.ts: future.v8_middleware", () => {
  it("goes first in the app's own future flags, and comes back out", () => {
    const source =
      'import type { Config } from "@react-router/dev/config";\n\nexport default {\n  ssr: true,\n  future: {\n    v8_viteEnvironmentApi: true,\n  },\n} satisfies Config;\n';
    expect(roundTrip(source, enable, disable)).toContain(
      "  future: {\n    // Route middleware, for auth.middleware in the root route; added by create-auth.\n    v8_middleware: true,\n    v8_viteEnvironmentApi: true,",
    );
  });

  it("adds future to a one-line config, and leaves the flag the user set alone", () => {
    expect(roundTrip("export default { ssr: true };\n", enable, disable)).toBe(
      "export default { future: { v8_middleware: true }, ssr: true };\n",
    );
    const theirs = "export default {\n  future: {\n    v8_middleware: true,\n  },\n};\n";
    expect(enable(theirs)).toBe("unchanged");
    expect(disable(theirs)).toBe("unchanged");
    expect(enable("export default { future: { v8_middleware: false } };\n")).toEqual({
      unsupported: expect.stringContaining("set future: { v8_middleware: true }"),
    });
  });
});
