/**
 * The protect-a-page snippet exactly as docs/next.md prints it (the README prints the same one:
 * test/cli/frameworks/next/docs-snippets.test.ts), and docs/react.md's account page, for the e2e apps that
 * build and serve them: scaffolds.test.ts on create-next-app 16's default (cacheComponents on) and
 * next-15-app.test.ts (without it). They are read from the docs at test time, so a change to the docs is
 * what gets built.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { REPO_ROOT } from "../../support/fixture-app.mjs";

/** Where the snippet's first line says it goes (`// app/dashboard/page.tsx`), and the path it guards. */
export const SNIPPET_ROUTE = "/dashboard";

/** The fenced tsx blocks of a Markdown file, dedented (docs/next.md's sits in a numbered list item). */
export function tsxBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^([ \t]*)```tsx\n([\s\S]*?)^\1```[ \t]*$/gm)].map(([, indent = "", body = ""]) =>
    body
      .split("\n")
      .map((line) => line.slice(Math.min(indent.length, line.search(/\S|$/))))
      .join("\n"),
  );
}

/** The one tsx block of a Markdown text that is a whole page guarded with auth() and redirect(). */
export function protectedPageSnippet(markdown: string, name: string): string {
  const pages = tsxBlocks(markdown).filter(
    (block) => block.includes("export default") && block.includes("await auth()") && block.includes("redirect("),
  );
  if (pages.length !== 1) throw new Error(`${name} prints ${pages.length} protect-a-page snippets, not one`);
  return pages[0]!;
}

/**
 * Writes docs/next.md's snippet as the page at `route` under the app's routes directory: at its own path
 * (`/dashboard`) byte for byte, elsewhere with only its sign-in `callbackUrl` pointed at the new path.
 */
export async function writeDocsProtectedPage(dir: string, routesDir: string, route = SNIPPET_ROUTE): Promise<void> {
  const markdown = await fs.readFile(path.join(REPO_ROOT, "docs", "next.md"), "utf8");
  const snippet = protectedPageSnippet(markdown, "docs/next.md");
  const page = snippet.replace(`callbackUrl=${SNIPPET_ROUTE}"`, `callbackUrl=${route}"`);
  const file = path.join(dir, routesDir, route, "page.tsx");
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, page);
}

/**
 * Writes every tsx block of a docs page that names its file on its first line (`// app/account/page.tsx`)
 * to that file under the app's routes directory, byte for byte; resolves with the files' paths under it.
 */
export async function writeDocsFiles(dir: string, routesDir: string, docsPage: string): Promise<string[]> {
  const markdown = await fs.readFile(path.join(REPO_ROOT, "docs", docsPage), "utf8");
  const written: string[] = [];
  for (const block of tsxBlocks(markdown)) {
    const file = /^\/\/ app\/(\S+\.tsx)\n/.exec(block)?.[1];
    if (!file) continue;
    await fs.mkdir(path.dirname(path.join(dir, routesDir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, routesDir, file), block);
    written.push(file);
  }
  return written;
}

/**
 * A signed-out visitor of the page ends on the sign-in page with the way back. Inside `<Suspense>` the
 * redirect arrives in the streamed page (a refresh the browser follows), so this waits for the navigation.
 */
export async function expectSentToSignIn(page: Page, appUrl: string, basePath: string, route: string): Promise<void> {
  await page.goto(`${appUrl}${route}`);
  await page.waitForURL((url) => url.pathname === `${basePath}/signin`);
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe(route);
}

/** The page as the snippet renders it for a signed-in user. */
export async function expectShownTo(page: Page, appUrl: string, route: string, email: string): Promise<void> {
  await page.goto(`${appUrl}${route}`);
  await expect(page.getByText(`Signed in as ${email}`).waitFor()).resolves.toBeUndefined();
  expect(new URL(page.url()).pathname).toBe(route);
}
