import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { SQL_DIALECTS } from "../../../src/cli/database/flavours.js";
import { passwords, tables } from "../../../src/cli/database/model.js";
import { tableStatements } from "../../../src/cli/database/sql/render.js";

const docs = readFileSync(path.join(import.meta.dirname, "..", "..", "..", "docs", "adapters.md"), "utf8");

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("docs/adapters.md documents every table of the model", () => {
  const documented = [...docs.matchAll(/^\*\*(\w+)\*\* \(/gm)].map((match) => match[1]);
  expect(documented).toEqual(tables.map((table) => table.name));
});

test("docs/adapters.md lists every column with its field, type and nullability, as the model has them", () => {
  for (const table of tables) {
    const start = docs.indexOf(`**${table.name}**`);
    const end = docs.indexOf("\n**", start + 1);
    const section = docs.slice(start, end === -1 ? undefined : end);
    for (const column of table.columns) {
      const row = new RegExp(
        `^\\| \`${escapeRegExp(column.name)}\` \\| \`${escapeRegExp(column.field)}\` \\| ${column.type}[^|]*\\| ${column.nullable ? "yes" : "no"} \\|$`,
        "m",
      );
      expect(section, `${table.name}.${column.name}`).toMatch(row);
    }
  }
});

test("docs/adapters.md gives the passwords table's statement for each dialect, as the model renders it", () => {
  for (const dialect of SQL_DIALECTS)
    expect(docs).toContain(`\`\`\`sql\n${tableStatements(passwords, dialect).join("\n")}\n\`\`\``);
});
