/**
 * The built-in pages meet WCAG AA in both themes, by computation (WCAG 2.2 contrast ratio, scripts/contrast.mjs):
 * every text colour against what it is drawn on (4.5:1, SC 1.4.3), the focus ring and field edges against the
 * page (3:1, SC 1.4.11 and 2.4.13), and every catalog provider's button text on its button, light and dark.
 * The same pages are checked by axe-core in Chromium in test/e2e/page-accessibility.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AA_NON_TEXT, AA_TEXT, contrast } from "../../../scripts/contrast.mjs";
import { DARK, LIGHT } from "../../../src/runtime/core/pages/palette.js";
import type { ProviderStyle } from "../../../src/runtime/types.js";

const styleDir = path.resolve(import.meta.dirname, "../../../src/runtime/providers/style");

async function styles(): Promise<Array<[string, ProviderStyle]>> {
  const files = fs.readdirSync(styleDir).filter((file) => file.endsWith(".ts"));
  return Promise.all(
    files.map(async (file) => [
      file.slice(0, -".ts".length),
      ((await import(path.join(styleDir, file))) as { default: ProviderStyle }).default,
    ]),
  );
}

describe("WCAG contrast", () => {
  it("computes the ratios WCAG gives", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#fff", "#fff")).toBe(1);
    // #767676 is the lightest grey that passes 4.5:1 on white; #777777 just fails.
    expect(contrast("#767676", "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrast("#777777", "#ffffff")).toBeLessThan(4.5);
  });
});

describe.each([
  ["light", LIGHT],
  ["dark", DARK],
])("the %s page", (_scheme, palette) => {
  it("draws text at 4.5:1 or more on every background it uses", () => {
    for (const background of [palette.page, palette.field, palette.errorBg]) {
      expect(contrast(palette.ink, background)).toBeGreaterThanOrEqual(AA_TEXT);
    }
    expect(contrast(palette.muted, palette.field)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(palette.link, palette.page)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it("draws the focus ring and the fields' edges at 3:1 or more against the page", () => {
    // The ring is `ink`, 2px outside the focused element: it lies on the page.
    expect(contrast(palette.ink, palette.page)).toBeGreaterThanOrEqual(AA_NON_TEXT);
    expect(contrast(palette.fieldEdge, palette.page)).toBeGreaterThanOrEqual(AA_NON_TEXT);
  });

  it("keeps the default theme's button text at 4.5:1 on the default brand colour", () => {
    expect(contrast("#ffffff", "#346df1")).toBeGreaterThanOrEqual(AA_TEXT);
  });
});

describe("provider buttons", () => {
  it("holds every catalog provider's button text to 4.5:1 on its button, light and dark", async () => {
    const all = await styles();
    expect(all.length).toBeGreaterThanOrEqual(50);
    const failing = all.flatMap(([id, style]) => {
      const light = contrast(style.text!, style.bg!);
      const dark = contrast(style.textDark!, style.bgDark!);
      return light >= AA_TEXT && dark >= AA_TEXT ? [] : [`${id}: ${light.toFixed(2)} light, ${dark.toFixed(2)} dark`];
    });
    expect(failing).toEqual([]);
  });

  it("are chosen against the dark page the pages draw", () => {
    const script = fs.readFileSync(path.resolve(import.meta.dirname, "../../../scripts/provider-logos.mjs"), "utf8");
    expect(script).toContain(`const DARK_PAGE = "${DARK.page}";`);
  });
});
