// The orm-prisma fixtures' schemas after mergePrismaSchema, as Prisma reads them: what the Prisma CLI and
// the generated clients in prisma-validate*.test.ts are given.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { mergePrismaSchema } from "../../../../src/cli/database/prisma/merge.js";
import { findPrismaProject } from "../../../../src/cli/database/prisma/project.js";
import type { PrismaProvider } from "../../../../src/cli/database/prisma/render.js";
import { diskReader } from "../../../../src/cli/project/reader.js";

export const fixtures = fileURLToPath(new URL("../../../fixtures", import.meta.url));

/** The fixture's schema files after the merge, by their path in the project, and its layout. */
export function mergedFiles(
  fixture: string,
  provider: PrismaProvider,
): { layout: "file" | "folder"; files: Map<string, string> } {
  const found = findPrismaProject(diskReader(path.join(fixtures, fixture)), { srcDir: true, language: "ts" });
  if (!found) throw new Error(`${fixture} has no Prisma project`);
  if (found.provider !== provider) throw new Error(`${fixture}'s datasource is ${found.provider}, not ${provider}`);
  const result = mergePrismaSchema(found.files, provider, found.layout);
  if ("unsupported" in result) throw new Error(result.unsupported);
  const files = new Map(found.files.map((file) => [file.path, file.text]));
  for (const change of result.changes) files.set(change.path, change.text);
  return { layout: found.layout, files };
}

/**
 * The fixture's schema after the merge, as one text: a folder's files joined, its main file first (Prisma
 * reads a folder as if its files were one). Its generator writes to `output`, when given, where
 * generatePrismaClient imports the client from.
 */
export function mergedSchema(fixture: string, provider: PrismaProvider, output?: string): string {
  const schema = [...mergedFiles(fixture, provider).files.values()].join("\n");
  return output === undefined ? schema : schema.replace(/^(\s*output\s*=\s*)"[^"]*"/m, `$1${JSON.stringify(output)}`);
}
