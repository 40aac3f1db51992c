/**
 * The pure transforms on a user's Express app file: finding the `express()` instance through the AST in
 * the shapes people write, and mounting the auth routes after it (imports, env loading, `app.use`) while
 * keeping every other byte.
 */
import { describe, expect, it } from "vitest";
import { moduleShape } from "../../../../src/cli/edit/ast.js";
import { findExpressApp, type MountOptions, mountExpressAuth } from "../../../../src/cli/frameworks/express/app.js";

const ESM_TS: MountOptions = {
  runtimeModule: "@create-auth/runtime/express",
  authModule: "./auth.js",
  basePath: "/auth",
  envLoader: "loadEnvFile",
  typescript: true,
  envFile: ".env",
};
const CJS_JS: MountOptions = { ...ESM_TS, authModule: "./auth", typescript: false };

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

describe("findExpressApp", () => {
  it("finds the instance from a default import, a require, a renamed import and a typed declaration", () => {
    expect(findExpressApp('import express from "express";\nexport const app = express();\n', "app.ts")).toMatchObject({
      instance: "app",
      moduleKind: "esm",
    });
    expect(findExpressApp('const express = require("express");\nconst server = express();\n', "app.js")).toMatchObject({
      instance: "server",
      moduleKind: "cjs",
    });
    expect(
      findExpressApp('import { default as createApp } from "express";\nconst web = createApp();\n', "a.mjs"),
    ).toMatchObject({ instance: "web" });
    expect(
      findExpressApp(
        'import express, { type Express } from "express";\nconst app: Express = express() as Express;\n',
        "app.ts",
      ),
    ).toMatchObject({ instance: "app" });
    expect(findExpressApp('const app = require("express")();\n', "app.js")).toMatchObject({ instance: "app" });
  });

  it("finds an instance created inside a factory function", () => {
    const source =
      'import express from "express";\nexport function createApp() {\n  const api = express();\n  return api;\n}\n';
    expect(findExpressApp(source, "app.ts")?.instance).toBe("api");
  });

  it("finds nothing in a file that only imports express, or calls another function named like it", () => {
    expect(findExpressApp('import express from "express";\nexport const router = express.Router();\n', "r.ts")).toBe(
      null,
    );
    expect(findExpressApp("const express = () => ({});\nconst app = express();\n", "app.js")).toBe(null);
  });

  it("notices env loading and an existing mount", () => {
    const shape = findExpressApp(
      'import "dotenv/config";\nimport express from "express";\nconst app = express();\napp.use("/auth", ExpressAuth(c));\n',
      "app.ts",
    );
    expect(shape).toMatchObject({ loadsEnv: true, mounted: true });
    expect(
      findExpressApp('const express = require("express");\nprocess.loadEnvFile();\nconst app = express();\n', "a.js")
        ?.loadsEnv,
    ).toBe(true);
  });
});

describe("moduleShape", () => {
  it("lists imports and requires, and notices env loading", () => {
    const source = 'import { app } from "./app.js";\nimport fs from "node:fs";\nconst x = require("../x");\n';
    expect(moduleShape(source, "server.ts")).toMatchObject({
      references: ["./app.js", "node:fs", "../x"],
      loadsEnv: false,
    });
    expect(moduleShape('import "dotenv/config";\n', "server.ts").loadsEnv).toBe(true);
    expect(moduleShape("process.loadEnvFile('.env.local');\n", "server.js").loadsEnv).toBe(true);
  });
});

