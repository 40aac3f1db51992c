/**
 * The inverse transforms `auth remove` uses, each on the inputs its forward transform takes: the forward
 * transform's output through the inverse is the input again, byte for byte; lines the user added since stay;
 * a file holding nothing of ours is "unchanged". A fast-check property over the Express app file: user lines
 * anywhere around our insertions all survive, the result still parses, and when none landed inside one of
 * our blocks, nothing of ours is left.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSyntax } from "../../../src/cli/edit/ast.js";
import { addIgnorePattern } from "../../../src/cli/edit/gitignore.js";
import { removeIgnorePattern } from "../../../src/cli/edit/gitignore-remove.js";
import { addDependencies } from "../../../src/cli/edit/package-json.js";
import { removeDependencies, removePackages } from "../../../src/cli/edit/package-json-remove.js";
import type { TransformResult } from "../../../src/cli/edit/result.js";
import {
  excludeInTsconfig,
  ignoreInBiomeConfig,
  ignoreInEslintFlatConfig,
} from "../../../src/cli/edit/tool-ignores.js";
import { removeRuntimeIgnore } from "../../../src/cli/edit/tool-ignores-remove.js";
import { type MountOptions, mountExpressAuth } from "../../../src/cli/frameworks/express/app.js";
import { unmountExpressAuth } from "../../../src/cli/frameworks/express/app-remove.js";
import { mergeAuthIntoProxy } from "../../../src/cli/frameworks/next/proxy.js";
import { unmergeAuthFromProxy } from "../../../src/cli/frameworks/next/proxy-remove.js";
import { mergeAuthHandle } from "../../../src/cli/frameworks/sveltekit/hooks.js";
import { unmergeAuthHandle } from "../../../src/cli/frameworks/sveltekit/hooks-remove.js";
import { mergeSessionLoad } from "../../../src/cli/frameworks/sveltekit/layout.js";
import { unmergeSessionLoad } from "../../../src/cli/frameworks/sveltekit/layout-remove.js";
import { memoryFixture } from "../support.js";

function text(result: TransformResult): string {
  if (typeof result !== "string" || result === "unchanged")
    throw new Error(`expected new text, got ${JSON.stringify(result)}`);
  return result;
}

function parseErrors(source: string, file: string): string[] {
  const tree = parseSyntax(source, file) as unknown as { parseDiagnostics: { messageText: unknown }[] };
  return tree.parseDiagnostics.map((diagnostic) => String(diagnostic.messageText));
}

const HOOKS = {
  "an exported const handle": memoryFixture("sveltekit-2").read("src/hooks.server.ts"),
  "an exported function handle": `import type { RequestEvent } from "@sveltejs/kit";

export async function handle({ event, resolve }) {
  return resolve(event);
}
`,
  "a sequence of the app's own": `import { sequence } from "@sveltejs/kit/hooks";
import { logger, headers } from "$lib/server/hooks";

export const handle = sequence(logger, headers);
`,
  "no handle at all": `export const handleError = ({ error }) => {
  console.error(error);
};
`,
};

describe("unmergeAuthHandle", () => {
  it.each(Object.entries(HOOKS))("gives back %s", (_, original) => {
    expect(unmergeAuthHandle(text(mergeAuthHandle(original, "./auth")), "./auth")).toBe(original);
  });

  it("keeps a hook the user added after init", () => {
    const original = HOOKS["an exported const handle"];
    const user = "\nexport const handleFetch = async ({ request, fetch }) => fetch(request);\n";
    expect(unmergeAuthHandle(text(mergeAuthHandle(original, "./auth")) + user, "./auth")).toBe(original + user);
  });

  it("is unchanged on hooks without the auth handle", () => {
    expect(unmergeAuthHandle(HOOKS["an exported const handle"], "./auth")).toBe("unchanged");
  });
});

const LAYOUTS = {
  "a typed const load": memoryFixture("sveltekit-2").read("src/routes/+layout.server.ts"),
  "a function load": `export async function load({ locals }) {
  return { theme: "dark" };
}
`,
  "no load": `import type { LayoutServerLoad } from "./$types";

export const prerender = false;
`,
};

describe("unmergeSessionLoad", () => {
  it.each(Object.entries(LAYOUTS))("gives back %s", (_, original) => {
    expect(unmergeSessionLoad(text(mergeSessionLoad(original)))).toBe(original);
  });

  it("is unchanged on a layout that does not read the session", () => {
    expect(unmergeSessionLoad(LAYOUTS["a function load"])).toBe("unchanged");
  });
});

const PROXIES: Record<string, { source: string; exportName: "proxy" | "middleware" }> = {
  "a middleware function and its matcher": {
    exportName: "middleware",
    source: `import { NextResponse, type NextRequest } from "next/server";

export function middleware(request: NextRequest) {
  return NextResponse.next();
}

export const config = { matcher: ["/dashboard/:path*"] };
`,
  },
  "a default-exported named proxy": {
    exportName: "proxy",
    source: `import { NextResponse } from "next/server";

export default function proxy() {
  return NextResponse.next();
}
`,
  },
  "an arrow proxy taking the event": {
    exportName: "proxy",
    source: `import { NextResponse, type NextRequest } from "next/server";

export const proxy = (request: NextRequest, event) => {
  event.waitUntil(Promise.resolve());
  return NextResponse.next();
};
`,
  },
};

describe("unmergeAuthFromProxy", () => {
  it.each(Object.entries(PROXIES))("gives back %s", (_, { source, exportName }) => {
    const merged = text(mergeAuthIntoProxy(source, { authImport: "@/auth", exportName }));
    expect(unmergeAuthFromProxy(merged, exportName)).toBe(source);
  });
});

const EXPRESS: Record<string, { file: string; source: string; options: Partial<MountOptions> }> = {
  "the TypeScript ES module app (loadEnvFile)": {
    file: "src/app.ts",
    source: memoryFixture("express-5-ts").read("src/app.ts"),
    options: { typescript: true, authModule: "./auth.js" },
  },
  "the CommonJS app under a header comment": {
    file: "app.js",
    source: memoryFixture("express-4-js").read("app.js"),
    options: { authModule: "./auth" },
  },
  "an ES module app with dotenv": {
    file: "server.mjs",
    source: `import express from "express";\nimport morgan from "morgan";\n\nconst app = express();\napp.use(morgan("dev"));\n\napp.get("/", (req, res) => res.send("hi"));\napp.listen(3000);\n`,
    options: { envLoader: "dotenv", authModule: "./auth.mjs" },
  },
  "a CommonJS app whose start command loads the env (CRLF)": {
    file: "index.js",
    source: `const express = require("express");\r\nconst app = express();\r\n\r\napp.get("/", (req, res) => res.send("hi"));\r\nmodule.exports = app;\r\n`,
    options: { envLoader: "none", authModule: "./auth" },
  },
};

function mountOptions(options: Partial<MountOptions>): MountOptions {
  return {
    runtimeModule: "@create-auth/runtime/express",
    authModule: "./auth.js",
    basePath: "/auth",
    envLoader: "loadEnvFile",
    typescript: false,
    envFile: ".env",
    ...options,
  };
}

describe("unmountExpressAuth", () => {
  it.each(Object.entries(EXPRESS))("gives back %s", (_, { file, source, options }) => {
    const forward = (input: string) => mountExpressAuth(input, file, mountOptions(options));
    expect(unmountExpressAuth(text(forward(source)), forward)).toBe(source);
  });

  it("keeps every line the user added around our insertions", () => {
    const { file, source, options } = EXPRESS["the TypeScript ES module app (loadEnvFile)"]!;
    const forward = (input: string) => mountExpressAuth(input, file, mountOptions(options));
    const mounted = text(forward(source)).split("\n");
    const statement = (index: number) => `app.get("/user-${index}", (_req: Request, res: Response) => res.end());`;
    const insert = (lines: string[], at: number, line: string) => [...lines.slice(0, at), line, ...lines.slice(at)];
    // Where a user can add a statement: every line boundary where one still parses.
    const places = [...mounted.keys(), mounted.length].filter(
      (at) => parseErrors(insert(mounted, at, statement(0)).join("\n"), file).length === 0,
    );
    const originalLines = new Set(source.split("\n"));
    const ours = (index: number) =>
      mounted[index] !== undefined && mounted[index] !== "" && !originalLines.has(mounted[index]!);
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...places), { minLength: 1, maxLength: 6 }), (positions) => {
        let lines = [...mounted];
        // From the last position back, so earlier positions stay where they were chosen.
        const order = positions.map((at, index) => ({ at, index })).sort((a, b) => b.at - a.at || b.index - a.index);
        for (const { at, index } of order) lines = insert(lines, at, statement(index));
        const edited = lines.join("\n");
        const result = unmountExpressAuth(edited, forward);
        const after = result === "unchanged" ? edited : text(result);
        for (const index of positions.keys()) expect(after).toContain(statement(index));
        expect(parseErrors(after, file)).toEqual([]);
        if (!positions.some((at) => ours(at - 1) && ours(at))) expect(after).not.toMatch(/ExpressAuth|create-auth/);
      }),
      { numRuns: 80 },
    );
  });
});

describe("removeDependencies", () => {
  const wanted = { "@create-auth/runtime": "file:./vendor/auth-runtime", jose: "^6.2.17", oauth4webapi: "^3.8.8" };
  it.each([
    ["no dependencies section", '{\n  "name": "app",\n  "devDependencies": {\n    "vite": "7.3.8"\n  }\n}\n'],
    [
      "an alphabetical list",
      '{\n  "name": "app",\n  "dependencies": {\n    "express": "5.1.0",\n    "zod": "4.0.0"\n  }\n}\n',
    ],
    [
      "an unsorted list with CRLF",
      '{\r\n  "dependencies": {\r\n    "zod": "4.0.0",\r\n    "express": "5.1.0"\r\n  }\r\n}\r\n',
    ],
    ["dependencies as the last member", '{\n  "name": "app",\n  "dependencies": {\n    "next": "16.0.0"\n  }\n}\n'],
  ])("gives back %s", (_, original) => {
    const added = addDependencies(original, wanted);
    if (added === "unchanged") throw new Error("nothing added");
    expect(removeDependencies(added.content, Object.keys(wanted))).toBe(original);
  });

  it("keeps a dependency the user added after init", () => {
    const original = '{\n  "dependencies": {\n    "express": "5.1.0"\n  }\n}\n';
    const added = addDependencies(original, wanted);
    if (added === "unchanged") throw new Error("nothing added");
    const user = addDependencies(added.content, { "left-pad": "1.3.0" });
    if (user === "unchanged") throw new Error("nothing added");
    const expected = addDependencies(original, { "left-pad": "1.3.0" });
    if (expected === "unchanged") throw new Error("nothing added");
    expect(removeDependencies(user.content, Object.keys(wanted))).toBe(expected.content);
  });
});

describe("removePackages", () => {
  it("takes each name out of whichever section declares it, naming the dev ones", () => {
    const source =
      '{\n  "dependencies": {\n    "express": "5.1.0",\n    "pg": "^8.23.1"\n  },\n  "devDependencies": {\n    "@types/pg": "^8.23.1",\n    "nodemailer": "^8.0.11",\n    "vite": "7.3.8"\n  }\n}\n';
    expect(removePackages(source, ["pg", "@types/pg", "nodemailer", "absent"])).toEqual({
      after:
        '{\n  "dependencies": {\n    "express": "5.1.0"\n  },\n  "devDependencies": {\n    "vite": "7.3.8"\n  }\n}\n',
      removed: ["pg", "@types/pg (dev)", "nodemailer (dev)"],
    });
  });

  it("is unchanged when no name is declared, or the text is not JSON", () => {
    expect(removePackages('{\n  "dependencies": {\n    "express": "5.1.0"\n  }\n}\n', ["pg"])).toBe("unchanged");
    expect(removePackages('{ "dependencies": { "pg": "1" ', ["pg"])).toBe("unchanged");
  });
});

describe("removeDependencies, property", () => {
  const ours = { "@create-auth/runtime": "file:./vendor/auth-runtime", jose: "^6.2.17", oauth4webapi: "^3.8.8" };
  const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/).filter((n) => !(n in ours));
  const deps = fc.dictionary(name, fc.constantFrom("1.0.0", "^2.3.4", "~0.1.0"), { maxKeys: 5 });
  it("keeps every dependency the app had and the user added after init, in the text addDependencies would give", () => {
    fc.assert(
      fc.property(deps, deps, fc.boolean(), (before, after, crlf) => {
        const base = JSON.stringify({ name: "app", dependencies: before }, null, 2).replace(
          /\n/g,
          crlf ? "\r\n" : "\n",
        );
        const original = Object.keys(before).length === 0 ? base.replace(/,?\s*"dependencies": \{\}/, "") : base;
        const step = (source: string, wanted: Record<string, string>) => {
          const edit = addDependencies(source, wanted);
          return edit === "unchanged" ? source : edit.content;
        };
        const initialised = step(original, ours);
        const edited = step(initialised, after);
        const removed = removeDependencies(edited, Object.keys(ours));
        const result = removed === "unchanged" ? edited : text(removed);
        expect(JSON.parse(result)).toEqual(JSON.parse(step(original, after)));
        expect(result).toBe(step(original, after));
      }),
      { numRuns: 150 },
    );
  });
});

describe("removeIgnorePattern", () => {
  it.each([
    ["a file ending in a newline", "node_modules\n"],
    ["CRLF", "node_modules\r\n.next\r\n"],
  ])("gives back %s", (_, original) => {
    const comment = "local env files hold secrets: never commit them";
    expect(removeIgnorePattern(text(addIgnorePattern(original, ".env", comment)), ".env", comment)).toBe(original);
  });
});

describe("removeRuntimeIgnore", () => {
  const dir = "vendor/auth-runtime";
  it.each([
    ["tsconfig.json", '{\n  "exclude": ["node_modules"]\n}\n', excludeInTsconfig],
    ["tsconfig.json", '{\n  "exclude": [\n    "node_modules",\n    "dist"\n  ]\n}\n', excludeInTsconfig],
    ["biome.json", '{\n  "files": { "ignore": ["dist"] }\n}\n', ignoreInBiomeConfig],
    ["biome.json", '{\n  "$schema": "https://biomejs.dev/schemas/2.0.0/schema.json"\n}\n', ignoreInBiomeConfig],
    [
      "eslint.config.js",
      'import js from "@eslint/js";\n\nexport default [js.configs.recommended];\n',
      ignoreInEslintFlatConfig,
    ],
    [
      "eslint.config.mjs",
      'import { defineConfig, globalIgnores } from "eslint/config";\n\nexport default defineConfig([globalIgnores([".next/**"])]);\n',
      ignoreInEslintFlatConfig,
    ],
  ] as const)("gives back %s (%#)", (file, original, forward) => {
    expect(removeRuntimeIgnore(text(forward(original, file, dir)), file, dir)).toBe(original);
  });
});
