// WCAG 2.2 colour contrast (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio), for the generated provider
// button colours (scripts/provider-logos.mjs) and the tests that hold every page colour to AA
// (test/runtime/core/page-contrast.test.ts). Colours are `#rgb` or `#rrggbb`; nothing else is needed here.

/** `#rgb` / `#rrggbb` to [r, g, b] in 0…255. */
export function parseHex(hex) {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex);
  if (!match) throw new Error(`not a #rgb or #rrggbb colour: ${hex}`);
  const digits = match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join("") : match[1];
  return [0, 2, 4].map((at) => Number.parseInt(digits.slice(at, at + 2), 16));
}

/** [r, g, b] in 0…255 to lower-case `#rrggbb`. */
export function toHex(rgb) {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, "0")).join("")}`;
}

/** WCAG relative luminance: sRGB channels linearised, weighted 0.2126 / 0.7152 / 0.0722. */
export function luminance(hex) {
  const [r, g, b] = parseHex(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** (L1 + 0.05) / (L2 + 0.05), lighter over darker: 1 (same) to 21 (black on white). */
export function contrast(a, b) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** AA for normal-size text (SC 1.4.3) and for focus indicators and component edges (SC 1.4.11). */
export const AA_TEXT = 4.5;
export const AA_NON_TEXT = 3;

/**
 * `hex` moved toward `toward` (`#000000` darkens, `#ffffff` lightens) in steps of 1 %, until `fits` accepts it;
 * the hue stays, only the shade changes. Returns the first shade that fits (the colour itself when it does).
 */
export function shadeUntil(hex, toward, fits) {
  const from = parseHex(hex);
  const to = parseHex(toward);
  for (let step = 0; step <= 100; step++) {
    const shade = toHex(from.map((channel, i) => channel + ((to[i] - channel) * step) / 100));
    if (fits(shade)) return shade;
  }
  throw new Error(`no shade of ${hex} toward ${toward} fits`);
}
