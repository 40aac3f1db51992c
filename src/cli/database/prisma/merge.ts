/**
 * The auth models merged into a project's own Prisma schema (one file, or the files of a schema folder).
 * Each auth model (prisma.ts, from the table model) is found in the user's schema by name, or by the table
 * it maps (`@@map("users")`):
 * - missing: the whole model is added (single file: at its end; folder: in `auth.prisma` in the folder);
 * - present: only what is missing is added (fields, the relation back-fields such as `accounts Account[]`,
 *   the keys and indexes the adapter looks rows up by), never touching the user's own fields, attributes,
 *   comments or formatting. New fields join the block's last group of fields when they fit its columns,
 *   else they form a group of their own, aligned as `prisma format` aligns it.
 * The app's User model sets what the auth models reference: their `userId` fields take its id's type (String,
 * Int, BigInt, `String @db.Uuid`; database/prisma/users.ts), its email gains a missing `@unique` (the one edit of a
 * user's line), and its required fields sign-up cannot fill are refused; name (and image) are filled by the
 * adapter instead (`users.fill`).
 * What cannot be merged without changing the user's own lines (a field of another type; another
 * key; a column taken by another field; a model of another name on an auth table) is `unsupported`, with
 * the model and field named, for the user to settle. So is an auth field mapped to another column than the
 * table model's (`emailVerified` without `@map("email_verified")`): one table model serves every tool, and
 * the SQL side (migrations, `auth db prune`) reads columns by name. A model's table name stays the user's.
 */

import { applyInsertions, type Insertion } from "../../edit/insertions.js";
import { passwords, type Table, tables } from "../model.js";
import type { AppUsers } from "../users-table.js";
import {
  blockAttributeString,
  blockLines,
  blockSetting,
  codeOf,
  type PrismaBlock,
  type PrismaField,
  prismaBlocks,
  prismaType,
  providerAlias,
} from "./blocks.js";
import { appendModels, modelInsertions, styleIn, styleOf } from "./insert.js";
import {
  type PrismaProvider,
  prismaDelegateName,
  prismaModelName,
  prismaModelParts,
  prismaModelSource,
  prismaSchema,
} from "./render.js";
import { type PrismaUserId, prismaRequiredFields, prismaUserId } from "./users.js";

export interface PrismaFile {
  path: string;
  text: string;
}

export type PrismaMergeResult =
  | {
      changes: PrismaFile[];
      added: string[];
      /** The User model's id kind and the app's required fields the adapter fills (a new User: text, none). */
      users: AppUsers;
    }
  | { unsupported: string };

/** Where the Prisma CLI looks for a schema first. */
export const DEFAULT_PRISMA_SCHEMA = "prisma/schema.prisma";

/** The file the auth models go to in a schema folder. */
export const AUTH_PRISMA_FILE = "auth.prisma";

interface Located {
  file: PrismaFile;
  block: PrismaBlock;
}

class Unsupported extends Error {}

/** Every auth model, the password provider's too: a field of one of these types is a relation. */
const authModelNames = new Set([...tables, passwords].map(prismaModelName));

function attributeArgument(attributes: string, name: string): string | null {
  return new RegExp(`@${name}\\(\\s*"((?:[^"\\\\]|\\\\.)*)"`).exec(attributes)?.[1] ?? null;
}

const hasAttribute = (attributes: string, name: string) => new RegExp(`@${name}\\b`).test(attributes);

/** The database column of a field: its `@map`, else its own name. */
const columnOf = (field: Pick<PrismaField, "name" | "attributes">) =>
  attributeArgument(field.attributes, "map") ?? field.name;

