/**
 * Astro's middleware through the shared sequence-first transform: the shapes an app's `onRequest` has (a
 * `defineMiddleware` const, a function declaration, an existing `sequence`, export lists), an app that
 * imports the auth module already, and `remove` giving each file back as it was.
 */
import { describe, expect, it } from "vitest";
import { mergeSequenceFirst } from "../../../../src/cli/edit/sequence-first.js";
import { unmergeSequenceFirst } from "../../../../src/cli/edit/sequence-first-remove.js";
import { ASTRO_MIDDLEWARE } from "../../../../src/cli/frameworks/astro/middleware.js";

const merge = (source: string) => mergeSequenceFirst(source, "./auth", ASTRO_MIDDLEWARE);
const unmerge = (source: string) => unmergeSequenceFirst(source, "./auth", ASTRO_MIDDLEWARE);

const SHAPES = {
  "a function declaration": `export async function onRequest(context, next) {\n  context.locals.started = Date.now();\n  return next();\n}\n`,
  "an existing sequence": `import { sequence } from "astro:middleware";\nimport { logger, timing } from "./lib/middleware";\n\nexport const onRequest = sequence(logger, timing);\n`,
  "an export list": `const log = async (_context, next) => next();\n\nexport { log as onRequest };\n`,
  "an export list right below the code": `const log = async (_context, next) => next();\nexport { log as onRequest };\n`,
  "an export list before more code": `import { defineMiddleware } from "astro:middleware";\n\nconst log = defineMiddleware(async (_context, next) => next());\n\nexport { log as onRequest };\n\nexport const prerender = false;\n`,
  "an export list naming more than it": `const log = async (_context, next) => next();\nconst prerender = false;\n\nexport { log as onRequest, prerender };\n`,
  "a file that reads the session itself": `import { defineMiddleware } from "astro:middleware";\nimport { auth } from "./auth";\n\nexport const onRequest = defineMiddleware(async (context, next) => {\n  await auth.getSession(context);\n  return next();\n});\n`,
};

describe("auth.middleware first in the app's onRequest", () => {
  it("wraps a function declaration, keeping its body", () => {
    expect(merge(SHAPES["a function declaration"])).toBe(`import { sequence } from "astro:middleware";
import { auth } from "./auth";
async function appOnRequest(context, next) {
  context.locals.started = Date.now();
  return next();
}

// Auth first: it sets \`Astro.locals.session\` for the middleware after it and for every page and endpoint.
export const onRequest = sequence(auth.middleware, appOnRequest);
`);
  });

  it("puts it first in an existing sequence", () => {
    expect(merge(SHAPES["an existing sequence"])).toContain(
      "export const onRequest = sequence(auth.middleware, logger, timing);",
    );
  });

  it("wraps the local an export list names", () => {
    const merged = merge(SHAPES["an export list"]) as string;
    expect(merged).toContain("export const onRequest = sequence(auth.middleware, log);");
    expect(merged).not.toContain("export { log as onRequest }");
  });

  it("uses the app's own import of the auth module, without a second one", () => {
    const merged = merge(SHAPES["a file that reads the session itself"]) as string;
    expect(merged.match(/from "\.\/auth"/g)).toHaveLength(1);
    expect(merged).toContain("export const onRequest = sequence(auth.middleware, appOnRequest);");
  });

  it("is unchanged once it runs auth.middleware, and on the file init creates", () => {
    for (const source of Object.values(SHAPES)) expect(merge(merge(source) as string)).toBe("unchanged");
    expect(merge(`import { auth } from "./auth";\n\nexport const onRequest = auth.middleware;\n`)).toBe("unchanged");
  });

  it.each(Object.entries(SHAPES))("remove gives back %s byte for byte", (_shape, source) => {
    expect(unmerge(merge(source) as string)).toBe(source);
  });

  it("an export list gives its place to the sequence, so remove can put it back there", () => {
    expect(
      merge(SHAPES["an export list before more code"]),
    ).toBe(`import { defineMiddleware, sequence } from "astro:middleware";
import { auth } from "./auth";

const log = defineMiddleware(async (_context, next) => next());

// Auth first: it sets \`Astro.locals.session\` for the middleware after it and for every page and endpoint.
export const onRequest = sequence(auth.middleware, log);

export const prerender = false;
`);
  });

  it("remove gives an export list back where it is now, around what the user added since", () => {
    const merged = (merge(SHAPES["an export list"]) as string).replace(
      "\n// Auth first",
      "\nexport const prerender = false;\n\n// Auth first",
    );
    expect(unmerge(merged)).toBe(
      "const log = async (_context, next) => next();\n\nexport const prerender = false;\n\nexport { log as onRequest };\n",
    );
  });

  it("remove keeps what the user added since", () => {
    const merged = (merge(SHAPES["an existing sequence"]) as string).replace(
      "export const onRequest",
      "export const prerenderedPaths = [];\n\nexport const onRequest",
    );
    expect(unmerge(merged)).toBe(
      SHAPES["an existing sequence"].replace(
        "export const onRequest",
        "export const prerenderedPaths = [];\n\nexport const onRequest",
      ),
    );
  });
});
