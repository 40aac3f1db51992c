/**
 * The pure transforms on a plain Fastify app's module: finding the `Fastify()` instance through the AST in
 * the shapes people write (default and named imports, `require("fastify")(…)`), registering the auth plugin
 * after the instance and its set-up and before the first route (imports, env loading, `await app.register`,
 * or without `await` where the file cannot await) while keeping every other byte, saying why for a file it
 * cannot edit, and the undo taking exactly that back out.
 */
import { describe, expect, it } from "vitest";
import { findFastifyApp, type MountOptions, mountFastifyAuth } from "../../../../src/cli/frameworks/fastify/app.js";
import { unmountFastifyAuth } from "../../../../src/cli/frameworks/fastify/app-remove.js";

const OPTIONS: MountOptions = {
  runtimeModule: "@create-auth/runtime/fastify",
  authModule: "./auth.js",
  basePath: "/auth",
  envLoader: "loadEnvFile",
  typescript: true,
  envFile: ".env",
  nativeEsm: false,
};

const mount = (source: string, options: Partial<MountOptions> = {}, file = "src/server.ts") =>
  mountFastifyAuth(source, file, { ...OPTIONS, ...options });

function mounted(source: string, options: Partial<MountOptions> = {}, file = "src/server.ts"): string {
  const result = mount(source, options, file);
  if (typeof result !== "string" || result === "unchanged") throw new Error(`not mounted: ${JSON.stringify(result)}`);
  return result;
}

/** The undo as remove runs it: with the forward transform init made, to tell its blank lines from the app's. */
const undo = (text: string, options: Partial<MountOptions> = {}, file = "src/server.ts") =>
  unmountFastifyAuth(text, (source) => mount(source, options, file));

/** The lines between two markers of a text, for asserting an insertion's place. */
const linesOf = (text: string) => text.split("\n");

const ESM = `import Fastify from "fastify";
import helmet from "@fastify/helmet";
import { notesRoutes } from "./routes/notes.js";

const app = Fastify({ logger: true });

await app.register(helmet);
app.addHook("onSend", async (_request, reply) => {
  reply.header("x-build", "dev");
});

app.get("/", async () => "home");
await app.register(notesRoutes, { prefix: "/notes" });

await app.listen({ port: 3000 });
`;

const CJS = `'use strict'

const fastify = require('fastify')({ logger: true })

fastify.get('/', async () => ({ hello: 'world' }))

const start = async () => {
  try {
    await fastify.listen({ port: 3000 })
  } catch (err) {
    fastify.log.error(err)
    process.exit(1)
  }
}
start()
`;

describe("findFastifyApp", () => {
  it("finds the instance from a default import, a named one, require and a chain on the call", () => {
    expect(findFastifyApp(ESM, "a.ts")).toMatchObject({ instance: "app", moduleKind: "esm", topLevelAwait: true });
    expect(findFastifyApp('import { fastify } from "fastify";\nconst server = fastify();\n', "a.ts")).toMatchObject({
      instance: "server",
      topLevelAwait: false,
      unsupported: null,
    });
    expect(findFastifyApp(CJS, "server.js")).toMatchObject({ instance: "fastify", moduleKind: "cjs" });
    expect(
      findFastifyApp('const Fastify = require("fastify");\nconst app = Fastify().withTypeProvider();\n', "a.js"),
    ).toMatchObject({ instance: "app", moduleKind: "cjs", unsupported: null });
    expect(findFastifyApp('import type { FastifyInstance } from "fastify";\nexport const x = 1;\n', "a.ts")).toBeNull();
  });

  it("says why for an instance made inside a function (a factory returning the app)", () => {
    const factory =
      'import Fastify from "fastify";\nexport function buildApp() {\n  const app = Fastify();\n  return app;\n}\n';
    expect(findFastifyApp(factory, "src/app.ts")?.unsupported).toBe(
      "src/app.ts creates the Fastify instance inside a function (buildApp), which init does not edit",
    );
    expect(mount(factory, {}, "src/app.ts")).toEqual({
      unsupported: "src/app.ts creates the Fastify instance inside a function (buildApp), which init does not edit",
    });
  });
});

