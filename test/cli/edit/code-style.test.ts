/**
 * Code we insert into a user's file reads as theirs: one detector reads the file's quotes, semicolons,
 * indentation, declaration keyword and trailing commas (edit/code-style.ts), one renderer writes our
 * house-style lines that way, and every transform that inserts code uses them. Here on the detector and
 * renderer, then on the transforms the other test files do not cover in a foreign style: Next's proxy, the
 * providers list of a CommonJS module in express-generator's style, ESLint's flat config.
 */
import { describe, expect, it } from "vitest";
import { declareEnvVars, undeclareEnvVars } from "../../../src/cli/commands/providers/env-vars.js";
import { detectStyle, HOUSE_STYLE, renderCode, styledLine } from "../../../src/cli/edit/code-style.js";
import { ignoreInEslintFlatConfig } from "../../../src/cli/edit/tool-ignores.js";
import { mergeAuthIntoProxy } from "../../../src/cli/frameworks/next/proxy.js";
import { unmergeAuthFromProxy } from "../../../src/cli/frameworks/next/proxy-remove.js";
import { addProvider, removeProvider } from "../../../src/cli/providers/auth-providers.js";

const lines = (...text: string[]) => `${text.join("\n")}\n`;

/** express-generator 4.16's app.js, its first lines: var, single quotes, semicolons, two spaces. */
const EXPRESS_GENERATOR = lines(
  "var createError = require('http-errors');",
  "var express = require('express');",
  "",
  "var app = express();",
  "",
  "app.use(function(req, res, next) {",
  "  next(createError(404));",
  "});",
  "",
  "module.exports = app;",
);

describe("detectStyle", () => {
  it("reads express-generator's app.js: var, single quotes, semicolons, two spaces", () => {
    expect(detectStyle(EXPRESS_GENERATOR, "app.js")).toMatchObject({
      quote: "'",
      semicolons: true,
      indent: "  ",
      declaration: "var",
    });
  });

  it("reads sv's Prettier style: tabs, single quotes, no trailing commas", () => {
    const source = lines(
      "import { sequence } from '@sveltejs/kit/hooks';",
      "",
      "export const handle = sequence(async ({ event, resolve }) => {",
      "\tconst options = {",
      "\t\ttransformPageChunk: ({ html }) => html",
      "\t};",
      "\treturn resolve(event, options);",
      "});",
    );
    expect(detectStyle(source, "hooks.server.ts")).toMatchObject({
      quote: "'",
      indent: "\t",
      trailingCommas: false,
      declaration: "const",
    });
  });

  it("counts what a string is written to avoid as no vote, and gives the house style to a file with nothing to go by", () => {
    expect(detectStyle(`const a = "it's";\nconst b = 'x';\n`, "a.ts").quote).toBe("'");
    expect(detectStyle("", "empty.ts")).toEqual(HOUSE_STYLE);
  });

  it("reads a file without semicolons (standard style)", () => {
    expect(detectStyle("import a from 'a'\n\nexport const b = a()\n", "b.js").semicolons).toBe(false);
  });
});

