/**
 * The SvelteKit transforms on the shapes real apps have: the auth handle merged first into an existing
 * `handle` (const, function, `export { … }`, an existing `sequence`), the session merged into an existing
 * root layout load; and nothing changed when the work is already done.
 */
import { describe, expect, it } from "vitest";
import { mergeAuthHandle } from "../../../../src/cli/frameworks/sveltekit/hooks.js";
import { unmergeAuthHandle } from "../../../../src/cli/frameworks/sveltekit/hooks-remove.js";
import { mergeSessionLoad } from "../../../../src/cli/frameworks/sveltekit/layout.js";
import { unmergeSessionLoad } from "../../../../src/cli/frameworks/sveltekit/layout-remove.js";

const APP_HANDLE = `import type { Handle } from "@sveltejs/kit";

// Every page says who served it.
export const handle: Handle = async ({ event, resolve }) => {
  const response = await resolve(event);
  response.headers.set("x-served-by", "acme");
  return response;
};
`;

describe("mergeAuthHandle", () => {
  it("renames the app's handle and exports sequence(authHandle, appHandle), keeping its body", () => {
    const merged = mergeAuthHandle(APP_HANDLE, "./auth");
    expect(merged).toBe(`import { sequence } from "@sveltejs/kit/hooks";
import type { Handle } from "@sveltejs/kit";
import { handle as authHandle } from "./auth";

// Every page says who served it.
const appHandle: Handle = async ({ event, resolve }) => {
  const response = await resolve(event);
  response.headers.set("x-served-by", "acme");
  return response;
};

// Auth first: it sets \`event.locals.auth()\` for the hooks after it and for every load and action.
export const handle = sequence(authHandle, appHandle);
`);
  });

  it("is unchanged on its own output", () => {
    const merged = mergeAuthHandle(APP_HANDLE, "./auth");
    expect(mergeAuthHandle(merged as string, "./auth")).toBe("unchanged");
  });

  it("puts the auth handle first in an existing sequence, importing nothing twice", () => {
    const source = `import { sequence } from "@sveltejs/kit/hooks";\nimport { logger } from "$lib/logger";\n\nexport const handle = sequence(logger);\n`;
    expect(mergeAuthHandle(source, "./auth")).toBe(
      `import { sequence } from "@sveltejs/kit/hooks";\nimport { logger } from "$lib/logger";\nimport { handle as authHandle } from "./auth";\n\nexport const handle = sequence(authHandle, logger);\n`,
    );
  });

  it("handles a function declaration and an export list", () => {
    const fn = mergeAuthHandle(
      `export async function handle({ event, resolve }) {\n  return resolve(event);\n}\n`,
      "./auth",
    );
    expect(fn).toContain("async function appHandle({ event, resolve })");
    expect(fn).toContain("export const handle = sequence(authHandle, appHandle);");
    const list = mergeAuthHandle(
      `const handle = async ({ event, resolve }) => resolve(event);\nexport { handle };\n`,
      "./auth",
    );
    expect(list).toContain("const appHandle = async ({ event, resolve }) => resolve(event);");
    expect(list).not.toContain("export { handle }");
    // The list goes with the export it held: it does not follow the rename and export appHandle too.
    expect(list).not.toContain("export { appHandle }");
    expect(list).toContain("export const handle = sequence(authHandle, appHandle);");
  });

  it("exports the auth handle itself when the file has no handle", () => {
    const merged = mergeAuthHandle(`export const handleError = ({ error }) => console.error(error);\n`, "./auth");
    expect(merged).toContain(`import { handle as authHandle } from "./auth";`);
    expect(merged).toContain("export const handle = authHandle;");
  });
});

describe("mergeSessionLoad", () => {
  const LAYOUT = `import type { LayoutServerLoad } from "./$types";\n\nexport const load: LayoutServerLoad = async () => {\n  return { appName: "Acme" };\n};\n`;

  it("keeps the app's load and adds the session to what it returns", () => {
    expect(mergeSessionLoad(LAYOUT)).toBe(`import type { LayoutServerLoad } from "./$types";

const appLoad: LayoutServerLoad = async () => {
  return { appName: "Acme" };
};

// The session in every page's data (\`page.data.session\`), next to what the app's own load returns.
export const load: LayoutServerLoad = async (event) => ({
  ...(await appLoad(event)),
  session: await event.locals.auth(),
});
`);
  });

  it("adds a load to a layout file without one, and is unchanged once merged", () => {
    const added = mergeSessionLoad(`export const prerender = false;\n`);
    expect(added).toContain("export const load = async (event) => ({ session: await event.locals.auth() });");
    expect(mergeSessionLoad(mergeSessionLoad(LAYOUT) as string)).toBe("unchanged");
  });
});

describe("in the file's own style (sv's Prettier add-on: tabs, single quotes, no trailing commas)", () => {
  const HOOKS = [
    "import type { Handle } from '@sveltejs/kit';",
    "",
    "export const handle: Handle = async ({ event, resolve }) => {",
    "\tconst response = await resolve(event);",
    "\treturn response;",
    "};",
    "",
  ].join("\n");
  const LAYOUT = [
    "import type { LayoutServerLoad } from './$types';",
    "",
    "export const load: LayoutServerLoad = async () => {",
    "\treturn {",
    "\t\tappName: 'Acme'",
    "\t};",
    "};",
    "",
  ].join("\n");

  it("the hooks get single-quoted imports, and lose them again", () => {
    const merged = mergeAuthHandle(HOOKS, "./auth") as string;
    expect(merged.split("\n").slice(0, 3)).toEqual([
      "import { sequence } from '@sveltejs/kit/hooks';",
      "import type { Handle } from '@sveltejs/kit';",
      "import { handle as authHandle } from './auth';",
    ]);
    expect(merged).toContain("\nexport const handle = sequence(authHandle, appHandle);\n");
    expect(merged).not.toContain('"');
    expect(unmergeAuthHandle(merged, "./auth")).toBe(HOOKS);
  });

  it("the layout's load is indented with tabs, without a trailing comma, and comes back out", () => {
    const merged = mergeSessionLoad(LAYOUT) as string;
    expect(merged).toContain(
      "export const load: LayoutServerLoad = async (event) => ({\n\t...(await appLoad(event)),\n\tsession: await event.locals.auth()\n});\n",
    );
    expect(unmergeSessionLoad(merged)).toBe(LAYOUT);
  });

  it("a file without semicolons gets none", () => {
    const merged = mergeAuthHandle(HOOKS.replace(/;$/gm, ""), "./auth") as string;
    expect(merged).toContain("import { handle as authHandle } from './auth'\n");
    expect(merged).toContain("export const handle = sequence(authHandle, appHandle)\n");
    expect(unmergeAuthHandle(merged, "./auth")).toBe(HOOKS.replace(/;$/gm, ""));
  });
});
