/**
 * The default sign-in email. Its only variable content is the link: no address, no host name, no text
 * from the request. Whatever a request can influence (the Host header without AUTH_URL, the callback URL)
 * stays inside the link, where it is URL-encoded and escaped, so nobody can make this mail say something
 * to someone else's inbox. The theme's brand colour is configuration, not request data.
 */
import type { Theme } from "../../types.js";

export interface SignInEmail {
  subject: string;
  text: string;
  html: string;
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

/** A theme colour when it is a plain CSS colour; anything else falls back (no markup or CSS injection). */
function themeColor(value: string | undefined, fallback: string): string {
  return value && /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20})$/.test(value) ? value : fallback;
}

export function renderSignInEmail(params: { url: string; theme: Theme }): SignInEmail {
  const { url, theme } = params;
  const brand = themeColor(theme.brandColor, "#346df1");
  const buttonText = themeColor(theme.buttonText, "#ffffff");
  const link = escapeHtml(url);
  const text = `Sign in by opening this link:\n\n${url}\n\nIf you did not ask to sign in, you can ignore this email.\n`;
  const html = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign in</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:32px 24px 8px;text-align:center;font-size:20px;font-weight:600">Sign in</td></tr>
<tr><td style="padding:16px 24px;text-align:center">
<a href="${link}" target="_blank" style="display:inline-block;padding:12px 24px;border-radius:6px;background:${brand};color:${buttonText};font-size:16px;font-weight:600;text-decoration:none">Sign in</a>
</td></tr>
<tr><td style="padding:8px 24px 32px;text-align:center;font-size:14px;line-height:20px;color:#52525b">If you did not ask to sign in, you can ignore this email.</td></tr>
</table>
</body>
</html>
`;
  return { subject: "Your sign-in link", text, html };
}
