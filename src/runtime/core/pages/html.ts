/**
 * The shell of every built-in page: escaping, the theme (brand colour, logo, colour scheme, button text
 * colour) and a small stylesheet. Pages are plain strings; every interpolated value goes through `escapeHtml`.
 */
import type { Theme } from "../../types.js";

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

/** A CSS colour from the theme, or the fallback when it is not a plain colour (no CSS injection). */
function cssColor(value: string | undefined, fallback: string): string {
  if (value && /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]+|(rgb|rgba|hsl|hsla)\([0-9.,%\s/]+\))$/.test(value)) return value;
  return fallback;
}

function stylesheet(theme: Theme): string {
  const brand = cssColor(theme.brandColor, "#346df1");
  const buttonText = cssColor(theme.buttonText, "#ffffff");
  const scheme = theme.colorScheme === "dark" || theme.colorScheme === "light" ? theme.colorScheme : "light dark";
  return `:root{color-scheme:${scheme};--brand:${brand};--button-text:${buttonText}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:Canvas;color:CanvasText}
main{width:100%;max-width:22rem;padding:1.5rem}
.card{border:1px solid color-mix(in srgb,CanvasText 15%,transparent);border-radius:.75rem;padding:1.5rem;display:flex;flex-direction:column;gap:1rem}
.logo{display:block;max-width:10rem;max-height:4rem;margin:0 auto 1rem}
h1{font-size:1.25rem;margin:0;text-align:center}
p{margin:0;line-height:1.5}
form{display:flex;flex-direction:column;gap:.5rem}
label{font-size:.875rem;font-weight:600}
input{font:inherit;padding:.5rem .75rem;border:1px solid color-mix(in srgb,CanvasText 30%,transparent);border-radius:.375rem;background:Field;color:FieldText}
button,.button{font:inherit;font-weight:600;padding:.625rem 1rem;border:0;border-radius:.375rem;background:var(--brand);color:var(--button-text);cursor:pointer;text-align:center;text-decoration:none}
button:focus-visible,.button:focus-visible,input:focus-visible{outline:2px solid var(--brand);outline-offset:2px}
hr{width:100%;border:0;border-top:1px solid color-mix(in srgb,CanvasText 15%,transparent);margin:0}
.error{border-radius:.375rem;padding:.75rem;background:color-mix(in srgb,#c94b4b 15%,Canvas);color:CanvasText}`;
}

/** A complete page. `content` must already be escaped markup. */
export function layout(params: { title: string; theme: Theme; content: string }): string {
  const { title, theme, content } = params;
  const logo = theme.logo ? `<img class="logo" src="${escapeHtml(theme.logo)}" alt="">` : "";
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${stylesheet(theme)}</style>
</head>
<body>
<main>${logo}<div class="card">${content}</div></main>
</body>
</html>`;
}
