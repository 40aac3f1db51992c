/**
 * The auth tables merged into an app's own Drizzle schema module. The module is read through its syntax
 * tree and edited by inserting text only, so every byte of the app's tables, enums, comments and formatting
 * stays where it was:
 * - an auth table the module already defines (found by its SQL name, whatever its export is called) gains
 *   only the columns it lacks, at the end of its column object; its other columns (`role`) stay;
 * - a missing auth table is appended (the one rendering of database/drizzle/render.ts, in the module's indentation,
 *   quotes, semicolons and trailing commas as edit/code-style.ts reads and writes them), and the
 *   builders it needs join the module's `drizzle-orm/<dialect>-core` import (or a new one).
 * The app's users table sets what the added tables reference: their user_id columns take its id's type
 * (integer, bigint, uuid or text; database/drizzle/users.ts), a missing unique constraint on its email is added
 * (`.unique("users_email_key")` on the column), and its required columns sign-up cannot fill are refused
 * before anything is written; name (and image) are filled by the adapter instead (`users.fill`). Other
 * constraints of a table the app already has are left to the app. Running the merge again changes nothing.
 */

import { type CodeStyle, detectStyle, renderCode } from "../../edit/code-style.js";
import { applyInsertions, type Insertion } from "../../edit/insertions.js";
import type { SqlDialect } from "../flavours.js";
import { type Column, tables as modelTables, type Table } from "../model.js";
import type { AppUsers } from "../users-table.js";
import {
  type ColumnEntry,
  type DrizzleModuleTables,
  dialectFromCoreModule,
  drizzleModuleTables,
  type SourceList,
} from "./module.js";
import {
  type DrizzleNames,
  drizzleBuilders,
  drizzleColumnSource,
  drizzleCoreModule,
  drizzleSchema,
  drizzleTableName,
  drizzleTableSource,
} from "./render.js";
import { drizzleUsers, type UserIdColumn } from "./users.js";

/** The export name, in the schema module, of each table the drizzle adapter takes (`drizzle(db, tables)`). */
export interface AuthTableNames {
  users: string;
  accounts: string;
  sessions: string;
  verificationTokens: string;
  authenticators: string;
  /** Only where the app configures the password provider (database/auth-tables.ts). */
  passwords?: string;
}

export const AUTH_TABLE_KEYS = ["users", "accounts", "sessions", "verificationTokens", "authenticators"] as const;

/** The adapter's keys of the tables an app needs: AUTH_TABLE_KEYS, and `passwords` where it has the table. */
export function authTableKeys(names: AuthTableNames): (keyof AuthTableNames)[] {
  return names.passwords === undefined ? [...AUTH_TABLE_KEYS] : [...AUTH_TABLE_KEYS, "passwords"];
}

/**
 * The export names of the auth tables, each `name(key)`, where the key is the export name create-auth itself
 * would write (the model table's name in camelCase: `verificationTokens`).
 */
export function authTableNames(
  name: (key: keyof AuthTableNames) => string,
  of: readonly Table[] = modelTables,
): AuthTableNames {
  return {
    users: name("users"),
    accounts: name("accounts"),
    sessions: name("sessions"),
    verificationTokens: name("verificationTokens"),
    authenticators: name("authenticators"),
    ...(of.some((table) => table.name === "passwords") ? { passwords: name("passwords") } : {}),
  };
}

export type DrizzleMergeResult =
  | {
      /** The new module, or "unchanged" when it already has every auth table and column. */
      text: string | "unchanged";
      /** What was added, by SQL name: `verification_tokens` for a table, `users.email_verified` for a column. */
      added: string[];
      tables: AuthTableNames;
      /** The users table's id kind and the app's required columns the adapter fills (text ids, none: a new table). */
      users: AppUsers;
    }
  | { unsupported: string };

const LABELS: Record<SqlDialect, string> = { sqlite: "SQLite", postgres: "PostgreSQL", mysql: "MySQL" };

function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** The model column a user's column definition stores, by SQL name (or by its key when it names none). */
function isColumn(column: Column, key: string, sqlName: string | null): boolean {
  return sqlName !== null ? sqlName === column.name : key === column.name || snakeCase(key) === column.name;
}

/**
 * Merges the auth tables (`of`: the model's, and the password provider's) into `source` (a Drizzle schema
 * module for `dialect`), or writes the whole module when `source` is null. `filePath` decides TypeScript or
 * JavaScript parsing.
 */
