/**
 * The colours of the built-in pages, light and dark. Written out rather than left to the browser's system
 * colours, so that their contrast is known: test/runtime/core/page-contrast.test.ts holds them to WCAG AA
 * (text 4.5:1, focus ring and field edges 3:1), and scripts/provider-logos.mjs picks the providers' button
 * colours against `page`.
 */
export interface Palette {
  /** Page and card background. */
  page: string;
  /** Text, and the focus ring (drawn on the page, 2px outside the element). */
  ink: string;
  /** Secondary text: placeholders. */
  muted: string;
  /** Card border, separators, the edge of provider buttons (decoration: the text names each control). */
  edge: string;
  /** Input background and border. */
  field: string;
  fieldEdge: string;
  link: string;
  /** Background of error messages (their text is `ink`). */
  errorBg: string;
}

export const LIGHT: Palette = {
  page: "#ffffff",
  ink: "#1b1f24",
  muted: "#57606a",
  edge: "#d0d7de",
  field: "#ffffff",
  fieldEdge: "#6e7781",
  link: "#0550ae",
  errorBg: "#ffebe9",
};

export const DARK: Palette = {
  page: "#111318",
  ink: "#e6edf3",
  muted: "#9198a1",
  edge: "#30363d",
  field: "#1b1f24",
  fieldEdge: "#8b949e",
  link: "#7cb4ff",
  errorBg: "#3d1b1f",
};

/** The palette as the stylesheet's custom properties. */
export function paletteVariables(palette: Palette): string {
  return (
    `--page:${palette.page};--ink:${palette.ink};--muted:${palette.muted};--edge:${palette.edge};` +
    `--field:${palette.field};--field-edge:${palette.fieldEdge};--link:${palette.link};--error-bg:${palette.errorBg}`
  );
}
