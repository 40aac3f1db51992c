/**
 * The pure transforms on a user's Hono entry module: finding the `new Hono()` instance through the AST in
 * the shapes people write, mounting the auth handler after the app's middleware and before its first route
 * (imports, env loading, `app.on`) while keeping every other byte, and the undo taking exactly that back out.
 */
import { describe, expect, it } from "vitest";
import { findHonoApp, type MountOptions, mountHonoAuth } from "../../../../src/cli/frameworks/hono/app.js";
import { unmountHonoAuth } from "../../../../src/cli/frameworks/hono/app-remove.js";

const OPTIONS: MountOptions = {
  authModule: "./auth.js",
  basePath: "/auth",
  envLoader: "loadEnvFile",
  typescript: true,
  envFile: ".env",
};
const MOUNT = 'app.on(["GET", "POST"], "/auth/*", auth.handler);';

const mount = (source: string, options: Partial<MountOptions> = {}, file = "src/index.ts") =>
  mountHonoAuth(source, file, { ...OPTIONS, ...options });

/** The mounted text, failing the test when the transform did not give one. */
function mounted(source: string, options: Partial<MountOptions> = {}, file = "src/index.ts"): string {
  const result = mount(source, options, file);
  if (typeof result !== "string" || result === "unchanged") throw new Error(`not mounted: ${JSON.stringify(result)}`);
  return result;
}

/** Every line of the original is still there, unchanged and in order: the transform only inserted. */
function onlyInserted(result: string, original: string): boolean {
  const lines = result.split("\n");
  let at = 0;
  for (const line of original.split("\n")) {
    while (at < lines.length && lines[at] !== line) at += 1;
    if (at === lines.length) return false;
    at += 1;
  }
  return true;
}

const APP = `import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { cors } from "hono/cors";
import { logger } from "hono/logger";

const app = new Hono();

app.use(logger());
app.use("/api/*", cors());
app.onError((error, c) => c.text(error.message, 500));

app.get("/", (c) => c.text("home"));
app.get("*", (c) => c.text("catch-all"));

serve({ fetch: app.fetch, port: 3000 });
`;

describe("findHonoApp", () => {
  it("finds the instance from a named import, a renamed one, a preset and a typed declaration", () => {
    expect(findHonoApp('import { Hono } from "hono";\nconst app = new Hono();\n', "a.ts")).toMatchObject({
      instance: "app",
      mounted: false,
      basePath: null,
    });
    expect(findHonoApp('import { Hono as App } from "hono";\nexport const web = new App();\n', "a.ts")?.instance).toBe(
      "web",
    );
    expect(findHonoApp('import { Hono } from "hono/tiny";\nconst api = new Hono();\n', "a.js")?.instance).toBe("api");
    expect(
      findHonoApp('import { Hono } from "hono";\ntype Env = { Bindings: {} };\nconst app = new Hono<Env>();\n', "a.ts")
        ?.instance,
    ).toBe("app");
  });

  it("finds nothing where no Hono is made, or another class of that name", () => {
    expect(findHonoApp('import { Hono } from "hono";\nexport type App = Hono;\n', "a.ts")).toBeNull();
    expect(findHonoApp("class Hono {}\nconst app = new Hono();\n", "a.ts")).toBeNull();
  });

  it("reads a basePath app, a CommonJS one, and one already mounted", () => {
    expect(
      findHonoApp('import { Hono } from "hono";\nconst app = new Hono().basePath("/api");\n', "a.ts")?.basePath,
    ).toBe("/api");
    expect(findHonoApp('const { Hono } = require("hono");\nconst app = new Hono();\n', "a.js")?.commonJs).toBe(true);
    expect(findHonoApp(mounted(APP), "src/index.ts")?.mounted).toBe(true);
  });
});

