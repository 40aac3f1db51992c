/**
 * A provider's branded button on the sign-in page: its mark (inline SVG, a monogram, or an image the provider
 * names) before "Sign in with <name>", in its own colours on the light and the dark page. The style comes
 * from the provider (the catalog's are generated modules, loaded here and only here); a provider without one,
 * or with one the page cannot use safely, gets the theme's plain button. Everything from a style is checked
 * (colours, path data, view box) or escaped, as the theme's values are: a style may come from the app's config.
 */
import type { ProviderStyle, ProviderStyleOption } from "../../types.js";
import { cssColor, escapeHtml, type SchemeRules } from "./html.js";

/** An id that can stand in a CSS attribute selector as it is. */
const SELECTOR_ID = /^[A-Za-z0-9_-]{1,64}$/;
const VIEW_BOX = /^-?[0-9.]+(?:[\s,]+-?[0-9.]+){3}$/;
const PATH_DATA = /^[MmLlHhVvCcSsQqTtAaZz0-9eE.,+\-\s]+$/;

/** The style itself, or what its loader (the catalog's `() => import("./style/<id>.js")`) loads. */
export async function loadStyle(style: ProviderStyleOption | undefined): Promise<ProviderStyle | undefined> {
  if (typeof style === "function") return (await style()).default;
  return style && typeof style === "object" ? style : undefined;
}

function markHtml(style: ProviderStyle): string {
  const mark = style.mark;
  if (mark && VIEW_BOX.test(mark.viewBox) && mark.paths.every((path) => PATH_DATA.test(path.d))) {
    const paths = mark.paths
      .map((path) => `<path fill="${cssColor(path.fill, "currentColor")}" d="${path.d}"/>`)
      .join("");
    return `<svg viewBox="${mark.viewBox}" aria-hidden="true" focusable="false">${paths}</svg>`;
  }
  if (typeof style.monogram === "string" && style.monogram !== "") {
    return `<span class="monogram" aria-hidden="true">${escapeHtml([...style.monogram].slice(0, 3).join(""))}</span>`;
  }
  if (typeof style.logo === "string" && style.logo !== "") return `<img src="${escapeHtml(style.logo)}" alt="">`;
  return "";
}

/**
 * The button, and the rules that colour it on each page; `undefined` when the provider gets the plain button
 * (no style, colours that are not plain CSS colours, an id that is not a plain selector).
 */
export function providerButton(
  id: string,
  label: string,
  style: ProviderStyle | undefined,
): { button: string; rules: SchemeRules } | undefined {
  if (!style || !SELECTOR_ID.test(id)) return undefined;
  const bg = cssColor(style.bg);
  const text = cssColor(style.text);
  if (!bg || !text) return undefined;
  const bgDark = cssColor(style.bgDark) ?? bg;
  const textDark = cssColor(style.textDark) ?? text;
  const selector = `.provider[data-provider="${id}"]`;
  return {
    button: `<button type="submit" class="provider" data-provider="${id}">${markHtml(style)}<span>${escapeHtml(label)}</span></button>`,
    rules: {
      light: `${selector}{--provider-bg:${bg};--provider-text:${text}}`,
      dark: `${selector}{--provider-bg:${bgDark};--provider-text:${textDark}}`,
    },
  };
}
