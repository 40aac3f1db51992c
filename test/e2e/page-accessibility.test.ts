/**
 * The sign-in page passes axe-core (WCAG 2.x A and AA rules, colour contrast included) in Debian Chromium, light
 * and dark: by the theme's `colorScheme`, and by the browser's `prefers-color-scheme` under the default "auto".
 * Branded OAuth/OIDC buttons (a simple-icons mark, Microsoft's drawn squares, a monogram), email links,
 * credentials and a passkey form on one page. The colours themselves are computed in
 * test/runtime/core/page-contrast.test.ts. In the e2e project: a Chromium and axe per theme take about 10 s on a
 * quiet machine, several times that under load.
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import memory from "../../src/runtime/adapters/memory.js";
import { Auth } from "../../src/runtime/index.js";
import credentials from "../../src/runtime/providers/credentials.js";
import email from "../../src/runtime/providers/email.js";
import github from "../../src/runtime/providers/github.js";
import google from "../../src/runtime/providers/google.js";
import microsoft from "../../src/runtime/providers/microsoft-entra-id.js";
import passkey from "../../src/runtime/providers/passkey.js";
import slack from "../../src/runtime/providers/slack.js";
import type { AuthConfig, Theme } from "../../src/runtime/types.js";
import { launchChromium } from "../support/chromium.mjs";

const ORIGIN = "http://localhost:3000";
const AXE = fs.readFileSync(path.resolve(import.meta.dirname, "../../node_modules/axe-core/axe.min.js"), "utf8");

function config(theme: Theme): AuthConfig {
  const client = { clientId: "id", clientSecret: "secret", issuer: "https://login.example.test" };
  return {
    secret: "an-accessibility-test-secret-long-enough",
    trustHost: true,
    adapter: memory(),
    experimental: { enableWebAuthn: true },
    theme,
    providers: [
      github(client),
      google(client),
      microsoft(client),
      slack(client),
      email({ sendVerificationRequest: async () => {} }),
      credentials({ credentials: { username: { label: "Username" } }, authorize: async () => null }),
      passkey(),
    ],
  };
}

interface Violation {
  id: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** The violations axe finds on the sign-in page served under `theme`, the browser preferring `scheme`. */
async function violations(theme: Theme, scheme: "light" | "dark", query = ""): Promise<string[]> {
  const context = await browser.newContext({ colorScheme: scheme });
  try {
    const page = await context.newPage();
    const served = config(theme);
    await page.route(`${ORIGIN}/**`, async (route) => {
      const response = await Auth(new Request(route.request().url()), served);
      await route.fulfill({
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: Buffer.from(await response.arrayBuffer()),
      });
    });
    await page.goto(`${ORIGIN}/auth/signin${query}`);
    await page.addScriptTag({ content: AXE });
    const found = (await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(options: object): Promise<{ violations: unknown[] }> } }).axe;
      const result = await axe.run({ runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"] } });
      return result.violations;
    })) as Violation[];
    return found.flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} ${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
    );
  } finally {
    await context.close();
  }
}

describe("the sign-in page under axe-core in Chromium", () => {
  it.each([
    ["light (colorScheme)", { colorScheme: "light" }, "dark"],
    ["dark (colorScheme)", { colorScheme: "dark" }, "light"],
    ["auto, the browser preferring light", {}, "light"],
    ["auto, the browser preferring dark", {}, "dark"],
  ] as const)("%s: no violations", async (_name, theme, scheme) => {
    expect(await violations(theme, scheme)).toEqual([]);
  });

  it("with an error shown, dark: no violations", async () => {
    expect(await violations({}, "dark", "?error=CredentialsSignin")).toEqual([]);
  });
});
