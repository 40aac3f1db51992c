/**
 * The built-in "check your email" page shown after an email sign-in link was sent, or after a password
 * sign-up or forgot-password request (`type=password`), which say the same whether or not an account exists.
 */
import type { Theme } from "../../types.js";
import { escapeHtml, layout } from "./html.js";

export function renderVerifyRequestPage(params: { url: URL; theme: Theme; type?: string | undefined }): string {
  const { url, theme, type } = params;
  const said =
    type === "password"
      ? "If this address can be used, we have sent it an email. Follow the link in it to continue."
      : "A sign-in link has been sent to your email address.";
  return layout({
    title: "Verify Request",
    theme,
    content: `<h1>Check your email</h1><p>${escapeHtml(said)}</p><a class="button" href="${escapeHtml(url.origin)}">${escapeHtml(url.host)}</a>`,
  });
}
