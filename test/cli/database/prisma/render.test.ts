// prismaSchema: the Prisma models generated from the table model. Snapshots per provider; each schema is
// checked by the real Prisma CLI (validate, and format changes nothing: run offline, see prisma-client.mjs),
// and parsed back to the model's tables, columns, nullability and keys.
import { readFile } from "node:fs/promises";
import { afterAll, describe, expect, test } from "vitest";
import { tables } from "../../../../src/cli/database/model.js";
import {
  type PrismaProvider,
  prismaModelName,
  prismaModels,
  prismaProviderFor,
  prismaProviders,
  prismaSchema,
} from "../../../../src/cli/database/prisma/render.js";
import { sqlDialects } from "../../../../src/cli/database/sql/render.js";
import { prismaFolder, runPrisma } from "../../../support/prisma-client.mjs";

interface ParsedModel {
  name: string;
  table: string | undefined;
  columns: Array<{ field: string; column: string; nullable: boolean }>;
  id: string[];
  relations: string[];
}

/** The scalar fields of each model block, their column names (`@map` or the field's own) and keys. */
function parseModels(schema: string): ParsedModel[] {
  return [...schema.matchAll(/^model (\w+) \{\n([\s\S]*?)\n\}/gm)].map(([, name = "", body = ""]) => {
    const lines = body.split("\n").map((line) => line.trim());
    const columns: ParsedModel["columns"] = [];
    const relations: string[] = [];
    let id: string[] = [];
    for (const line of lines) {
      const field = /^(\w+)\s+(\w+)(\??)(\[\])?\s*(.*)$/.exec(line);
      if (!field) continue;
      const [, fieldName = "", type = "", optional, list, attributes = ""] = field;
      if (list || /@relation/.test(attributes)) {
        relations.push(`${fieldName}: ${type}${list ?? ""} ${/onDelete: (\w+)/.exec(attributes)?.[1] ?? ""}`.trim());
        continue;
      }
      columns.push({
        field: fieldName,
        column: /@map\("(\w+)"\)/.exec(attributes)?.[1] ?? fieldName,
        nullable: !!optional,
      });
      if (/@id\b/.test(attributes)) id = [fieldName];
    }
    const compositeId = /@@id\(\[([^\]]+)\]\)/.exec(body)?.[1];
    if (compositeId) id = compositeId.split(",").map((field) => field.trim());
    return { name, table: /@@map\("(\w+)"\)/.exec(body)?.[1], columns, id, relations };
  });
}

describe("prismaSchema", () => {
  const folders: Array<{ remove(): Promise<void> }> = [];
  afterAll(async () => {
    await Promise.all(folders.map((folder) => folder.remove()));
  });

  for (const provider of prismaProviders) {
    test(`writes the ${provider} schema from the table model`, async () => {
      await expect(prismaSchema(provider)).toMatchFileSnapshot(`__snapshots__/schema.${provider}.prisma`);
    });

    test(`the ${provider} models map to exactly the model's tables, columns, nullability and keys`, () => {
      const parsed = parseModels(prismaSchema(provider));
      expect(parsed.map((model) => model.name)).toEqual(tables.map(prismaModelName));
      for (const [index, table] of tables.entries()) {
        const model = parsed[index];
        expect(model?.table).toBe(table.name);
        expect(model?.columns).toEqual(
          table.columns.map((column) => ({ field: column.field, column: column.name, nullable: column.nullable })),
        );
        const keyFields = table.primaryKey.map((name) => table.columns.find((column) => column.name === name)?.field);
        expect(model?.id).toEqual(keyFields);
      }
    });
  }

  // Each Prisma CLI run is a process of its own that reads its own folder: the three schemas' checks run at the
  // same time, and so do `validate` and `format` of one schema (two folders holding the same text).
  for (const provider of prismaProviders) {
    test.concurrent(`the ${provider} schema is valid and already formatted, for the Prisma CLI itself`, async ({
      expect,
    }) => {
      const inFolder = async (command: string) => {
        const folder = await prismaFolder();
        folders.push(folder);
        return runPrisma(folder.folder, prismaSchema(provider), [command]);
      };
      const [validated, formatted] = await Promise.all([inFolder("validate"), inFolder("format")]);
      expect(validated.output).toMatch(/is valid/);
      expect(await readFile(formatted.schemaPath, "utf8")).toBe(prismaSchema(provider));
    }, 120_000);
  }

  test("every table owned by a user cascades from it, and the user lists them", () => {
    const [user, ...owned] = parseModels(prismaModels("postgresql"));
    expect(user?.relations).toEqual(["accounts: Account[]", "sessions: Session[]", "authenticators: Authenticator[]"]);
    expect(owned.map((model) => model.relations)).toEqual([
      ["user: User Cascade"],
      ["user: User Cascade"],
      [],
      ["user: User Cascade"],
    ]);
  });

  test("the schema of each SQL dialect is the Prisma provider of that dialect", () => {
    expect(sqlDialects.map(prismaProviderFor)).toEqual(["sqlite", "postgresql", "mysql"] satisfies PrismaProvider[]);
  });
});