describe("mountFastifyAuth", () => {
  it("registers after the instance and its set-up (package plugins, hooks), before the first route, with await", () => {
    const result = mounted(ESM);
    const lines = linesOf(result);
    const register = lines.indexOf('await app.register(FastifyAuth(authConfig), { prefix: "/auth" });');
    expect(register).toBeGreaterThan(lines.indexOf("});"));
    expect(register).toBeLessThan(lines.indexOf('app.get("/", async () => "home");'));
    expect(result).toContain(
      'import { notesRoutes } from "./routes/notes.js";\nimport { FastifyAuth } from "@create-auth/runtime/fastify";\nimport { authConfig } from "./auth.js";\n',
    );
    expect(result).toContain("process.loadEnvFile();");
    // Only inserted: taking the inserted lines out gives back the original.
    expect(undo(result)).toBe(ESM);
  });

  it("writes CommonJS requires, loads the env first, and registers without await where the file cannot await", () => {
    const result = mounted(CJS, { authModule: "./auth", typescript: false }, "server.js");
    expect(result).toContain("const { FastifyAuth } = require('@create-auth/runtime/fastify')\n");
    expect(result).toContain("const { authConfig } = require('./auth')\n");
    expect(result).toContain("\nfastify.register(FastifyAuth(authConfig), { prefix: '/auth' })\n");
    expect(result).not.toContain("await fastify.register");
    expect(result).toContain("use fastify.requireAuth in a plugin registered below");
    expect(result.indexOf("process.loadEnvFile()")).toBeLessThan(result.indexOf("require('fastify')"));
    expect(result.indexOf("fastify.register(")).toBeLessThan(result.indexOf("fastify.get("));
    expect(result.startsWith("'use strict'\n\n")).toBe(true);
    expect(undo(result, { authModule: "./auth", typescript: false }, "server.js")).toBe(CJS);
  });

  it("awaits in an ES module Node runs as it is, even without a top-level await of its own", () => {
    const source =
      'import Fastify from "fastify";\nconst app = Fastify();\napp.get("/", () => "hi");\napp.listen({ port: 3000 });\n';
    expect(mounted(source, { nativeEsm: true, typescript: false }, "server.mjs")).toContain(
      'await app.register(FastifyAuth(authConfig), { prefix: "/auth" });',
    );
    expect(mounted(source)).toContain('\napp.register(FastifyAuth(authConfig), { prefix: "/auth" });');
  });

  it("leaves out what is there: the env loading, the imports, and everything once registered", () => {
    const withEnv = `import "dotenv/config";\n${ESM}`;
    expect(mounted(withEnv)).not.toContain("loadEnvFile");
    expect(mounted(ESM, { envLoader: "none" })).not.toContain("loadEnvFile");
    const dotenv = mounted(ESM, { envLoader: "dotenv" });
    expect(dotenv.startsWith("// Loads .env into process.env at start")).toBe(true);
    expect(undo(dotenv, { envLoader: "dotenv" })).toBe(ESM);
    expect(mount(mounted(ESM))).toBe("unchanged");
  });

  it("keeps CRLF line ends and a file's own blank lines, and the undo finds the lines wherever they moved", () => {
    const crlf = ESM.replaceAll("\n", "\r\n");
    const result = mounted(crlf);
    expect(result.replaceAll("\r\n", "")).not.toContain("\n");
    expect(undo(result)).toBe(crlf);
    // The user adds a route after init: remove keeps it.
    const route = 'app.get("/health", async () => "ok");\n';
    const edited = mounted(ESM).replace('app.get("/", async () => "home");\n', (home) => home + route);
    expect(undo(edited)).toBe(ESM.replace('app.get("/", async () => "home");\n', (home) => home + route));
  });

  it("undoes into a text the forward transform maps back onto the file, and finds nothing in a file without it", () => {
    // With or without a blank line before the route, init gives the same text: either original is right.
    const tight = 'import Fastify from "fastify";\nconst app = Fastify();\napp.get("/", () => "hi");\n';
    const forward = (source: string) => mount(source, { envLoader: "none" });
    const result = forward(tight) as string;
    expect(forward(unmountFastifyAuth(result, forward) as string)).toBe(result);
    expect(unmountFastifyAuth(tight)).toBe("unchanged");
  });
});