export function mergeDrizzleSchema(
  source: string | null,
  filePath: string,
  dialect: SqlDialect,
  of: readonly Table[] = modelTables,
): DrizzleMergeResult {
  const defaults = authTableNames((key) => key, of);
  let users: AppUsers = { idKind: "text", fill: [] };
  let userIdColumn: UserIdColumn | null = null;
  if (source === null) {
    return { text: drizzleSchema(dialect, of), added: of.map((table) => table.name), tables: defaults, users };
  }
  const module = drizzleModuleTables(source, filePath);
  if (module.commonJs) return { unsupported: `${filePath} is a CommonJS module: add the auth tables to an ES module` };
  const otherDialect = module.coreImports
    .map((entry) => dialectFromCoreModule(entry.module))
    .find((d) => d !== dialect);
  if (otherDialect !== undefined) {
    const named = otherDialect ? LABELS[otherDialect] : "another database's";
    return { unsupported: `${filePath} defines ${named} tables, not ${LABELS[dialect]} ones` };
  }
  if (module.computed.length) {
    return {
      unsupported: `${filePath} names a table by a computed value (line ${module.computed[0]}), so it cannot tell whether the auth tables exist: add them by hand`,
    };
  }

  // How the module is written, so inserted code reads as the app's own.
  const style = detectStyle(source, filePath);
  const insertions: Insertion[] = [];
  const added: string[] = [];
  const names: Record<string, string> = {};
  const missingTables: Table[] = [];

  // Each builder's local name: the module's own import, else a name added to it (`text`, or `text2` when
  // the module already uses `text` for something else).
  // Names are chosen against the module's top-level declarations and imports (where the inserted code
  // lives), not every identifier: `.primaryKey()` on a column must not make the `primaryKey` import `primaryKey2`.
  const newImports = new Map<string, string>();
  const reserved = new Set(module.declared);
  const fresh = (wanted: string) => {
    let name = wanted;
    for (let n = 2; reserved.has(name); n++) name = `${wanted}${n}`;
    reserved.add(name);
    return name;
  };
  const builder = (name: string): string => {
    const local = module.builders.get(name) ?? newImports.get(name);
    if (local) return local;
    if (module.namespace) return `${module.namespace}.${name}`;
    const chosen = fresh(name);
    newImports.set(name, chosen);
    return chosen;
  };

  for (const table of of) {
    const found = module.tables.find((candidate) => candidate.sqlName === table.name);
    if (!found) {
      missingTables.push(table);
      continue;
    }
    if (!found.topLevel) {
      return {
        unsupported: `${filePath} builds the ${table.name} table inside other code (line ${found.line}), so it cannot be edited safely: add the missing auth columns by hand`,
      };
    }
    if (!found.exportName) {
      return {
        unsupported: `${filePath} defines the ${table.name} table (line ${found.line}) without exporting it: export it, the auth adapter imports it`,
      };
    }
    if (!found.columns) {
      return {
        unsupported: `${filePath}: the columns of the ${table.name} table (line ${found.line}) are not written as an object, so they cannot be added to safely`,
      };
    }
    names[table.name] = found.exportName;
    const missing: Column[] = [];
    for (const column of table.columns) {
      const existing = found.columns.entries.find((entry) => isColumn(column, entry.key, entry.sqlName));
      if (!existing) {
        if (found.columns.entries.some((entry) => entry.key === column.field)) {
          return {
            unsupported: `${filePath}: the ${table.name} table's property "${column.field}" is not the ${column.name} column the auth adapter reads through it`,
          };
        }
        missing.push(column);
        continue;
      }
      if (existing.key !== column.field) {
        return {
          unsupported: `${filePath}: the ${table.name} table's ${column.name} column is the property "${existing.key}", but the auth adapter reads it as "${column.field}": rename the property`,
        };
      }
    }
    if (table.name === "users") {
      const modelColumn = (entry: ColumnEntry) =>
        table.columns.find((column) => isColumn(column, entry.key, entry.sqlName))?.name ?? null;
      const facts = drizzleUsers(found, dialect, filePath, modelColumn);
      if ("unsupported" in facts) return facts;
      users = { idKind: facts.idKind, fill: facts.fill };
      userIdColumn = facts.userIdColumn;
      const email = found.columns.entries.find((entry) => modelColumn(entry) === "email");
      // Two users with one address would make sign-in pick either: the adapter finds users by email.
      if (email && !facts.emailUnique) {
        const q = style.quote;
        insertions.push({ at: email.end, text: `.unique(${q}users_email_key${q})` });
        added.push("users.email unique");
      }
    }
    if (missing.length) {
      const sources = missing.map((column) => {
        const code = drizzleColumnSource(column, dialect, { table: drizzleTableName, builder }).slice(0, -1);
        // The table's other constraints are the app's; the address's uniqueness is the adapter's need.
        return table.name === "users" && column.name === "email" ? `${code}.unique("users_email_key")` : code;
      });
      insertions.push(
        ...listInsertion(
          source,
          found.columns.list,
          sources.map((code) => renderCode(code, style)),
          style,
        ),
      );
      added.push(...missing.map((column) => `${table.name}.${column.name}`));
    }
  }

  for (const table of missingTables) {
    const wanted = drizzleTableName(table);
    names[table.name] = fresh(wanted);
  }
  if (missingTables.length) {
    const tableNames: DrizzleNames = {
      table: (table) => names[table.name] ?? drizzleTableName(table),
      builder,
      userId: userIdColumn,
    };
    // Resolve every builder first, so the imports are complete before the tables are rendered.
    for (const name of drizzleBuilders(dialect, missingTables, userIdColumn)) builder(name);
    const code = missingTables.map((table) => renderCode(drizzleTableSource(table, dialect, tableNames), style));
    const comment = "// Auth tables, added by create-auth (the auth adapter reads them; add columns if you like).";
    const lead = source.length === 0 || source.endsWith("\n") ? "" : style.eol;
    insertions.push({
      at: source.length,
      text: `${lead}${style.eol}${comment}${style.eol}${code.join(style.eol + style.eol)}${style.eol}`,
    });
    added.push(...missingTables.map((table) => table.name));
  }

  // First among insertions at one offset: in an empty module the import precedes the tables.
  if (newImports.size) insertions.unshift(...importInsertion(source, module, dialect, newImports, style));
  const sqlNameOf = new Map(of.map((table) => [drizzleTableName(table), table.name]));
  const result = authTableNames((key) => names[sqlNameOf.get(key) ?? key] ?? key, of);
  if (!insertions.length) return { text: "unchanged", added: [], tables: result, users };
  return { text: applyInsertions(source, insertions), added, tables: result, users };
}