describe("mountHonoAuth", () => {
  it("mounts after the logger, the path middleware and onError, before the first route and the catch-all", () => {
    const out = mounted(APP);
    expect(onlyInserted(out, APP)).toBe(true);
    const lines = out.split("\n");
    expect(lines.indexOf(MOUNT)).toBe(lines.indexOf("app.onError((error, c) => c.text(error.message, 500));") + 3);
    expect(lines.indexOf(MOUNT)).toBeLessThan(lines.indexOf('app.get("/", (c) => c.text("home"));'));
    expect(out).toContain('import { logger } from "hono/logger";\nimport { auth } from "./auth.js";\n');
    expect(out.indexOf("process.loadEnvFile();")).toBeLessThan(out.indexOf("const app = new Hono();"));
  });

  it("mounts right after the instance when a route comes first, and after chained middleware", () => {
    const routeFirst = 'import { Hono } from "hono";\n\nconst app = new Hono();\napp.get("/", (c) => c.text("x"));\n';
    expect(mounted(routeFirst, { envLoader: "none" })).toContain(`const app = new Hono();\n\n// Auth routes`);
    const chained = 'import { Hono } from "hono";\n\nconst app = new Hono();\napp.use(a).use(b);\napp.get("/", h);\n';
    expect(mounted(chained, { envLoader: "none" })).toContain(`app.use(a).use(b);\n\n// Auth routes`);
  });

  it("writes in the file's style: single quotes, no semicolons", () => {
    const source = "import { Hono } from 'hono'\n\nconst app = new Hono()\n\napp.get('/', (c) => c.text('x'))\n";
    const out = mounted(source);
    expect(out).toContain("import { auth } from './auth.js'\n");
    expect(out).toContain("app.on(['GET', 'POST'], '/auth/*', auth.handler)\n");
    expect(out).toContain("  process.loadEnvFile()\n");
  });

  it("loads the env file with dotenv when the app depends on it, first of all", () => {
    const out = mounted(APP, { envLoader: "dotenv" });
    expect(out).toMatch(
      /^\/\/ Loads \.env into process\.env at start.*\nimport "dotenv\/config";\n\nimport \{ serve \}/,
    );
  });

  it("is idempotent: a mounted file is unchanged", () => {
    expect(mount(mounted(APP))).toBe("unchanged");
  });

  it("refuses a basePath app, a CommonJS app and a file where `auth` names something else, saying what to do", () => {
    const basePath = mount('import { Hono } from "hono";\nconst app = new Hono().basePath("/api");\n');
    expect(basePath).toEqual({
      unsupported: expect.stringContaining('set `basePath: "/api/auth"` in the auth config'),
    });
    const commonJs = mount('const { Hono } = require("hono");\nconst app = new Hono();\n', {}, "index.js");
    expect(commonJs).toEqual({ unsupported: expect.stringContaining("loads Hono with require()") });
    const taken = mount(
      'import { Hono } from "hono";\nimport { auth } from "./firebase.js";\nconst app = new Hono();\n',
    );
    expect(taken).toEqual({ unsupported: expect.stringContaining("already names something `auth`") });
  });
});

describe("unmountHonoAuth", () => {
  it("gives the original back byte for byte, with the forward transform or without", () => {
    const forward = (source: string) => mount(source);
    const out = mounted(APP);
    expect(unmountHonoAuth(out, forward)).toBe(APP);
    expect(unmountHonoAuth(out)).toBe(APP);
  });

  it("keeps what the user added around the mount since", () => {
    const out = mounted(APP).replace(MOUNT, `${MOUNT}\napp.use("/notes/*", auth.requireAuth());`);
    const undone = unmountHonoAuth(out);
    expect(undone).toContain('app.use("/notes/*", auth.requireAuth());');
    expect(undone).not.toContain("auth.handler");
    expect(undone).not.toContain("loadEnvFile");
  });

  it("is unchanged on a file with nothing of ours", () => {
    expect(unmountHonoAuth(APP)).toBe("unchanged");
  });
});
