import type { Browser } from "playwright-core";

/** Debian's chromium: the one on PATH, else /usr/bin/chromium. */
export const CHROMIUM_PATH: string;
/** Installs Debian's chromium when it is missing (root with apt-get), or throws naming the command that does. */
export function ensureChromium(): Promise<void>;
/** Launches a fresh headless browser; the caller closes it. */
export function launchChromium(): Promise<Browser>;