describe("renderCode", () => {
  const code = lines(
    'const { ExpressAuth } = require("@create-auth/runtime/express");',
    "try {",
    "  process.loadEnvFile();",
    "} catch (error) {",
    '  if (error.code !== "ENOENT") throw error;',
    "}",
  ).trimEnd();

  it("writes house-style code in express-generator's style", () => {
    expect(renderCode(code, detectStyle(EXPRESS_GENERATOR, "app.js"), "app.js")).toBe(
      lines(
        "var { ExpressAuth } = require('@create-auth/runtime/express');",
        "try {",
        "  process.loadEnvFile();",
        "} catch (error) {",
        "  if (error.code !== 'ENOENT') throw error;",
        "}",
      ).trimEnd(),
    );
  });

  it("indents with tabs or four spaces, drops semicolons, and keeps one before a line that would join it", () => {
    const style = { ...HOUSE_STYLE, indent: "\t", semicolons: false };
    expect(renderCode(code, style)).toContain("try {\n\tprocess.loadEnvFile()\n} catch (error) {");
    expect(renderCode("a();\n(b || c)();", style)).toBe("a();\n(b || c)()");
    expect(renderCode("if (a) {\n  b();\n}", { ...HOUSE_STYLE, indent: "    " })).toBe("if (a) {\n    b();\n}");
  });

  it("leaves a string that would need an escape, comments, template text and JSX attributes as they are", () => {
    const single = { ...HOUSE_STYLE, quote: "'" as const };
    expect(renderCode('const a = "it\'s"; // "quoted"', single)).toBe('const a = "it\'s"; // "quoted"');
    expect(renderCode('const t = `\n  "x"\n`;', { ...single, indent: "\t" })).toBe('const t = `\n  "x"\n`;');
    expect(renderCode('const e = <a href="/x" />;', single, "e.tsx")).toBe('const e = <a href="/x" />;');
  });

  it("without trailing commas, drops them from a call's arguments as well as from lists", () => {
    const call = 'table(\n  "users",\n  { id: 1, name: 2 },\n  (t) => [\n    t.id,\n  ],\n);';
    expect(renderCode(call, { ...HOUSE_STYLE, trailingCommas: false })).toBe(
      'table(\n  "users",\n  { id: 1, name: 2 },\n  (t) => [\n    t.id\n  ]\n);',
    );
    expect(renderCode(call, HOUSE_STYLE)).toBe(call);
  });

  it("writes CRLF where the file has it", () => {
    expect(renderCode("a();\nb();", { ...HOUSE_STYLE, eol: "\r\n" })).toBe("a();\r\nb();");
  });

  it("styledLine finds a rendered line in any style", () => {
    const pattern = styledLine('const { authConfig } = require("./auth");');
    expect(pattern.test("var { authConfig } = require('./auth')")).toBe(true);
    expect(pattern.test('const { authConfig } = require("./auth");')).toBe(true);
    expect(pattern.test('const { authConfig } = require("./other");')).toBe(false);
  });
});

describe("the transforms write in the file's style", () => {
  it("Next's proxy: single quotes and no semicolons in, the same out", () => {
    const proxy = lines(
      "import { NextResponse } from 'next/server'",
      "import type { NextRequest } from 'next/server'",
      "",
      "export function proxy(request: NextRequest) {",
      "  return NextResponse.next()",
      "}",
    );
    const merged = mergeAuthIntoProxy(proxy, { authImport: "@/auth", exportName: "proxy" }) as string;
    expect(merged.split("\n")[0]).toBe("import { auth } from '@/auth'");
    expect(merged).toContain("\nexport const proxy = auth((request) => appProxy(request))\n");
    expect(merged).not.toMatch(/"|;$/m);
    expect(unmergeAuthFromProxy(merged)).toBe(proxy);
  });

  it("a CommonJS auth module written with var: add-provider requires with var, in its quotes", () => {
    const source = lines(
      "var ExpressAuth = require('@create-auth/runtime/express').ExpressAuth;",
      "var GitHub = require('@create-auth/runtime/providers/github').default;",
      "",
      "module.exports = { providers: [GitHub()] };",
    );
    const google = {
      specifier: "@create-auth/runtime/providers/google",
      importName: "Google",
      call: 'Google({ clientId: process.env["AUTH_GOOGLE_ID"] })',
    };
    const added = addProvider(source, "auth.js", google) as string;
    expect(added).toContain("\nvar Google = require('@create-auth/runtime/providers/google').default;\n");
    expect(added).toContain("providers: [GitHub(), Google({ clientId: process.env['AUTH_GOOGLE_ID'] })]");
    expect(removeProvider(added, "auth.js", google.specifier)).toBe(source);
  });

  it("ESLint's flat config: the ignore in the config's quotes", () => {
    const config = lines("import js from '@eslint/js';", "", "export default [js.configs.recommended];");
    expect(ignoreInEslintFlatConfig(config, "eslint.config.js", "vendor/auth-runtime")).toContain(
      "{ ignores: ['vendor/auth-runtime/**'] }",
    );
  });

  it("SvelteKit 3's src/env.ts reformatted with tabs: a provider's keys are declared with tabs, and taken back", () => {
    const env = lines(
      "import { defineEnvVars } from '@sveltejs/kit/env';",
      "",
      "const optional = (value: string | undefined) => value;",
      "",
      "export default defineEnvVars({",
      "\tAUTH_SECRET: { schema: optional },",
      "});",
    );
    const declared = declareEnvVars(env, "src/env.ts", ["AUTH_GOOGLE_ID"]) as string;
    expect(declared).toContain("\tAUTH_SECRET: { schema: optional },\n\tAUTH_GOOGLE_ID: { schema: optional },\n});");
    expect(undeclareEnvVars(declared, ["AUTH_GOOGLE_ID"])).toBe(env);
  });
});
