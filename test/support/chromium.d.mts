import type { Browser } from "playwright-core";

export const CHROMIUM_PATH: string;
/** Installs Debian's chromium when it is missing. */
export function ensureChromium(): Promise<void>;
/** Launches a fresh headless browser; the caller closes it. */
export function launchChromium(): Promise<Browser>;