/** `@@index([userId], map: "x")` → `index:userId`; `@@id(fields: [a, b])` → `id:a,b`. */
function blockAttributeKey(attribute: string): string | null {
  const match = /^@@(id|unique|index)\(\s*(?:fields:\s*)?\[([^\]]*)\]/.exec(attribute.trim());
  if (!match) return null;
  const fields = (match[2] ?? "")
    .split(",")
    .map((field) => field.trim().replace(/\(.*$/, ""))
    .filter(Boolean);
  return `${match[1]}:${fields.join(",")}`;
}

/** The model for an auth table: by name, else by the table it maps; another kind of block by that name conflicts. */
function findModel(located: readonly Located[], modelName: string, table: Table): Located | null {
  const named = located.find(({ block }) => block.name === modelName);
  if (named && named.block.kind !== "model")
    throw new Unsupported(
      `The Prisma schema has a ${named.block.kind} named ${modelName} (${named.file.path}); the auth models need that name for a model.`,
    );
  if (named) return named;
  const mapped = located.find(
    ({ file, block }) => block.kind === "model" && blockAttributeString(file.text, block, "map") === table.name,
  );
  if (mapped)
    throw new Unsupported(
      `model ${mapped.block.name} (${mapped.file.path}) maps the table ${table.name}, which the auth models need as model ${modelName}: the prisma adapter calls the client's ${prismaDelegateName(table)} delegate. Rename the model to ${modelName} (keeping @@map("${table.name}")).`,
    );
  return null;
}

/** `field` is one field's name, or several joined by commas (a composite key). */
function conflict(model: string, field: string, why: string): Unsupported {
  const fields = field.includes(",") ? `fields ${field.split(",").join(", ")}` : `field ${field}`;
  return new Unsupported(
    `model ${model}, ${fields}: ${why}. Change it, or rename your model if it is not the auth one, and run again.`,
  );
}

/** What the app's User model sets for the other auth models and the adapter. */
interface UsersFacts {
  users: AppUsers;
  userId: PrismaUserId | null;
}

/** The User model's id kind and the fields sign-up must be given a value for; throws what cannot work. */
function usersFacts(file: PrismaFile, block: PrismaBlock, models: ReadonlySet<string>): UsersFacts {
  const fields = blockLines(file.text, block).flatMap((line) =>
    line.field && line.kind === "field" ? [line.field] : [],
  );
  const id = fields.find((field) => field.name === "id");
  const facts = id ? prismaUserId(id, block.name) : { idKind: "text" as const, userId: null };
  if ("unsupported" in facts) throw new Unsupported(facts.unsupported);
  const required = prismaRequiredFields(fields, models, block.name, file.path);
  if ("unsupported" in required) throw new Unsupported(required.unsupported);
  return { users: { idKind: facts.idKind, fill: required.fill }, userId: facts.userId };
}

/** The fields and block attributes of an auth model that the user's model lacks; throws on a conflict. */
function missingParts(
  file: PrismaFile,
  block: PrismaBlock,
  table: Table,
  provider: PrismaProvider,
  userId: PrismaUserId | null,
  of: readonly Table[],
): { rows: string[][]; blockAttributes: string[]; emailUnique: Insertion | null } {
  const parts = prismaModelParts(table, provider, userId, of);
  const lines = blockLines(file.text, block);
  const fields = lines.flatMap((line) => (line.field && line.kind === "field" ? [line.field] : []));
  let emailUnique: Insertion | null = null;
  const attributeKeys = new Set(
    lines.flatMap((line) => (line.kind === "blockAttribute" ? [blockAttributeKey(line.text)] : [])),
  );
  const keyedBy = fields.filter((field) => hasAttribute(field.attributes, "id")).map((field) => field.name);
  const blockKey = [...attributeKeys].find((key) => key?.startsWith("id:"));
  const theirKey = blockKey ? `@@id([${blockKey.slice(3)}])` : keyedBy.length ? `${keyedBy.join(", ")} @id` : null;

  const rows: string[][] = [];
  for (const row of parts.rows) {
    const [name = "", type = "", attributes = ""] = row;
    const ours = prismaType(type);
    const existing = fields.find((field) => field.name === name);
    if (authModelNames.has(ours.base)) {
      // A relation: any field of that model type (and list-ness) is the user's own name for it.
      if (fields.some((field) => field.base === ours.base && field.list === ours.list)) continue;
      if (existing) throw conflict(parts.name, name, `it is ${existing.type}; the auth models need ${type} there`);
      rows.push(row);
      continue;
    }
    if (existing) {
      // The app's own User id: its type is the users facts' (usersFacts), which the other models follow.
      const appId = table.name === "users" && name === "id";
      if (!appId && (existing.base !== ours.base || existing.list !== ours.list))
        throw conflict(parts.name, name, `it is ${existing.type}; the auth models need ${type}`);
      // One table model for every tool: what the SQL side (migrations, `auth db prune`) reads by column name
      // must be the same column here.
      const column = attributeArgument(attributes, "map") ?? name;
      if (columnOf(existing) !== column)
        throw conflict(
          parts.name,
          name,
          `it maps the column ${columnOf(existing)}; the auth tables name it ${column} (@map("${column}"))`,
        );
      if (existing.optional && !ours.optional)
        throw conflict(
          parts.name,
          name,
          `it is optional (${existing.type}); the auth models need it required (${type})`,
        );
      if (hasAttribute(attributes, "id") && !hasAttribute(existing.attributes, "id"))
        throw conflict(
          parts.name,
          name,
          `the auth models need it as the key (@id), the model's key is ${theirKey ?? "missing"}`,
        );
      if (
        hasAttribute(attributes, "unique") &&
        !/@(unique|id)\b/.test(existing.attributes) &&
        !attributeKeys.has(`unique:${name}`)
      ) {
        // The adapter finds users by their address: two users with one would make sign-in pick either.
        const line = lines.find((candidate) => candidate.field === existing);
        if (table.name !== "users" || !line)
          throw conflict(parts.name, name, "the adapter finds rows by it, so it needs @unique");
        emailUnique = { at: line.start + codeOf(line.text).trimEnd().length, text: " @unique" };
      }
      continue;
    }
    const column = attributeArgument(attributes, "map") ?? name;
    const taken = fields.find((field) => columnOf(field) === column);
    if (taken)
      throw conflict(parts.name, taken.name, `it holds the column ${column}, which the auth field ${name} needs`);
    if (hasAttribute(attributes, "id") && theirKey)
      throw conflict(parts.name, name, `the auth models need it as the key (@id), the model's key is ${theirKey}`);
    rows.push(row);
  }

  const blockAttributes: string[] = [];
  for (const attribute of parts.blockAttributes) {
    // The table name stays the user's: renaming their table is theirs to decide.
    if (attribute.startsWith("@@map(")) continue;
    const key = blockAttributeKey(attribute);
    if (key === null || attributeKeys.has(key)) continue;
    if (key.startsWith("id:") && theirKey)
      throw conflict(
        parts.name,
        key.slice(3),
        `the auth models need the key ${attribute}, the model's key is ${theirKey}`,
      );
    // An index the adapter's lookups need is already served by a key or unique constraint on the same fields.
    if (
      key.startsWith("index:") &&
      (attributeKeys.has(`id:${key.slice(6)}`) || attributeKeys.has(`unique:${key.slice(6)}`))
    )
      continue;
    blockAttributes.push(attribute);
  }
  return { rows, blockAttributes, emailUnique };
}

/** The directory all the files of a schema folder share. */
function commonDirectory(paths: readonly string[]): string {
  const split = paths.map((path) => path.split("/").slice(0, -1));
  const first = split[0] ?? [];
  let length = first.length;
  for (const parts of split) {
    let index = 0;
    while (index < length && parts[index] === first[index]) index++;
    length = index;
  }
  return first.slice(0, length).join("/");
}

/**
 * Merges the auth models for `provider` into the schema `files` (one file, or every `.prisma` file of a
 * schema folder). Returns only the files that change or are new (`changes: []` when all is there), or why
 * the schema cannot take the models as it is. A "file" layout with no file, or one empty file, gets a
 * whole schema (prisma.ts `prismaSchema`: generator, datasource and models) at that file's path, else at
 * `newFile`: the path the project's Prisma settings name (PrismaProject.schemaPath), prisma/schema.prisma
 * by default.
 */
export function mergePrismaSchema(
  files: readonly PrismaFile[],
  provider: PrismaProvider,
  layout: "file" | "folder",
  newFile: string = DEFAULT_PRISMA_SCHEMA,
  of: readonly Table[] = tables,
): PrismaMergeResult {
  // No schema yet: a whole one (generator, datasource, models), where Prisma looks first, or in the empty
  // file the caller names.
  const blank = files.length === 1 && files[0]?.text.trim() === "" ? files[0] : null;
  if (layout === "file" && (files.length === 0 || blank))
    return {
      changes: [{ path: blank?.path ?? newFile, text: prismaSchema(provider, of) }],
      added: of.map((table) => `model ${prismaModelName(table)}`),
      users: { idKind: "text", fill: [] },
    };
  if (files.length === 0)
    return { unsupported: "The Prisma schema folder has no .prisma file: add one with your datasource first." };
  const located = files.flatMap((file) => prismaBlocks(file.text).map((block) => ({ file, block })));
  for (const { file, block } of located) {
    if (block.kind !== "datasource") continue;
    const theirs = blockSetting(file.text, block, "provider");
    if (theirs !== null && providerAlias(theirs) !== provider)
      return {
        unsupported: `The Prisma schema's datasource ${block.name} (${file.path}) uses the provider "${theirs}", not "${provider}": choose --db to match it.`,
      };
  }

  const style = styleOf(files.map((file) => file.text));
  const insertions = new Map<PrismaFile, Insertion[]>();
  const newModels: string[] = [];
  const added: string[] = [];
  const models = new Set(located.filter(({ block }) => block.kind === "model").map(({ block }) => block.name));
  let facts: UsersFacts = { users: { idKind: "text", fill: [] }, userId: null };
  try {
    for (const table of of) {
      const modelName = prismaModelName(table);
      const found = findModel(located, modelName, table);
      if (!found) {
        newModels.push(prismaModelSource(table, provider, facts.userId, of));
        added.push(`model ${modelName}`);
        continue;
      }
      // The model table lists users first: what references it is read after.
      if (table.name === "users") facts = usersFacts(found.file, found.block, models);
      const missing = missingParts(found.file, found.block, table, provider, facts.userId, of);
      const list = insertions.get(found.file) ?? [];
      if (missing.emailUnique) {
        list.push(missing.emailUnique);
        added.push(`${modelName}.email @unique`);
      }
      insertions.set(found.file, list);
      if (!missing.rows.length && !missing.blockAttributes.length) continue;
      list.push(...modelInsertions(found.file.text, found.block, missing, styleIn(style, found.file.text)));
      added.push(
        ...missing.rows.map(([name]) => `${modelName}.${name}`),
        ...missing.blockAttributes.map((attribute) => `${modelName} ${attribute}`),
      );
    }
  } catch (error) {
    if (error instanceof Unsupported) return { unsupported: error.message };
    throw error;
  }

  const changed = new Map<string, string>();
  for (const [file, list] of insertions) if (list.length) changed.set(file.path, applyInsertions(file.text, list));
  if (newModels.length) {
    const target =
      layout === "folder"
        ? [commonDirectory(files.map((file) => file.path)), AUTH_PRISMA_FILE].filter(Boolean).join("/")
        : // The one schema file; given several, the one holding the most models.
          ([...files].sort(
            (a, b) =>
              located.filter((entry) => entry.file === b && entry.block.kind === "model").length -
              located.filter((entry) => entry.file === a && entry.block.kind === "model").length,
          )[0]?.path ?? "");
    const current = changed.get(target) ?? files.find((file) => file.path === target)?.text ?? null;
    changed.set(target, appendModels(current, newModels, styleIn(style, current)));
  }
  const changes = [...changed].map(([path, text]) => ({ path, text }));
  return { changes, added, users: facts.users };
}
