/** The built-in sign-out confirmation: a POST form (with the CSRF token), never a GET that signs out. */
import type { Theme } from "../../types.js";
import { actionHref } from "../actions/paths.js";
import { escapeHtml, layout } from "./html.js";

export function renderSignOutPage(params: {
  url: URL;
  csrfToken: string | undefined;
  callbackUrl: string;
  theme: Theme;
}): string {
  const { url, csrfToken, callbackUrl, theme } = params;
  const csrf = csrfToken ? `<input type="hidden" name="csrfToken" value="${escapeHtml(csrfToken)}">` : "";
  return layout({
    title: "Sign Out",
    theme,
    content: `<h1>Sign out</h1><p>Are you sure you want to sign out?</p>
<form action="${escapeHtml(actionHref(url, "signout"))}" method="POST">${csrf}<input type="hidden" name="callbackUrl" value="${escapeHtml(callbackUrl)}">
<button type="submit">Sign out</button></form>`,
  });
}