describe("mountExpressAuth", () => {
  it("mounts after the app's middleware in an ES module: imports after the last import, env loading after the imports", () => {
    const source = [
      "// The app.",
      'import express from "express";',
      'import { notes } from "./notes.js";',
      "",
      "export const app = express();",
      "app.use(express.json());",
      "",
      'app.get("/", (_req, res) => res.send("hi"));',
      "",
    ].join("\n");
    const result = mountExpressAuth(source, "src/app.ts", ESM_TS);
    expect(result).toBe(
      [
        "// The app.",
        'import express from "express";',
        'import { notes } from "./notes.js";',
        'import { ExpressAuth } from "@create-auth/runtime/express";',
        'import { authConfig } from "./auth.js";',
        "",
        "// Loads .env into process.env at start (AUTH_SECRET, provider settings); added by create-auth.",
        "// Variables already set in the environment win; without the file (as in production) nothing happens.",
        "try {",
        "  process.loadEnvFile();",
        "} catch (error) {",
        '  if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;',
        "}",
        "",
        "export const app = express();",
        "app.use(express.json());",
        "",
        "// Auth routes under /auth (sign-in, callbacks, session, sign-out): after the app's middleware, before its routes; added by create-auth.",
        '// Behind a reverse proxy that terminates HTTPS, also call app.set("trust proxy", 1) (or your proxy\'s address)',
        "// first: Express then reports https, and the session cookie gets the Secure flag.",
        'app.use("/auth", ExpressAuth(authConfig));',
        "",
        'app.get("/", (_req, res) => res.send("hi"));',
        "",
      ].join("\n"),
    );
    expect(onlyInserted(result as string, source)).toBe(true);
  });

  it("in CommonJS loads the env file first (before any require reads it) and writes require calls", () => {
    const source = [
      '"use strict";',
      "// Classic app.",
      'const express = require("express");',
      'const router = require("./routes");',
      "",
      "const app = express();",
      "const port = process.env.PORT || 3000;",
      "",
    ].join("\n");
    const result = mountExpressAuth(source, "app.js", CJS_JS) as string;
    expect(result).toBe(
      [
        '"use strict";',
        "// Classic app.",
        "",
        "// Loads .env into process.env at start (AUTH_SECRET, provider settings); added by create-auth.",
        "// Variables already set in the environment win; without the file (as in production) nothing happens.",
        "try {",
        "  process.loadEnvFile();",
        "} catch (error) {",
        '  if (error.code !== "ENOENT") throw error;',
        "}",
        "",
        'const express = require("express");',
        'const router = require("./routes");',
        'const { ExpressAuth } = require("@create-auth/runtime/express");',
        'const { authConfig } = require("./auth");',
        "",
        "const app = express();",
        "",
        "// Auth routes under /auth (sign-in, callbacks, session, sign-out): after the app's middleware, before its routes; added by create-auth.",
        '// Behind a reverse proxy that terminates HTTPS, also call app.set("trust proxy", 1) (or your proxy\'s address)',
        "// first: Express then reports https, and the session cookie gets the Secure flag.",
        'app.use("/auth", ExpressAuth(authConfig));',
        "",
        "const port = process.env.PORT || 3000;",
        "",
      ].join("\n"),
    );
    expect(onlyInserted(result, source)).toBe(true);
  });

  it("mounts after logging and request-id middleware and before the first route, a path, a handler or a router", () => {
    const mountedAfter = (lines: string[]) => {
      const result = (mountExpressAuth(lines.join("\n"), "app.ts", { ...ESM_TS, envLoader: "none" }) as string).split(
        "\n",
      );
      return result[result.indexOf('app.use("/auth", ExpressAuth(authConfig));') - 5];
    };
    const head = [
      'import express from "express";',
      'import pinoHttp from "pino-http";',
      'import { api } from "./api.js";',
    ];
    const app = ["const app = express();", 'app.set("trust proxy", 1);', "app.use(pinoHttp());", "app.use(requestId);"];
    for (const route of [
      'app.get("/", home);',
      'app.use("/api", api);',
      "app.use(api);",
      "app.use(notesRouter);",
      "app.use((req, res) => res.status(404).end());",
      "app.listen(3000);",
    ]) {
      expect(mountedAfter([...head, ...app, route, ""]), route).toBe("app.use(requestId);");
    }
    expect(mountedAfter([...head, ...app, 'app.use(express.static("public"));', 'app.get("/", home);', ""])).toBe(
      'app.use(express.static("public"));',
    );
  });

  it("is idempotent: a mounted file is unchanged", () => {
    const source = 'import express from "express";\nconst app = express();\napp.get("/", () => {});\n';
    const once = mountExpressAuth(source, "app.ts", ESM_TS) as string;
    expect(mountExpressAuth(once, "app.ts", ESM_TS)).toBe("unchanged");
  });

  it("keeps CRLF line endings and the indentation of an instance inside a function", () => {
    const source =
      'import express from "express";\r\nexport function createApp() {\r\n  const app = express();\r\n  return app;\r\n}\r\n';
    const result = mountExpressAuth(source, "app.ts", { ...ESM_TS, envLoader: "none" }) as string;
    expect(result.replaceAll("\r\n", "")).not.toContain("\n");
    expect(result).toContain('\r\n  app.use("/auth", ExpressAuth(authConfig));\r\n');
    expect(result).not.toContain("loadEnvFile");
  });

  it("uses dotenv when the project depends on it: its side-effect import goes first", () => {
    const source = 'import express from "express";\nconst app = express();\n';
    const result = mountExpressAuth(source, "app.ts", { ...ESM_TS, envLoader: "dotenv" }) as string;
    expect(result.split("\n").slice(0, 3)).toEqual([
      "// Loads .env into process.env at start (AUTH_SECRET, provider settings); added by create-auth.",
      'import "dotenv/config";',
      "",
    ]);
  });

  it("leaves env loading alone where the app already loads its env file", () => {
    const source = 'require("dotenv").config();\nconst express = require("express");\nconst app = express();\n';
    const result = mountExpressAuth(source, "app.js", CJS_JS) as string;
    expect(result).not.toContain("loadEnvFile");
    expect(result.startsWith(source.split("\n").slice(0, 2).join("\n"))).toBe(true);
  });

  it("refuses a file that creates no Express app", () => {
    expect(() => mountExpressAuth("export const x = 1;\n", "app.ts", ESM_TS)).toThrow(/creates no Express app/);
  });
});
