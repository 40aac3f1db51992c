#!/usr/bin/env node
// Screenshots of the built-in sign-in page for docs/providers.md: six providers (four brands, email links,
// credentials), light and dark, rendered by the built runtime (dist/runtime: run `npm run build` first) in
// Debian's Chromium. Writes docs/images/sign-in-light.png and docs/images/sign-in-dark.png.
//   node scripts/sign-in-screenshots.mjs
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { launchChromium } from "../test/support/chromium.mjs";

const root = path.resolve(import.meta.dirname, "..");
const runtime = (module) => import(pathToFileURL(path.join(root, "dist", "runtime", `${module}.js`)).href);
const { Auth } = await runtime("index");
const { default: memory } = await runtime("adapters/memory");
const { default: credentials } = await runtime("providers/credentials");
const { default: email } = await runtime("providers/email");
const client = { clientId: "demo", clientSecret: "demo" };
const brands = await Promise.all(
  ["github", "google", "microsoft-entra-id", "slack"].map(async (id) => (await runtime(`providers/${id}`)).default),
);

const ORIGIN = "http://localhost:3000";
const config = {
  secret: "a-screenshot-secret-that-is-long-enough-for-the-runtime",
  trustHost: true,
  adapter: memory(),
  providers: [
    ...brands.map((factory) => factory({ ...client, issuer: "https://login.example.test" })),
    email({ sendVerificationRequest: async () => {} }),
    credentials({ credentials: { username: { label: "Username" } }, authorize: async () => null }),
  ],
};

const out = path.join(root, "docs", "images");
fs.mkdirSync(out, { recursive: true });
const browser = await launchChromium();
try {
  for (const scheme of ["light", "dark"]) {
    const context = await browser.newContext({ viewport: { width: 420, height: 900 }, colorScheme: scheme });
    const page = await context.newPage();
    await page.route(`${ORIGIN}/**`, async (route) => {
      const response = await Auth(new Request(route.request().url()), config);
      await route.fulfill({
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: Buffer.from(await response.arrayBuffer()),
      });
    });
    await page.goto(`${ORIGIN}/auth/signin`);
    const file = path.join(out, `sign-in-${scheme}.png`);
    await page.locator("main").screenshot({ path: file });
    console.log(`${path.relative(root, file)}: ${Math.round(fs.statSync(file).size / 1024)} KB`);
    await context.close();
  }
} finally {
  await browser.close();
}
