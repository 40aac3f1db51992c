#!/usr/bin/env node
// Writes each catalog provider's button style for the built-in sign-in page: its mark (SVG path data) and its
// colours in the light and dark themes, one generated module per provider (src/runtime/providers/style/<id>.ts),
// which the provider module loads lazily (`style: () => import("./style/<id>.js")`). Marks and brand colours
// come from simple-icons (a devDependency, CC0-1.0), read here only: the runtime never depends on it.
// Providers simple-icons lacks get a mark drawn here (Microsoft's four squares) or a monogram on their colour.
//   node scripts/provider-logos.mjs          every catalog provider module (a new one is picked up by itself)
//   node scripts/provider-logos.mjs <id>...  only these
// A provider module still holding a `style: { … }` literal is wired to its generated style (the literal's
// `bg` is the brand colour of a monogram). Colours are chosen to meet WCAG AA (scripts/contrast.mjs):
// test/runtime/core/page-contrast.test.ts checks every generated file.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import * as icons from "simple-icons";
import { AA_TEXT, contrast, shadeUntil } from "./contrast.mjs";

const root = path.resolve(import.meta.dirname, "..");
const providersDir = path.join(root, "src", "runtime", "providers");
const styleDir = path.join(providersDir, "style");
const simpleIconsVersion = JSON.parse(
  fs.readFileSync(path.join(root, "node_modules", "simple-icons", "package.json"), "utf8"),
).version;

/** The dark page of the built-in pages (core/pages/palette.ts), which a near-black button would vanish into. */
const DARK_PAGE = "#111318";
const WHITE = "#ffffff";
const BLACK = "#000000";

/** Provider modules that are not a brand's sign-in: the app's own forms, styled by its theme. */
const UNBRANDED = new Set(["credentials", "email", "nodemailer", "oauth", "oidc", "passkey", "password"]);

/** Microsoft's four squares, in Microsoft's four colours: plain geometry on a 23×23 grid. */
const MICROSOFT = {
  mark: {
    viewBox: "0 0 23 23",
    paths: [
      { d: "M1 1h10v10H1z", fill: "#f25022" },
      { d: "M12 1h10v10H12z", fill: "#7fba00" },
      { d: "M1 12h10v10H1z", fill: "#00a4ef" },
      { d: "M12 12h10v10H12z", fill: "#ffb900" },
    ],
  },
  // Microsoft's own sign-in buttons: white with dark grey text, or dark grey with white text.
  colours: { bg: "#ffffff", text: "#5e5e5e", bgDark: "#2f2f2f", textDark: "#ffffff" },
  source: "Microsoft's four squares, drawn in this script in Microsoft's published colours",
  owner: "Microsoft",
};

/**
 * Where a provider's id is not its simple-icons slug, or simple-icons has no icon for it. `slug`: the icon to
 * use; `drawn`: a mark drawn above; `brand` (and `monogram`, default the name's first letter): a monogram on that
 * colour. A new provider without an icon takes its module's `style: { bg }` literal once; then add it here.
 */
const OVERRIDES = {
  twitter: { slug: "x" },
  hydra: { slug: "ory" },
  "microsoft-entra-id": { drawn: MICROSOFT },
  "azure-ad-b2c": { drawn: MICROSOFT },
  // No icon in simple-icons: a monogram on the colour the provider module's button had before these were made.
  asgardeo: { brand: "#000000" },
  beyondidentity: { brand: "#5077c5" },
  cognito: { brand: "#dd344c" },
  descope: { brand: "#1c1c23" },
  "duende-identity-server6": { brand: "#1e1e1e" },
  frontegg: { brand: "#000000" },
  "identity-server4": { brand: "#000000" },
  kinde: { brand: "#ffffff" },
  linkedin: { monogram: "in", brand: "#0a66c2" },
  logto: { brand: "#5d34f2" },
  onelogin: { monogram: "1", brand: "#000000" },
  "ping-id": { brand: "#b3282d" },
  salesforce: { brand: "#00a1e0" },
  slack: { brand: "#4a154b" },
  "united-effects": { brand: "#000000" },
  workos: { brand: "#6363f1" },
  yandex: { brand: "#fc3f1d" },
  zitadel: { brand: "#000000" },
  // The long tail (issue 27), none in simple-icons.
  "42-school": { monogram: "42", brand: "#000000" },
  battlenet: { brand: "#148eff" },
  concept2: { brand: "#003a70" },
  eventbrite: { brand: "#f05537" },
  eveonline: { brand: "#000000" },
  freshbooks: { brand: "#0075dd" },
  mailru: { brand: "#0077ff" },
  pipedrive: { brand: "#1a1a1a" },
  vipps: { brand: "#ff5b24" },
  wikimedia: { brand: "#006699" },
  // Long tail, batch F: none in simple-icons (its "polars" is the dataframe library, not Polar).
  "bankid-no": { brand: "#39134c" },
  "boxyhq-saml": { brand: "#25c2a0" },
  netsuite: { brand: "#3a4f5f" },
  osso: { brand: "#000000" },
  polar: { brand: "#000000" },
  // Better Auth's providers Auth.js lacks: Paybin is not in simple-icons and publishes no brand colour.
  paybin: { brand: "#000000" },
};

const bySlug = new Map(
  Object.values(icons)
    .filter((icon) => icon && typeof icon === "object" && typeof icon.slug === "string")
    .map((icon) => [icon.slug, icon]),
);

