/**
 * Every catalog provider brings its button style (mark and colours, light and dark) with it, loaded lazily from
 * its own generated module (scripts/provider-logos.mjs). Iterates over the provider modules, so a provider added
 * without a style fails here: run `node scripts/provider-logos.mjs`, which generates and wires it.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { OAuthConfig, Provider, ProviderStyle, ProviderStyleOption } from "../../../src/runtime/types.js";

const providersDir = path.resolve(import.meta.dirname, "../../../src/runtime/providers");

/** The app's own forms (credentials, email, passkey, password) and the generic factories wear the app's theme. */
const UNBRANDED = new Set(["credentials", "email", "nodemailer", "oauth", "oidc", "passkey", "password"]);

async function providerOf(id: string): Promise<Provider | undefined> {
  const factory = (await import(path.join(providersDir, `${id}.ts`))).default as (options: object) => Provider;
  try {
    return factory({ issuer: "https://issuer.example.test", sendVerificationRequest: () => undefined });
  } catch {
    return undefined;
  }
}

async function loaded(style: ProviderStyleOption | undefined): Promise<ProviderStyle | undefined> {
  return typeof style === "function" ? (await style()).default : style;
}

const ids = fs
  .readdirSync(providersDir)
  .filter((file) => file.endsWith(".ts"))
  .map((file) => file.slice(0, -".ts".length))
  .filter((id) => !UNBRANDED.has(id));

const brandIds: string[] = [];
for (const id of ids) {
  const provider = await providerOf(id);
  if (provider?.type === "oauth" || provider?.type === "oidc") brandIds.push(id);
}

describe("provider button styles", () => {
  it("finds the catalog's OAuth/OIDC providers", () => {
    expect(brandIds.length).toBeGreaterThanOrEqual(50);
  });

  it.each(brandIds)("%s: loads a mark or monogram and both themes' colours from its own module", async (id) => {
    const provider = (await providerOf(id)) as OAuthConfig;
    expect(typeof provider.style, "a loader, so the mark loads with the sign-in page only").toBe("function");
    const style = (await loaded(provider.style))!;
    expect(style.mark ?? style.monogram).toBeTruthy();
    for (const colour of [style.bg, style.text, style.bgDark, style.textDark]) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    for (const pathData of style.mark?.paths ?? []) expect(pathData.d).toMatch(/^[MmLlHhVvCcSsQqTtAaZz0-9eE.,+\-\s]+$/);
  });

  it("keeps each mark in the style module of its provider, none in the pages", () => {
    const styleFiles = fs.readdirSync(path.join(providersDir, "style")).map((file) => file.slice(0, -".ts".length));
    expect(styleFiles.sort()).toEqual(brandIds.filter((id) => id !== "azure-ad").sort());
    for (const id of styleFiles) {
      expect(fs.readFileSync(path.join(providersDir, `${id}.ts`), "utf8")).toContain(`import("./style/${id}.js")`);
    }
    const pages = path.resolve(providersDir, "../core/pages");
    for (const file of fs.readdirSync(pages)) {
      expect(fs.readFileSync(path.join(pages, file), "utf8")).not.toMatch(/providers\/style|simple-icons/);
    }
  });

  it("lets a provider's own style object replace the catalog's", async () => {
    const { default: github } = await import("../../../src/runtime/providers/github.js");
    expect(github({ style: { bg: "#123456", text: "#ffffff" } }).style).toEqual({ bg: "#123456", text: "#ffffff" });
  });
});
