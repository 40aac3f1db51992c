/**
 * A ts-morph source file for the SvelteKit transforms, loaded on first use (synchronously: planning is
 * synchronous, and only a project that already has a hooks or layout file pays for loading ts-morph).
 * Formatting follows the common SvelteKit style: two spaces, double quotes.
 */
import { createRequire } from "node:module";
import type { SourceFile } from "ts-morph";

type TsMorph = typeof import("ts-morph");
let morph: TsMorph | undefined;

/** ts-morph itself (for its `Node` type guards), loaded on first use. */
export function tsMorph(): TsMorph {
  morph ??= createRequire(import.meta.url)("ts-morph") as TsMorph;
  return morph;
}

export function parseModule(source: string, fileName: string): SourceFile {
  const morph = tsMorph();
  const project = new morph.Project({
    useInMemoryFileSystem: true,
    compilerOptions: { allowJs: true },
    manipulationSettings: {
      indentationText: morph.IndentationText.TwoSpaces,
      quoteKind: morph.QuoteKind.Double,
      useTrailingCommas: true,
    },
  });
  return project.createSourceFile(fileName, source);
}

/** A name not yet declared or imported in the file: `wanted`, else `wanted2`, `wanted3`, … */
export function freeName(file: SourceFile, wanted: string): string {
  const taken = new Set<string>();
  file.forEachDescendant((node) => {
    if (node.getKindName() === "Identifier") taken.add(node.getText());
  });
  let name = wanted;
  for (let n = 2; taken.has(name); n++) name = `${wanted}${n}`;
  return name;
}