/**
 * The button colours for a brand colour. Light theme: the brand colour with white text when that is AA; with
 * black text when the brand is light enough for black to read well (≥ 7:1: yellows, light greens); otherwise a
 * darker shade of it, the first that carries white text at AA. Dark theme: the same, except for a brand that
 * would vanish into the dark page (black and near-black marks): white with the brand colour as its text.
 */
function buttonColours(brand) {
  let light;
  if (contrast(WHITE, brand) >= AA_TEXT) light = { bg: brand, text: WHITE };
  else if (contrast(BLACK, brand) >= 7) light = { bg: brand, text: BLACK };
  else light = { bg: shadeUntil(brand, BLACK, (shade) => contrast(WHITE, shade) >= AA_TEXT + 0.05), text: WHITE };
  const dark =
    contrast(light.bg, DARK_PAGE) < 1.5
      ? { bg: WHITE, text: contrast(brand, WHITE) >= AA_TEXT ? brand : BLACK }
      : light;
  return { bg: light.bg, text: light.text, bgDark: dark.bg, textDark: dark.text };
}

/** `#abc` → `#aabbcc`, lower-cased: the one form the generated modules hold (and style.test.ts expects). */
function sixDigits(hex) {
  if (!hex) return undefined;
  const digits = hex.slice(1).toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((digit) => digit + digit).join("") : digits}`;
}

/** The provider's name and its `style: { … }` literal, read from its module. */
function readModule(id) {
  const source = fs.readFileSync(path.join(providersDir, `${id}.ts`), "utf8");
  const name = /\bname: "([^"]+)"/.exec(source)?.[1] ?? id;
  const literal = /style: (\{[^}]*\})/.exec(source);
  const bg = literal ? /bg: "(#[0-9a-fA-F]{3,6})"/.exec(literal[1])?.[1] : undefined;
  return { source, name, literal: literal?.[0], bg };
}

function styleOf(id, module) {
  const override = OVERRIDES[id] ?? {};
  if (override.drawn) {
    const { colours, mark, source, owner } = override.drawn;
    return { ...colours, mark, from: source, owner };
  }
  const icon = bySlug.get(override.slug ?? id.replaceAll("-", ""));
  if (icon && !override.monogram) {
    const colours = buttonColours(`#${icon.hex.toLowerCase()}`);
    const license = icon.license?.type ?? "CC0-1.0";
    return {
      ...colours,
      mark: { viewBox: "0 0 24 24", paths: [{ d: icon.path }] },
      from: `simple-icons ${simpleIconsVersion}: "${icon.title}", #${icon.hex}, ${license}, source ${icon.source}`,
    };
  }
  const brand = override.brand ?? sixDigits(module.bg);
  if (!brand) {
    throw new Error(
      `${id}: simple-icons has no icon "${override.slug ?? id}" and the module has no style: { bg: "#…" } to take a colour from; add it to OVERRIDES with its brand colour.`,
    );
  }
  const monogram = override.monogram ?? [...module.name][0].toUpperCase();
  return {
    ...buttonColours(brand),
    monogram,
    from: `a monogram ("${monogram}") on the brand colour ${brand}; simple-icons has no ${module.name} icon`,
  };
}

function render(name, style) {
  const { from, owner = name, ...data } = style;
  return `/**
 * ${name}'s button on the built-in sign-in page: its mark and colours, light and dark (WCAG AA).
 * Generated by scripts/provider-logos.mjs (rerun it rather than editing this file) from
 * ${from}.${style.mark ? `\n * The mark is ${owner}'s trademark, shown only to name the sign-in it stands for.` : ""}
 */
import type { ProviderStyle } from "../../types.js";

const style: ProviderStyle = ${JSON.stringify(data, null, 2)};

export default style;
`;
}

const requested = process.argv.slice(2);
const ids =
  requested.length > 0
    ? requested
    : fs
        .readdirSync(providersDir)
        .filter((file) => file.endsWith(".ts"))
        .map((file) => file.slice(0, -".ts".length))
        .filter((id) => !UNBRANDED.has(id))
        // Aliases (azure-ad) and email senders build on another factory: only catalog providers have a style.
        .filter((id) => fs.readFileSync(path.join(providersDir, `${id}.ts`), "utf8").includes("catalogProvider"));

fs.mkdirSync(styleDir, { recursive: true });
const written = [];
const kinds = { "simple-icons": [], drawn: [], monogram: [] };
for (const id of ids) {
  const module = readModule(id);
  const style = styleOf(id, module);
  const file = path.join(styleDir, `${id}.ts`);
  fs.writeFileSync(file, render(module.name, style));
  written.push(file);
  kinds[style.monogram ? "monogram" : style.from.startsWith("simple-icons") ? "simple-icons" : "drawn"].push(id);
  if (module.literal) {
    // Wire the provider to its style, loaded only when a sign-in page is rendered.
    const wired = module.source.replace(module.literal, `style: () => import("./style/${id}.js")`);
    fs.writeFileSync(path.join(providersDir, `${id}.ts`), wired);
    written.push(path.join(providersDir, `${id}.ts`));
  } else if (!module.source.includes(`./style/${id}.js`)) {
    console.warn(`${id}: wire it by hand: style: () => import("./style/${id}.js") in its defaults`);
  }
}
// The generated object literals in the project's own format.
execFileSync(path.join(root, "node_modules", ".bin", "biome"), ["format", "--write", ...written], { stdio: "ignore" });
for (const [kind, list] of Object.entries(kinds)) console.log(`${kind} (${list.length}): ${list.join(" ")}`);
