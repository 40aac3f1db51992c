/**
 * SvelteKit source files as the SvelteKit transforms edit them: code they insert follows the common
 * SvelteKit style (two spaces, double quotes, trailing commas).
 */
import type { SourceFile } from "ts-morph";
import { parseModule, tsMorph } from "./ast.js";

export function parseSvelteKitModule(source: string, fileName: string): SourceFile {
  const morph = tsMorph();
  return parseModule(source, fileName, {
    indentationText: morph.IndentationText.TwoSpaces,
    quoteKind: morph.QuoteKind.Double,
    useTrailingCommas: true,
  });
}
