/**
 * The protect-a-page snippet is printed twice, in the README and in docs/next.md: both must be the one page
 * the e2e apps build and serve (test/e2e/support/docs-page.ts reads docs/next.md's), so neither can drift to a
 * pattern that `next build` refuses under cacheComponents.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { protectedPageSnippet, SNIPPET_ROUTE } from "../e2e/support/docs-page.js";
import { repoRoot } from "./support.js";

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

  it("reads the session in a component rendered inside <Suspense>, not in the page itself", () => {
    const page = /export default function \w+\(\) \{[\s\S]*?\n\}/.exec(docs)?.[0] ?? "";
    expect(page).toContain("<Suspense");
    expect(page).not.toContain("auth()");
  });
});