/**
 * Items appended to a braced list the way the list is written: one per line after the last element's line
 * (keeping a comment that ends that line where it is) or, for a list on one line, inline.
 */
function listInsertion(source: string, list: SourceList, items: string[], style: CodeStyle): Insertion[] {
  const last = list.elements.at(-1);
  const lineStart = (at: number) => source.lastIndexOf("\n", at - 1) + 1;
  if (!last) {
    const base = /^[ \t]*/.exec(source.slice(lineStart(list.open)))?.[0] ?? "";
    const inner = base + style.indent;
    return [
      {
        at: list.open + 1,
        text: `${style.eol}${items.map((item) => `${inner}${item},`).join(style.eol)}${style.eol}${base}`,
      },
    ];
  }
  const afterLast = list.trailingComma ? source.indexOf(",", last.end) + 1 : last.end;
  const nextNewline = source.indexOf("\n", afterLast);
  const sameLineAsClose = nextNewline === -1 || nextNewline > list.close;
  if (sameLineAsClose) {
    const text = list.trailingComma ? ` ${items.join(", ")},` : `, ${items.join(", ")}`;
    return [{ at: afterLast, text }];
  }
  const indent = source.slice(lineStart(last.start), last.start);
  const lineEnd = source[nextNewline - 1] === "\r" ? nextNewline - 1 : nextNewline;
  const lines = items.map((item) => `${indent.trim() === "" ? indent : style.indent}${item}`);
  const added = `${style.eol}${lines.join(`,${style.eol}`)}`;
  if (list.trailingComma) return [{ at: lineEnd, text: `${added},` }];
  // The comma goes right after the last element (before a comment on its line), the new items after the line.
  return [
    { at: last.end, text: "," },
    { at: lineEnd, text: added },
  ];
}

function importInsertion(
  source: string,
  module: DrizzleModuleTables,
  dialect: SqlDialect,
  newImports: Map<string, string>,
  style: CodeStyle,
): Insertion[] {
  const specifiers = [...newImports].map(([name, local]) => (name === local ? name : `${name} as ${local}`));
  const existing = module.coreImports.find((entry) => entry.list);
  if (existing?.list) return listInsertion(source, existing.list, specifiers, style);
  const q = style.quote;
  const line = `import { ${specifiers.join(", ")} } from ${q}${drizzleCoreModule(dialect)}${q}${style.semicolons ? ";" : ""}`;
  if (module.lastImportEnd === null) return [{ at: 0, text: `${line}${style.eol}` }];
  const newline = source.indexOf("\n", module.lastImportEnd);
  const at = newline === -1 ? source.length : source[newline - 1] === "\r" ? newline - 1 : newline;
  return [{ at, text: `${style.eol}${line}` }];
}
