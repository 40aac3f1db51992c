/**
 * Properties of the code transforms (fast-check) over generated user source: each transform's realistic
 * input with the user's own code mixed in between its statements (comments, string and template literals
 * with quotes, backslashes, `${`, `#`, `*\/`-free block comments, unicode, regular expressions, functions),
 * written with or without semicolons, in LF or CRLF. For every variant the transform either edits it or
 * says `unsupported`; an edit keeps every line of the user's file in order (only the lines the transform
 * documents rewriting may change, and a list's last line may gain its comma), its output has no syntax error
 * (TypeScript's parser; JSON.parse / the tsconfig reader for JSON), and running it again is "unchanged".
 */
import fc from "fast-check";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { addIgnorePattern } from "../../../src/cli/edit/gitignore.js";
import { addDependencies } from "../../../src/cli/edit/package-json.js";
import type { TransformResult } from "../../../src/cli/edit/result.js";
import {
  excludeInTsconfig,
  ignoreInBiomeConfig,
  ignoreInEslintFlatConfig,
} from "../../../src/cli/edit/tool-ignores.js";
import { mountExpressAuth } from "../../../src/cli/frameworks/express/app.js";
import { mergeAuthIntoProxy } from "../../../src/cli/frameworks/next/proxy.js";
import { mergeAuthHandle } from "../../../src/cli/frameworks/sveltekit/hooks.js";
import { mergeSessionLoad } from "../../../src/cli/frameworks/sveltekit/layout.js";
import { addProvider } from "../../../src/cli/providers/auth-providers.js";

const RUNS = { numRuns: 20 };

/** Characters a user's strings and comments hold: quotes, a backslash, `${`, `#`, `=`, unicode. */
const odd = fc
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal `${` is what the user's strings may hold.
  .array(fc.constantFrom(..."aZ9 #=;,.:/'\"`\\${}()[]<>é✓日😀"), { maxLength: 14 })
  .map((chars) => chars.join(""));
const escapeFor = (quote: string, text: string) =>
  text
    .replaceAll("\\", "\\\\")
    .replaceAll(quote, `\\${quote}`)
    .replaceAll("${", quote === "`" ? "\\${" : "${");

/** One piece of the user's code, written with `n` to keep its names unique; `semi` is ";" or "". */
const snippet = (n: number, semi: string, exported: string): fc.Arbitrary<string> =>
  fc.oneof(
    odd.map((text) => `// ${text}`),
    odd.map((text) => `/* ${text.replaceAll("*/", "* /")} */`),
    fc
      .tuple(fc.constantFrom('"', "'", "`"), odd)
      .map(([quote, text]) => `const userText${n} = ${quote}${escapeFor(quote, text)}${quote}${semi}`),
    odd.map(
      (text) => `${exported}function userHelper${n}(value) {\n  return value + ${JSON.stringify(text)}${semi}\n}`,
    ),
    fc.constant(`const userPattern${n} = /a\\/b[#"'\`]+$/gu${semi}`),
    odd.map(
      (text) => `${exported}const userConfig${n} = { label: ${JSON.stringify(text)}, "quoted-key": [1, 2] }${semi}`,
    ),
  );

/** The lines of a base source where the user's code may go: a line `@@` in the base. */
const GAP = "@@";

/**
 * A user's variant of `base`: each `@@` line replaced by 0–2 snippets, semicolons dropped throughout or not,
 * and LF or CRLF line endings.
 */
function variant(base: string, commonJs = false): fc.Arbitrary<string> {
  const gaps = base.split("\n").filter((line) => line === GAP).length;
  /** The user's code at gap `g`: up to two snippets, each with names of its own. */
  const codeAt = (g: number, semi: string): fc.Arbitrary<string[]> =>
    fc
      .array(fc.integer({ min: 0, max: 999 }), { maxLength: 2 })
      .chain((ids) =>
        fc.tuple(...ids.map((id, i) => snippet(g * 10_000 + id * 10 + i, semi, commonJs ? "" : "export "))),
      )
      .map((codes): string[] => [...codes]);
  return fc.record({ semi: fc.boolean(), crlf: fc.boolean() }).chain(({ semi, crlf }) =>
    fc.tuple(...Array.from({ length: gaps }, (_, g) => codeAt(g, semi ? ";" : ""))).map((filled: string[][]) => {
      let gap = 0;
      const lines = base.split("\n").flatMap((line) => {
        if (line !== GAP) return [semi ? line : line.replace(/;$/, "")];
        return (filled[gap++] ?? []).flatMap((code) => code.split("\n"));
      });
      const text = lines.join("\n");
      return crlf ? text.replaceAll("\n", "\r\n") : text;
    }),
  );
}

