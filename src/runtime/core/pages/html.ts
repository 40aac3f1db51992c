/**
 * The shell of every built-in page: escaping, the theme (brand colour, logo, colour scheme, button text
 * colour) and a small stylesheet in the light and dark palettes (palette.ts). Pages are plain strings; every interpolated value goes through `escapeHtml`.
 */
import type { Theme } from "../../types.js";
import { DARK, LIGHT, paletteVariables } from "./palette.js";

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

/** A CSS colour from the theme or a provider's style, or the fallback when it is not a plain colour (no CSS injection). */
export function cssColor(value: unknown, fallback: string): string;
export function cssColor(value: unknown, fallback?: undefined): string | undefined;
export function cssColor(value: unknown, fallback?: string): string | undefined {
  if (typeof value === "string" && /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]+|(rgb|rgba|hsl|hsla)\([0-9.,%\s/]+\))$/.test(value)) {
    return value;
  }
  return fallback;
}

/** CSS rules that differ between the light and the dark page (provider buttons); plain rules, no `<`. */
export interface SchemeRules {
  light: string;
  dark: string;
}

/**
 * The stylesheet. The palette (palette.ts) and `rules` go light, dark, or both with a `prefers-color-scheme`
 * switch (`colorScheme: "auto"`, the default). Focus is a 2px ring in the text colour, 2px outside the element:
 * it sits on the page, against which `ink` has far more than the 3:1 that WCAG 2.4.13 asks.
 */
function stylesheet(theme: Theme, rules: SchemeRules): string {
  const brand = cssColor(theme.brandColor, "#346df1");
  const buttonText = cssColor(theme.buttonText, "#ffffff");
  const light = `:root{${paletteVariables(LIGHT)}}${rules.light}`;
  const dark = `:root{${paletteVariables(DARK)}}${rules.dark}`;
  const schemes =
    theme.colorScheme === "dark"
      ? `:root{color-scheme:dark}${dark}`
      : theme.colorScheme === "light"
        ? `:root{color-scheme:light}${light}`
        : `:root{color-scheme:light dark}${light}@media (prefers-color-scheme:dark){${dark}}`;
  return `:root{--brand:${brand};--button-text:${buttonText}}${schemes}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--page);color:var(--ink)}
main{width:100%;max-width:22rem;padding:1.5rem}
.card{border:1px solid var(--edge);border-radius:.75rem;padding:1.5rem;display:flex;flex-direction:column;gap:1rem}
.logo{display:block;max-width:10rem;max-height:4rem;margin:0 auto 1rem}
h1{font-size:1.25rem;margin:0;text-align:center}
p{margin:0;line-height:1.5}
a{color:var(--link)}
form{display:flex;flex-direction:column;gap:.5rem}
label{font-size:.875rem;font-weight:600}
input{font:inherit;padding:.5rem .75rem;border:1px solid var(--field-edge);border-radius:.375rem;background:var(--field);color:var(--ink)}
input::placeholder{color:var(--muted)}
button,.button{font:inherit;font-weight:600;padding:.625rem 1rem;border:0;border-radius:.375rem;background:var(--brand);color:var(--button-text);cursor:pointer;text-align:center;text-decoration:none}
.provider{display:flex;align-items:center;justify-content:center;gap:.625rem;border:1px solid var(--edge);background:var(--provider-bg);color:var(--provider-text)}
.provider svg,.provider img{width:1.25rem;height:1.25rem;flex:none}
.monogram{display:inline-flex;align-items:center;justify-content:center;min-width:1.25rem;height:1.25rem;padding:0 .2rem;border:1.5px solid currentColor;border-radius:.625rem;font-size:.6875rem;line-height:1}
:focus-visible{outline:2px solid var(--ink);outline-offset:2px}
hr{width:100%;border:0;border-top:1px solid var(--edge);margin:0}
form:has(.provider)+hr:has(+form .provider){display:none}
.error{border-radius:.375rem;padding:.75rem;background:var(--error-bg);color:var(--ink)}`;
}

/** A complete page. `content` must already be escaped markup. */
export function layout(params: { title: string; theme: Theme; content: string; rules?: SchemeRules }): string {
  const { title, theme, content, rules = { light: "", dark: "" } } = params;
  const logo = theme.logo ? `<img class="logo" src="${escapeHtml(theme.logo)}" alt="">` : "";
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${stylesheet(theme, rules)}</style>
</head>
<body>
<main>${logo}<div class="card">${content}</div></main>
</body>
</html>`;
}
