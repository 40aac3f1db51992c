// Headless Debian Chromium driven through playwright-core. Playwright's own browser download cannot
// work here (no network beyond the npm registry and Debian), so we use the distribution's package.
import fs from "node:fs";
import { chromium } from "playwright-core";
import { runCommand } from "./processes.mjs";
import { findCommand, provisioningPlan, SYSTEM_PACKAGES } from "./system-packages.mjs";

/** Debian's chromium: the one on PATH, else where the package puts it. */
export const CHROMIUM_PATH = findCommand("chromium") ?? "/usr/bin/chromium";

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

/**
 * Installs Debian's chromium when it is missing (about 20 s once per machine; npm's pretest normally did it
 * already), or throws naming the command that installs it when this process may not.
 */
export async function ensureChromium() {
  if (fs.existsSync(CHROMIUM_PATH)) return;
  const aptGet = findCommand("apt-get");
  const plan = provisioningPlan([SYSTEM_PACKAGES.find((pkg) => pkg.name === "chromium")], {
    root: process.getuid?.() === 0,
    aptGet: aptGet !== undefined,
  });
  if (plan.action === "stop") throw new Error(plan.message);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  // A fresh image has no package lists: install needs them.
  await runCommand(aptGet, ["update", "-qq"], { env });
  await runCommand(aptGet, ["install", "-y", "chromium"], { env });
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`apt-get installed chromium but ${CHROMIUM_PATH} is missing`);
}

/** Launches a fresh headless browser; the caller closes it. */
export async function launchChromium() {
  await ensureChromium();
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}
