/** The built-in "check your email" page shown after an email sign-in link was sent. */
import type { Theme } from "../../types.js";
import { escapeHtml, layout } from "./html.js";

export function renderVerifyRequestPage(params: { url: URL; theme: Theme }): string {
  const { url, theme } = params;
  return layout({
    title: "Verify Request",
    theme,
    content: `<h1>Check your email</h1><p>A sign-in link has been sent to your email address.</p><a class="button" href="${escapeHtml(url.origin)}">${escapeHtml(url.host)}</a>`,
  });
}
