/**
 * The tables and columns the prisma adapter queries, for doctor's database checks: the auth models (`User`,
 * `Account`, …) as the app's own Prisma schema maps them (`@@map`/`@map`; its scalar fields, which the client
 * selects every one of). A schema without one of the auth models says so (`missingModel`): the client has no
 * such model under any table name.
 */

import type { ProjectReader } from "../../project/reader.js";
import type { ProjectInfo } from "../../project/types.js";
import { type ExpectedTable, modelNames } from "../expected-tables.js";
import { type Table, tables } from "../model.js";
import { blockAttributeString, blockLines, prismaBlocks } from "./blocks.js";
import { findPrismaProject } from "./project.js";
import { prismaModelName } from "./render.js";

/** The auth models (`User`, `Account`, …) as the app's Prisma schema maps them. */
export function prismaTables(reader: ProjectReader, info: ProjectInfo, of: readonly Table[] = tables): ExpectedTable[] {
  const project = findPrismaProject(reader, info);
  const files = project?.files ?? [];
  const blocks = files.flatMap((file) => prismaBlocks(file.text).map((block) => ({ file, block })));
  const models = new Set(blocks.filter(({ block }) => block.kind === "model").map(({ block }) => block.name));
  return of.map((table) => {
    const found = blocks.find(({ block }) => block.kind === "model" && block.name === prismaModelName(table));
    // No schema at all says nothing about any one model; a schema without this model is a model missing.
    if (!found)
      return files.length === 0 || !project
        ? modelNames(table)
        : { ...modelNames(table), missingModel: { model: prismaModelName(table), schema: project.schemaPath } };
    const { file, block } = found;
    const scalars = blockLines(file.text, block)
      .flatMap((line) => (line.field ? [line.field] : []))
      // Relation fields (typed by another model) hold no column; an @ignore'd field is not in the client.
      .filter((field) => !models.has(field.base) && !/@ignore\b/.test(field.attributes));
    const columnOf = (field: (typeof scalars)[number]) =>
      /@map\(\s*(?:name:\s*)?"([^"]+)"/.exec(field.attributes)?.[1] ?? field.name;
    return {
      model: table,
      name: blockAttributeString(file.text, block, "map") ?? block.name,
      columns: scalars.map(columnOf),
      declaredIn: file.path,
      fields: Object.fromEntries(scalars.map((field) => [field.name, columnOf(field)])),
      // The client computes these defaults (cuid(), uuid(), now() …) and @updatedAt when the row is created.
      clientFilled: scalars.filter((field) => /@(default|updatedAt)\b/.test(field.attributes)).map(columnOf),
    };
  });
}
