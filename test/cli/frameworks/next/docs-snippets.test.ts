/**
 * The protect-a-page snippet is printed twice, in the README and in docs/next.md: both must be the one page
 * the e2e apps build and serve (test/e2e/support/docs-page.ts reads docs/next.md's), so neither can drift to a
 * pattern that `next build` refuses under cacheComponents. Every App Router page the docs print that reads
 * the session does it inside <Suspense>, as those builds need.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { protectedPageSnippet, SNIPPET_ROUTE, tsxBlocks } from "../../../e2e/support/docs-page.js";
import { repoRoot } from "../../support.js";

const read = (file: string) => readFileSync(path.join(repoRoot, file), "utf8");

describe("the protect-a-page snippet", () => {
  const docs = protectedPageSnippet(read("docs/next.md"), "docs/next.md");

  it("is the same page in the README as in docs/next.md", () => {
    expect(protectedPageSnippet(read("README.md"), "README.md")).toBe(docs);
  });

  it("names the file it goes in and sends signed-out visitors back to that path", () => {
    expect(docs.split("\n")[0]).toBe(`// app${SNIPPET_ROUTE}/page.tsx`);
    expect(docs).toContain(`redirect("/api/auth/signin?callbackUrl=${SNIPPET_ROUTE}")`);
  });
});

describe("every App Router page the docs print", () => {
  const pages = [...readdirSync(path.join(repoRoot, "docs")).map((file) => `docs/${file}`), "README.md"]
    .filter((file) => file.endsWith(".md"))
    .flatMap((file) => tsxBlocks(read(file)).map((block) => ({ file, block })))
    .filter(({ block }) => /^\/\/ app\/\S*page\.tsx\n/.test(block) && block.includes("auth()"))
    .map(({ file, block }) => ({ name: `${file}: ${block.split("\n")[0]!.slice(3)}`, block }));

  it("includes the protect-a-page snippet and docs/react.md's account page", () => {
    expect(pages.map(({ name }) => name)).toEqual(
      expect.arrayContaining(["docs/next.md: app/dashboard/page.tsx", "docs/react.md: app/account/page.tsx"]),
    );
  });

  it.each(pages)("$name reads the session in a component inside <Suspense>, not in the page itself", ({ block }) => {
    const page = /export default (async )?function \w+\(\) \{[\s\S]*?\n\}/.exec(block)?.[0] ?? "";
    expect(page).toContain("<Suspense");
    expect(page).not.toContain("auth()");
  });
});
