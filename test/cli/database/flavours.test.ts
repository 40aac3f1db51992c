/**
 * The ORM registry (src/cli/database/flavours.ts) and the folders agree, and the ORM list is written once:
 * each ORM has its folder database/<id>/ (plain SQL, "none", has database/sql/), every flavour folder has
 * its registry entry, and no other module of src/cli writes the ORMs as a list of its own (an array or a
 * union of "drizzle" and "prisma", a `drizzle|prisma` pattern), which a third ORM would silently miss.
 * What the CLI asks of an ORM goes through database/orms.ts (each ORM's database/<id>/orm.ts), and no shared
 * module branches on an ORM's name (`orm === "drizzle"`): a third ORM is its folder plus its registry entry.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import {
  DATABASE_ADAPTERS,
  importedAdapter,
  ORM_FLAVOURS,
  ORM_IDS,
  SCHEMA_ORMS,
  SQL_DIALECTS,
} from "../../../src/cli/database/flavours.js";
import { ORMS } from "../../../src/cli/database/orms.js";
import { listFilesRecursive } from "../../../src/cli/project/reader.js";

const cli = path.join(import.meta.dirname, "..", "..", "..", "src", "cli");
const database = path.join(cli, "database");

/** The folder each --orm value's code lives in: plain SQL is "none"'s. */
const folderOf = (orm: (typeof ORM_IDS)[number]): string => (orm === "none" ? "sql" : orm);

test("every ORM of the registry has its folder, and every flavour folder its registry entry", () => {
  const folders = readdirSync(database, { withFileTypes: true })
    // templates/: the client modules' templates every flavour shares, not a flavour.
    .filter((entry) => entry.isDirectory() && entry.name !== "templates")
    .map((entry) => entry.name)
    .sort();
  expect(folders).toEqual(ORM_IDS.map(folderOf).sort());
  for (const orm of ORM_IDS) {
    const files = readdirSync(path.join(database, folderOf(orm)));
    // What each flavour brings: how init plans it, and how it renders the table model.
    expect(files, `database/${folderOf(orm)}/`).toEqual(expect.arrayContaining(["plan.ts", "render.ts"]));
  }
});

test("the registry's lists are built from one another", () => {
  expect(ORM_IDS).toEqual(["none", ...SCHEMA_ORMS]);
  expect(Object.keys(ORM_FLAVOURS).sort()).toEqual([...SCHEMA_ORMS].sort());
  expect(DATABASE_ADAPTERS).toEqual([...SQL_DIALECTS, ...SCHEMA_ORMS]);
  expect(importedAdapter('import { prisma } from "@create-auth/runtime/adapters/prisma";')).toBe("prisma");
  expect(importedAdapter('import x from "@create-auth/runtime/adapters/drizzle-tables/pg";')).toBeNull();
  expect(importedAdapter(null)).toBeNull();
});

/** Every TypeScript module under `dir`, as full paths. */
function sources(dir: string): string[] {
  return listFilesRecursive(dir)
    .filter((file) => file.endsWith(".ts"))
    .map((file) => path.join(dir, file));
}

/** Two ORM ids side by side in code: in an array, a union type, or a regular expression's alternation. */
function handWrittenLists(source: string): string[] {
  const ids = SCHEMA_ORMS.join("|");
  const quoted = `["'](?:${ids})["']`;
  const patterns = [
    // ["none", "drizzle", "prisma"], { …, choices: ["drizzle", "prisma"] }
    new RegExp(`\\[[^\\]\\[;]*${quoted}\\s*,[^\\]\\[;]*${quoted}[^\\]\\[;]*\\]`, "g"),
    // "none" | "drizzle" | "prisma"
    new RegExp(`${quoted}\\s*\\|\\s*${quoted}`, "g"),
    // /adapters\/(drizzle|prisma)/
    new RegExp(`\\((?:[\\w-]+\\|)*(?:${ids})\\|(?:[\\w-]+\\|)*(?:${ids})(?:\\|[\\w-]+)*\\)`, "g"),
  ];
  // Comments and messages may name the ORMs (`--orm drizzle|prisma` in a header): code may not list them.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return patterns.flatMap((pattern) => code.match(pattern) ?? []);
}

test("no module of src/cli but the registry writes the ORM list by hand", () => {
  const registry = path.join(database, "flavours.ts");
  const found = sources(cli)
    .filter((file) => file !== registry)
    .flatMap((file) =>
      handWrittenLists(readFileSync(file, "utf8")).map((list) => `${path.relative(cli, file)}: ${list}`),
    );
  expect(found).toEqual([]);
});

test("the scan finds a list written by hand", () => {
  expect(handWrittenLists('const ORMS = ["none", "drizzle", "prisma"] as const;')).toHaveLength(1);
  expect(handWrittenLists('choices: ["drizzle", "prisma"],')).toHaveLength(1);
  expect(handWrittenLists('type Orm = "none" | "drizzle" | "prisma";')).toHaveLength(1);
  expect(handWrittenLists("const orm = /\\/adapters\\/(sqlite|drizzle|prisma)[\"']/;")).toHaveLength(1);
  expect(handWrittenLists('if (orm === "drizzle") return ["drizzle-orm"];')).toEqual([]);
});

test("every ORM answers through the registry: its database/<id>/orm.ts is its entry in database/orms.ts", () => {
  expect(Object.keys(ORMS).sort()).toEqual([...SCHEMA_ORMS].sort());
  for (const orm of SCHEMA_ORMS) expect(readdirSync(path.join(database, orm))).toContain("orm.ts");
});

/** Comparisons with an ORM's id in code (`setup.orm === "drizzle"`, `case "prisma":`): a branch on its name. */
function branchesOnName(source: string): string[] {
  const quoted = `["'](?:${SCHEMA_ORMS.join("|")})["']`;
  const pattern = new RegExp(`[!=]==?\\s*${quoted}|${quoted}\\s*[!=]==?|\\bcase\\s+${quoted}`, "g");
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return code.match(pattern) ?? [];
}

/** The shared modules that still branch on an ORM's name, and how often: none now; keep it so. */
const BRANCHES_LEFT: Record<string, number> = {};

test("outside each ORM's folder, branches on an ORM's name are only the ones listed, and no more of them", () => {
  const own = SCHEMA_ORMS.map((orm) => `${path.join(database, orm)}${path.sep}`);
  const found: Record<string, number> = {};
  for (const file of sources(cli).filter((file) => !own.some((folder) => file.startsWith(folder)))) {
    const count = branchesOnName(readFileSync(file, "utf8")).length;
    if (count > 0) found[path.relative(cli, file).split(path.sep).join("/")] = count;
  }
  expect(found).toEqual(BRANCHES_LEFT);
});

test("the scan finds a branch on an ORM's name", () => {
  expect(branchesOnName('if (setup.orm === "drizzle") return;')).toHaveLength(1);
  expect(branchesOnName("switch (orm) { case 'prisma': return 1; }")).toHaveLength(1);
  expect(branchesOnName('const x = "prisma" !== tool;')).toHaveLength(1);
  expect(branchesOnName('// if (orm === "drizzle")\nconst orm = ORMS[id];')).toEqual([]);
});