/** Syntax errors TypeScript's parser reports in `source` (no types, no program). */
function syntaxErrors(source: string, fileName: string): string[] {
  const output = ts.transpileModule(source, { fileName, reportDiagnostics: true, compilerOptions: { noEmit: true } });
  return (output.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

/**
 * Whether every line of `before` is in `after` in order, but those `rewritten` allows; a line may also be
 * there with a comma added (a list's last item before an appended one).
 */
function keepsLines(before: string, after: string, rewritten: (line: string) => boolean = () => false): boolean {
  const lines = after.split(/\r?\n/);
  let at = 0;
  for (const line of before.split(/\r?\n/)) {
    if (rewritten(line)) continue;
    while (at < lines.length && lines[at] !== line && lines[at] !== `${line},`) at++;
    if (at === lines.length) return false;
    at++;
  }
  return true;
}

interface CodeTransform {
  name: string;
  fileName: string;
  base: string;
  apply: (source: string) => TransformResult;
  /** A CommonJS module: the user's code has no `export`. */
  commonJs?: boolean;
  /** Lines of the user's file the transform documents rewriting (a renamed export). */
  rewritten?: (line: string) => boolean;
}

const TRANSFORMS: CodeTransform[] = [
  {
    name: "addProvider (auth module)",
    fileName: "auth.ts",
    base: [
      GAP,
      'import NextAuth from "@create-auth/runtime/next";',
      'import GitHub from "@create-auth/runtime/providers/github";',
      GAP,
      "export const { handlers, auth, signIn, signOut } = NextAuth({",
      "  providers: [",
      "    // Reads AUTH_GITHUB_ID, AUTH_GITHUB_SECRET from .env.local.",
      "    GitHub(),",
      "  ],",
      "});",
      GAP,
      "",
    ].join("\n"),
    apply: (source) =>
      addProvider(source, "auth.ts", {
        specifier: "@create-auth/runtime/providers/google",
        importName: "Google",
        call: "Google()",
        comment: ["Reads AUTH_GOOGLE_ID, AUTH_GOOGLE_SECRET from .env.local."],
      }),
  },
  {
    name: "mountExpressAuth (Express app)",
    fileName: "src/app.ts",
    base: [
      'import express from "express";',
      GAP,
      "const app = express();",
      GAP,
      'app.get("/", (_req, res) => {',
      '  res.send("Acme Notes");',
      "});",
      GAP,
      "export default app;",
      "",
    ].join("\n"),
    apply: (source) =>
      mountExpressAuth(source, "src/app.ts", {
        runtimeModule: "@create-auth/runtime/express",
        authModule: "./auth.js",
        basePath: "/auth",
        envLoader: "loadEnvFile",
        typescript: true,
        envFile: ".env",
      }),
  },
  {
    name: "mountExpressAuth (Express app, CommonJS)",
    fileName: "app.js",
    commonJs: true,
    base: [
      '"use strict";',
      'const path = require("node:path");',
      'const express = require("express");',
      GAP,
      "const app = express();",
      GAP,
      'app.use(express.static(path.join(__dirname, "public")));',
      'app.get("/", function (req, res) {',
      '  res.send("Acme Notes");',
      "});",
      GAP,
      "module.exports = app;",
      "",
    ].join("\n"),
    apply: (source) =>
      mountExpressAuth(source, "app.js", {
        runtimeModule: "@create-auth/runtime/express",
        authModule: "./auth",
        basePath: "/auth",
        envLoader: "dotenv",
        typescript: false,
        envFile: ".env",
      }),
  },
  {
    name: "mergeAuthIntoProxy (Next proxy.ts)",
    fileName: "proxy.ts",
    base: [
      'import { NextResponse, type NextRequest } from "next/server";',
      GAP,
      "export function proxy(request: NextRequest) {",
      '  if (request.nextUrl.pathname === "/old") return NextResponse.redirect(new URL("/new", request.url));',
      "  return NextResponse.next();",
      "}",
      GAP,
      'export const config = { matcher: ["/((?!_next/static|favicon.ico).*)"] };',
      GAP,
      "",
    ].join("\n"),
    apply: (source) => mergeAuthIntoProxy(source, { authImport: "@/auth", exportName: "proxy" }),
    rewritten: (line) => line.startsWith("export function proxy("),
  },
  {
    name: "mergeAuthHandle (SvelteKit hooks.server.ts)",
    fileName: "src/hooks.server.ts",
    base: [
      'import type { Handle } from "@sveltejs/kit";',
      GAP,
      "export const handle: Handle = async ({ event, resolve }) => {",
      "  const response = await resolve(event);",
      '  response.headers.set("x-served-by", "acme");',
      "  return response;",
      "};",
      GAP,
      "",
    ].join("\n"),
    apply: (source) => mergeAuthHandle(source, "$lib/server/auth"),
    rewritten: (line) => line.startsWith("export const handle: Handle ="),
  },
  {
    name: "mergeSessionLoad (SvelteKit +layout.server.ts)",
    fileName: "src/routes/+layout.server.ts",
    base: [
      'import type { LayoutServerLoad } from "./$types";',
      GAP,
      "export const load: LayoutServerLoad = async () => {",
      '  return { title: "Acme Notes" };',
      "};",
      GAP,
      "",
    ].join("\n"),
    apply: (source) => mergeSessionLoad(source, "+layout.server.ts"),
    rewritten: (line) => line.startsWith("export const load: LayoutServerLoad =") || line.includes("return {"),
  },
  {
    name: "ignoreInEslintFlatConfig (eslint.config.js)",
    fileName: "eslint.config.js",
    base: [
      'import js from "@eslint/js";',
      GAP,
      "export default [",
      "  js.configs.recommended,",
      '  { rules: { semi: "error" } },',
      "];",
      GAP,
      "",
    ].join("\n"),
    apply: (source) => ignoreInEslintFlatConfig(source, "eslint.config.js", "vendor/auth-runtime"),
  },
];

describe("code transforms over generated user source", () => {
  for (const transform of TRANSFORMS) {
    it(`${transform.name}: keeps every user line in order, parses, and is unchanged the second time`, () => {
      let edited = 0;
      fc.assert(
        fc.property(variant(transform.base, transform.commonJs), (source) => {
          expect(syntaxErrors(source, transform.fileName)).toEqual([]);
          const result = transform.apply(source);
          if (typeof result === "object") {
            expect(result.unsupported).toMatch(/^[^\n]+$/);
            return;
          }
          expect(result).not.toBe("unchanged");
          edited++;
          expect(syntaxErrors(result, transform.fileName)).toEqual([]);
          expect(keepsLines(source, result, transform.rewritten)).toBe(true);
          // The file's line endings are kept: a CRLF file gains no bare LF.
          if (source.includes("\r\n")) expect(result.replaceAll("\r\n", "")).not.toContain("\n");
          expect(transform.apply(result)).toBe("unchanged");
        }),
        RUNS,
      );
      // The user's code never makes the transform give up here: these are all shapes it edits.
      expect(edited).toBe(RUNS.numRuns);
    });
  }
});

// ---------------------------------------------------------------------------------------------------
// JSON and line files

const jsonText = fc.string({ unit: fc.constantFrom(..."aZ9 #:/'\"`\\{}[],é✓日😀\t"), maxLength: 12 });

describe("package.json, tsconfig.json and .gitignore edits over generated files", () => {
  it("addDependencies: every field the user wrote stays (value and line), the wanted dependencies are added", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom("description", "author", "x-notes", "keywords2"), jsonText),
        fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/), fc.constantFrom("^1.0.0", "~2.3.4", "latest")),
        fc.constantFrom(2, 4, "\t"),
        fc.boolean(),
        (fields, dependencies, indent, crlf) => {
          const pkg = { name: "acme-notes", private: true, ...fields, dependencies };
          let source = `${JSON.stringify(pkg, null, indent)}\n`;
          if (crlf) source = source.replaceAll("\n", "\r\n");
          const wanted = { "@create-auth/runtime": "file:./vendor/auth-runtime", jose: "^6.0.0" };
          const result = addDependencies(source, wanted);
          if (result === "unchanged") return;
          const parsed = JSON.parse(result.content);
          expect(parsed).toEqual({ ...pkg, dependencies: { ...dependencies, ...wanted, ...dependencies } });
          // An empty `"dependencies": {}` opens to hold them.
          expect(keepsLines(source, result.content, (line) => /^\s*"dependencies": \{\},?$/.test(line))).toBe(true);
          if (crlf) expect(result.content.replaceAll("\r\n", "")).not.toContain("\n");
          expect(addDependencies(result.content, wanted)).toBe("unchanged");
        },
      ),
      { numRuns: 60 },
    );
  });

  it("excludeInTsconfig: comments and every line stay, and the tsconfig reader reads it without an error", () => {
    fc.assert(
      fc.property(
        jsonText,
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom(["node_modules"], [], null),
        (comment, crlf, trailingComma, exclude) => {
          const lines = [
            "{",
            `  // ${comment.replaceAll("\n", " ")}`,
            '  "compilerOptions": {',
            '    "strict": true,',
            `    "paths": { "@/*": ["./src/*"] }${trailingComma ? "," : ""}`,
            "  },",
            `  "include": ["src", ${JSON.stringify(comment)}]${exclude === null ? "" : ","}`,
            ...(exclude === null ? [] : [`  "exclude": ${JSON.stringify(exclude)}`]),
            "}",
            "",
          ];
          const source = lines.join(crlf ? "\r\n" : "\n");
          const result = excludeInTsconfig(source, "tsconfig.json", "vendor/auth-runtime");
          // Without an `exclude`, tsc checks only what `include` names: nothing to add (tool-ignores.ts).
          if (exclude === null) {
            expect(result).toBe("unchanged");
            return;
          }
          if (typeof result !== "string" || result === "unchanged")
            throw new Error(`not edited: ${JSON.stringify(result)}`);
          const read = ts.parseConfigFileTextToJson("tsconfig.json", result);
          expect(read.error).toBeUndefined();
          expect(read.config.exclude).toContain("vendor/auth-runtime");
          expect(read.config.include).toEqual(["src", comment]);
          const before = ts.parseConfigFileTextToJson("tsconfig.json", source).config;
          expect(read.config.compilerOptions).toEqual(before.compilerOptions);
          expect(keepsLines(source, result, (line) => line.startsWith('  "exclude"'))).toBe(true);
          expect(excludeInTsconfig(result, "tsconfig.json", "vendor/auth-runtime")).toBe("unchanged");
        },
      ),
      { numRuns: 60 },
    );
  });

  it("ignoreInBiomeConfig: comments and every line stay, the JSON still reads, the runtime is ignored", () => {
    fc.assert(
      fc.property(jsonText, fc.boolean(), fc.constantFrom("2", "1"), (comment, crlf, version) => {
        const list =
          version === "2"
            ? `"includes": ["**", "!dist", ${JSON.stringify(`!${comment}`)}]`
            : `"ignore": ["dist", ${JSON.stringify(comment)}]`;
        const source = [
          "{",
          `  // ${comment}`,
          `  "$schema": "https://biomejs.dev/schemas/${version}.0.0/schema.json",`,
          '  "formatter": { "enabled": true, "indentStyle": "space" },',
          `  "files": { ${list} }`,
          "}",
          "",
        ].join(crlf ? "\r\n" : "\n");
        const result = ignoreInBiomeConfig(source, "biome.jsonc", "vendor/auth-runtime");
        if (typeof result !== "string" || result === "unchanged")
          throw new Error(`not edited: ${JSON.stringify(result)}`);
        const read = ts.parseConfigFileTextToJson("biome.jsonc", result);
        expect(read.error).toBeUndefined();
        const files = read.config.files;
        expect(version === "2" ? files.includes : files.ignore).toContain(
          version === "2" ? "!vendor/auth-runtime" : "vendor/auth-runtime",
        );
        expect(keepsLines(source, result, (line) => line.startsWith('  "files"'))).toBe(true);
        expect(result).toContain(`// ${comment}`);
        if (crlf) expect(result.replaceAll("\r\n", "")).not.toContain("\n");
        expect(ignoreInBiomeConfig(result, "biome.jsonc", "vendor/auth-runtime")).toBe("unchanged");
      }),
      { numRuns: 60 },
    );
  });

  it("addIgnorePattern: the file is a prefix of the result, with its line endings", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(jsonText, fc.constantFrom("", "# env", ".env*", "!.env.example", "node_modules/")), {
          maxLength: 8,
        }),
        fc.boolean(),
        fc.boolean(),
        (lines, crlf, finalNewline) => {
          const eol = crlf ? "\r\n" : "\n";
          const source = lines.map((line) => line.replace(/[\r\n]/g, "")).join(eol) + (finalNewline ? eol : "");
          const result = addIgnorePattern(source, ".env.local", "local env files hold secrets: never commit them");
          if (result === "unchanged") {
            expect(source.split(/\r?\n/).some((line) => line.trim() === ".env.local")).toBe(true);
            return;
          }
          const ended =
            source === "" || source.endsWith("\n") ? source : source + (source.includes("\r\n") ? "\r\n" : "\n");
          expect(result.startsWith(ended)).toBe(true);
          expect(result.endsWith(`.env.local${source.includes("\r\n") ? "\r\n" : "\n"}`)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});
