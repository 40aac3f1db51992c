// Headless Debian Chromium driven through playwright-core. Playwright's own browser download cannot
// work here (no network beyond the npm registry and Debian), so we use the distribution's package.
import fs from "node:fs";
import { chromium } from "playwright-core";
import { runCommand } from "./processes.mjs";

export const CHROMIUM_PATH = "/usr/bin/chromium";

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Installs Debian's chromium when it is missing (about 20 s once per machine). */
export async function ensureChromium() {
  if (fs.existsSync(CHROMIUM_PATH)) return;
  await runCommand("apt-get", ["install", "-y", "chromium"], {
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`apt-get installed chromium but ${CHROMIUM_PATH} is missing`);
}

/** Launches a fresh headless browser; the caller closes it. */
export async function launchChromium() {
  await ensureChromium();
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}
